#!/usr/bin/env python3
"""Browser test of the web page (web/dist, built by web/build.sh), with the python3
standard library only: serves the folder on 127.0.0.1, opens it in headless Chromium
driven through the DevTools protocol (a small WebSocket client below), and like a
person: waits for the first frame, checks the canvas is drawn, drags shape B with real
mouse events, steps the algorithm with a click on the panel's "next step" button,
exports the step and saves the scene (both arrive as downloads), checks the URL hash
now holds the new pose and step, reloads the page with that hash and checks the same
scene, pose and step come back, compares a screenshot roughly with
tests/web/reference.png, opens a scene file through the page's file picker, pastes a
pair into the import box with Ctrl+V, opens a broken link, and undoes and redoes a drag.
Then the engines: on a fixed set of pairs Box2D v3 and parry2d in the page answer as
the desktop build's `report --peers` to the bit, the link `report --peers --link`
prints for a pair where Box2D is wrong opens on that pair with Box2D's cell in red,
and "Copy as" offers the tests as downloads. At devicePixelRatio 2 the canvas is drawn
at two pixels per CSS pixel with the same layout; with touch emulation one finger
drags a shape and scrolls the panel, two fingers pan and pinch-zoom, a long press pans;
a 1024×768 tablet folds the panel into a drawer. Screenshots go to ci-artifacts/.

    python3 .ci/web_test.py [--update-reference]
"""

import base64
import functools
import http.server
import json
import os
import re
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIST = os.path.join(ROOT, "web", "dist")
ART = os.path.join(ROOT, "ci-artifacts")
REFERENCE = os.path.join(ROOT, "tests", "web", "reference.png")
WIDTH, HEIGHT = 1280, 800
# The panel's buttons are found by name in the app's layout (`widgets`: the centre of
# each, see gui/panel/widgets.rs), not by their pixels.
PAIR = "A: (0, 0), (2, 0), (1, 1.5)\nB: (1, 1), (3, 1), (2, 3)"
SCENE_FILE = """(version: 1, title: "Opened from a file", shapes: [
    (name: "P", geometry: Circle(radius: 0.5), position: (0.0, 0.0), angle: 0.0),
    (name: "Q", geometry: Box(half_extents: (1.0, 0.5), radius: 0.0), position: (2.0, 0.5), angle: 0.3),
])
"""
# Mean absolute difference per channel (0-255) allowed against the reference.
REFERENCE_THRESHOLD = 6.0
FIRST_FRAME_LIMIT_MS = 10000
DESKTOP = os.path.join(ROOT, "target", "release", "collidescope")
# The engines in the page answer as on the desktop, to the bit: these pairs (scene
# file, A, B) cover every kind of shape, rounded ones, a turning shape and coordinates
# far from the origin. The page's answers are compared with `report --peers`.
ENGINE_PAIRS = [
    ("welcome.ron", "A", "B"),
    ("welcome.ron", "A", "C"),
    ("welcome.ron", "B", "D"),
    ("welcome.ron", "C", "D"),
    ("public_5_point_near_short_edge.ron", "A", "B"),
    ("toi_capsule_polygon.ron", "A", "B"),
    ("gjk_circles.ron", "A", "B"),
    ("epa_rounded.ron", "A", "B"),
    ("huge_coordinates.ron", "A", "B"),
    ("sliver.ron", "A", "B"),
    ("toi_spinning_bar.ron", "Box", "Bar"),
]
# A pair whose Box2D answer is off the exact one: Box2D's time of impact turns the
# short way (under half a turn) and misses the hit; the Peers table marks it red.
DISAGREEMENT = ("toi_spinning_bar.ron", "Box", "Bar", "Box2D v3/TOI t")


def fail(message):
    print(f"FAIL: {message}", file=sys.stderr)
    sys.exit(1)


# ---------------------------------------------------------------- WebSocket (RFC 6455)
class WebSocket:
    """A client for one ws:// URL: text frames out (masked), frames in."""

    def __init__(self, url):
        u = urllib.parse.urlparse(url)
        self.sock = socket.create_connection((u.hostname, u.port), timeout=60)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET {u.path} HTTP/1.1\r\nHost: {u.hostname}:{u.port}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        self.sock.sendall(request.encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise ConnectionError("the DevTools socket closed during the handshake")
            head += chunk
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise ConnectionError(f"no WebSocket upgrade: {head[:200]!r}")

    def send(self, text):
        payload = text.encode()
        n = len(payload)
        header = bytes([0x81])
        if n < 126:
            header += bytes([0x80 | n])
        elif n < 1 << 16:
            header += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", n)
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def _exact(self, n):
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            if not chunk:
                raise ConnectionError("the DevTools socket closed")
            data += chunk
        return data

    def recv(self):
        """The next whole message's text (pings answered, fragments joined)."""
        message = b""
        while True:
            b0, b1 = self._exact(2)
            opcode, n = b0 & 0x0F, b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._exact(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._exact(8))[0]
            payload = self._exact(n)
            if opcode == 0x9:  # ping
                self.sock.sendall(bytes([0x8A, 0x80 | len(payload)]) + b"\0\0\0\0" + payload)
                continue
            if opcode == 0x8:
                raise ConnectionError("the browser closed the DevTools socket")
            message += payload
            if b0 & 0x80:
                return message.decode()


class DevTools:
    """Chrome DevTools protocol calls on one page."""

    def __init__(self, ws_url):
        self.ws = WebSocket(ws_url)
        self.next_id = 0
        self.events = []

    def call(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == self.next_id:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg.get("result", {})
            if "method" in msg:
                self.events.append(msg)

    def wait_event(self, method, what, timeout=20.0):
        """The first event `method` received (the events arrive with call answers)."""
        end = time.time() + timeout
        while time.time() < end:
            for e in self.events:
                if e["method"] == method:
                    self.events.remove(e)
                    return e["params"]
            self.eval("0")  # reads whatever arrived meanwhile
            time.sleep(0.1)
        fail(f"timed out after {timeout:.0f} s waiting for {what}")

    def eval(self, expression):
        r = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expression}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def wait_for(self, expression, what, timeout=60.0):
        end = time.time() + timeout
        while time.time() < end:
            try:
                v = self.eval(expression)
            except RuntimeError:  # the page is between documents
                v = None
            if v:
                return v
            time.sleep(0.1)
        fail(f"timed out after {timeout:.0f} s waiting for {what}")

    def screenshot(self, scale=1.0):
        clip = {"x": 0, "y": 0, "width": WIDTH, "height": HEIGHT, "scale": scale}
        r = self.call("Page.captureScreenshot", format="png", clip=clip)
        return base64.b64decode(r["data"])

    def mouse(self, kind, x, y, buttons=0):
        self.call(
            "Input.dispatchMouseEvent",
            type=kind,
            x=x,
            y=y,
            button="left" if kind != "mouseMoved" or buttons else "none",
            buttons=buttons,
            clickCount=1 if kind != "mouseMoved" else 0,
        )


# ---------------------------------------------------------------- PNG (decode only)
def png_pixels(data):
    """(width, height, channels, rows of bytes) of an 8-bit RGB/RGBA PNG."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + n]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or color not in (2, 6) or interlace:
                raise ValueError(f"unsupported PNG (depth {depth}, colour {color})")
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        c = channels
        if f == 1:
            for i in range(c, stride):
                line[i] = (line[i] + line[i - c]) & 255
        elif f == 2:
            for i in range(stride):
                line[i] = (line[i] + prev[i]) & 255
        elif f == 3:
            for i in range(stride):
                left = line[i - c] if i >= c else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif f == 4:
            for i in range(stride):
                a = line[i - c] if i >= c else 0
                b = prev[i]
                cc = prev[i - c] if i >= c else 0
                p = a + b - cc
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - cc)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else cc)
                line[i] = (line[i] + pred) & 255
        rows.append(line)
        prev = line
    return width, height, channels, rows


def rgb(png):
    w, h, c, rows = png_pixels(png)
    out = bytearray()
    for r in rows:
        if c == 3:
            out += r
        else:
            for i in range(0, len(r), 4):
                out += r[i : i + 3]
    return w, h, bytes(out)


def mean_abs_diff(a, b):
    wa, ha, pa = rgb(a)
    wb, hb, pb = rgb(b)
    if (wa, ha) != (wb, hb):
        return 255.0
    return sum(abs(x - y) for x, y in zip(pa, pb)) / len(pa)


def not_blank(png, what):
    w, h, px = rgb(png)
    lum = [(px[i] + px[i + 1] + px[i + 2]) // 3 for i in range(0, len(px), 3)]
    mean = sum(lum) / len(lum)
    spread = (sum((v - mean) ** 2 for v in lum) / len(lum)) ** 0.5
    colours = len(set(px[i : i + 3] for i in range(0, len(px), 9)))
    print(f"   {what}: {w}x{h}, mean {mean:.1f}, spread {spread:.1f}, {colours} colours")
    if spread < 10 or colours < 50:
        fail(f"{what}: the canvas looks blank (spread {spread:.1f}, {colours} colours)")


# ---------------------------------------------------------------- the scene in the hash
def hash_scene(h):
    """The B shape's position and the view's step, read from the URL hash's RON."""
    text = urllib.parse.unquote(h.lstrip("#"))
    if not text.startswith("scene="):
        fail(f"the hash holds no scene: {h[:80]!r}")
    i = text.find('name:"B"')
    j = text.find("position:(", i)
    if i < 0 or j < 0:
        fail(f"no shape B with a position in the hash: {text[:200]!r}")
    x, y = text[j + len("position:(") : text.find(")", j)].split(",")[:2]
    m = re.search(r"[(,]step:(\d+)", text)
    return float(x), float(y), int(m.group(1)) if m else 0


# ---------------------------------------------------------------- the test
class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # The page navigated away while a file was being sent (a favicon, the module).
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def serve(folder):
    handler = functools.partial(QuietHandler, directory=folder)
    server = QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def start_chromium(profile):
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if not exe:
        fail("chromium is not installed (apt-get install chromium)")
    args = [
        exe, "--headless", "--no-sandbox", "--disable-gpu", "--use-gl=swiftshader",
        "--enable-unsafe-swiftshader", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        f"--user-data-dir={profile}", f"--window-size={WIDTH},{HEIGHT}",
        "--remote-debugging-port=0", "--remote-allow-origins=*", "about:blank",
    ]
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    port_file = os.path.join(profile, "DevToolsActivePort")
    for _ in range(300):
        if os.path.exists(port_file):
            lines = open(port_file).read().split()
            if lines:
                port = int(lines[0])
                pages = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list"))
                page = next(p for p in pages if p.get("type") == "page")
                return proc, page["webSocketDebuggerUrl"]
        time.sleep(0.1)
    proc.kill()
    fail("chromium did not open its DevTools port")


def layout(dt):
    return dt.eval("window.collidescope && window.collidescope.layout")


def reload(dt, what):
    """Reloads the page and waits for the new document's first frame and layout."""
    dt.eval("window.oldDocument = true")
    dt.call("Page.reload", ignoreCache=True)
    dt.wait_for("!window.oldDocument && window.collidescope && "
                "window.collidescope.firstFrameMs && window.collidescope.layout", what)
    time.sleep(1.0)


def open_page(dt, url, what):
    started = time.time()
    dt.call("Page.navigate", url=url)
    ms = dt.wait_for("window.collidescope && window.collidescope.firstFrameMs", what)
    ready = dt.eval("window.collidescope.startedMs") or 0
    print(f"== {what}: first frame {ms:.0f} ms after navigation (the module downloaded, "
          f"compiled and started at {ready:.0f} ms; {time.time() - started:.1f} s)")
    if ms > FIRST_FRAME_LIMIT_MS:
        fail(f"the first frame took {ms:.0f} ms (limit {FIRST_FRAME_LIMIT_MS} ms)")
    dt.wait_for("window.collidescope.layout", "the layout")
    time.sleep(1.0)  # a few frames: fonts, fitted views
    return ms


def drag(dt, start, delta, steps=12):
    (x0, y0), (dx, dy) = start, delta
    dt.mouse("mouseMoved", x0, y0)
    time.sleep(0.1)
    dt.mouse("mousePressed", x0, y0, buttons=1)
    time.sleep(0.1)
    for k in range(1, steps + 1):
        dt.mouse("mouseMoved", x0 + dx * k / steps, y0 + dy * k / steps, buttons=1)
        time.sleep(0.05)
    dt.mouse("mouseReleased", x0 + dx, y0 + dy, buttons=0)
    time.sleep(0.2)


def widget(dt, name):
    """The centre of the panel's widget `name`, from the app's layout."""
    w = (layout(dt) or {}).get("widgets", {})
    if name not in w:
        fail(f"the panel shows no '{name}' now (widgets: {sorted(w)})")
    return w[name]


def press(dt, name):
    click(dt, *widget(dt, name))


def click(dt, x, y):
    # The pointer rests on the widget first: on a loaded machine egui may otherwise see
    # the press before a frame has found the widget under the pointer.
    dt.mouse("mouseMoved", x, y)
    time.sleep(0.3)
    dt.mouse("mousePressed", x, y, buttons=1)
    time.sleep(0.1)
    dt.mouse("mouseReleased", x, y, buttons=0)
    time.sleep(0.3)


def key_chord(dt, key, code, vk, modifiers=2):
    """A key pressed with Ctrl (modifiers 2) as a keyboard would send it."""
    for kind in ("rawKeyDown", "keyUp"):
        dt.call("Input.dispatchKeyEvent", type=kind, modifiers=modifiers, key=key, code=code,
                windowsVirtualKeyCode=vk, nativeVirtualKeyCode=vk)
        time.sleep(0.1)


def downloads(dt):
    """Export this step (PNG rendered in the page), Ctrl+S (the scene file) and P (the
    screenshot) arrive as downloads."""
    press(dt, "export")
    got = dt.wait_for("window.collidescope.downloads.length >= 1 && "
                      "window.collidescope.downloads", "the export download", timeout=20)
    d = got[0]
    if d["name"] != "gjk-step-2.png" or d["mime"] != "image/png" or d["size"] < 10000:
        fail(f"the export download is not the step's PNG: {d}")
    key_chord(dt, "s", "KeyS", 83)
    got = dt.wait_for("window.collidescope.downloads.length >= 2 && "
                      "window.collidescope.downloads", "the scene download (Ctrl+S)", timeout=20)
    d = got[1]
    if d["name"] != "scene.ron" or d["size"] < 200:
        fail(f"Ctrl+S did not offer the scene file: {d}")
    key_chord(dt, "p", "KeyP", 80, modifiers=0)
    got = dt.wait_for("window.collidescope.downloads.length >= 3 && "
                      "window.collidescope.downloads", "the screenshot download (P)", timeout=20)
    shot = got[2]
    if shot["name"] != "collidescope-1.png" or shot["mime"] != "image/png" or shot["size"] < 10000:
        fail(f"P did not offer the screenshot: {shot}")
    print("== downloads: " + ", ".join(f"{x['name']} ({x['size']} bytes)" for x in got))


def open_file(dt):
    """"Open a file…": the page's file picker (answered through DevTools with a scene
    file) delivers the file to the app, which opens it."""
    path = os.path.join(tempfile.mkdtemp(prefix="collidescope-open-"), "opened.ron")
    with open(path, "w") as f:
        f.write(SCENE_FILE)
    dt.call("Page.setInterceptFileChooserDialog", enabled=True)
    press(dt, "files")
    press(dt, "open_file")
    chooser = dt.wait_event("Page.fileChooserOpened", "the file picker")
    dt.call("DOM.setFileInputFiles", files=[path], backendNodeId=chooser["backendNodeId"])
    dt.wait_for("window.collidescope.layout && "
                "Object.keys(window.collidescope.layout.shapes).join() == 'P,Q'",
                "the app to open the picked file (shapes P and Q)", timeout=20)
    shutil.rmtree(os.path.dirname(path), ignore_errors=True)
    time.sleep(0.5)
    save("web-4-opened.png", dt.screenshot())
    print("== a scene file given to the file picker is open: shapes P and Q")


def paste_import(dt):
    """A pair on the clipboard, pasted with Ctrl+V into the import box (the first
    paste pastes it) and imported: the scene becomes that pair."""
    dt.call("Runtime.evaluate", expression=f"navigator.clipboard.writeText({json.dumps(PAIR)})",
            awaitPromise=True)
    click(dt, *widget(dt, "import_box"))
    for kind in ("rawKeyDown", "keyUp"):
        dt.call("Input.dispatchKeyEvent", type=kind, modifiers=2, key="v", code="KeyV",
                windowsVirtualKeyCode=86, nativeVirtualKeyCode=86,
                commands=["paste"] if kind == "rawKeyDown" else [])
        time.sleep(0.2)
    time.sleep(0.3)
    save("web-5-pasted.png", dt.screenshot())
    press(dt, "import")
    time.sleep(0.5)
    shapes = sorted(layout(dt)["shapes"])
    if shapes != ["A", "B"]:
        fail(f"pasting a pair and importing it did not open it: shapes {shapes} "
             "(see ci-artifacts/web-5-pasted.png)")
    print("== a pair pasted from the clipboard (Ctrl+V) and imported: shapes A and B")


def broken_link(dt, base):
    """A link whose scene does not read: the built-in scene opens with the error said,
    and the link stays in the address to be reported."""
    bad = base + "index.html#scene=(version:1,shapes:[(name:%22A%22"
    dt.call("Page.navigate", url=bad)
    reload(dt, "the page on the broken link")  # a new hash alone does not reload
    shapes = sorted(layout(dt)["shapes"])
    if shapes != ["A", "B", "C", "D"]:
        fail(f"a broken link did not open the built-in scene: shapes {shapes}")
    if dt.eval("location.href") != bad:
        fail(f"the broken link was overwritten: {dt.eval('location.href')[:120]}")
    save("web-6-broken-link.png", dt.screenshot())
    print("== a broken link opens the built-in scene, says why, and stays in the address")


def undo_redo(dt):
    """Ctrl+Z undoes a drag (the hash goes back with it), Ctrl+Shift+Z redoes it."""
    b0, h0 = layout(dt)["shapes"]["B"], dt.eval("location.href")
    drag(dt, b0, (-60, 30))
    time.sleep(0.5)
    b1 = layout(dt)["shapes"]["B"]
    key_chord(dt, "z", "KeyZ", 90)
    time.sleep(0.8)
    b2, h2 = layout(dt)["shapes"]["B"], dt.eval("location.href")
    key_chord(dt, "Z", "KeyZ", 90, modifiers=2 | 8)
    time.sleep(0.5)
    b3 = layout(dt)["shapes"]["B"]
    if b1 == b0 or b2 != b0 or b3 != b1:
        fail(f"undo / redo: B at {b0}, dragged {b1}, undone {b2}, redone {b3}")
    # The broken link stayed until this first click; the undone scene is written over it.
    if "scene=" not in h2 or "Welcome" not in h2:
        fail(f"after undo the address does not hold the scene: {h2[:120]}")
    print("== Ctrl+Z undoes the drag, Ctrl+Shift+Z redoes it")


def desktop_report(base, scene, a, b):
    """The desktop's `report --peers --link` on one pair: (the pair's report, link)."""
    if not os.access(DESKTOP, os.X_OK):
        fail(f"{DESKTOP} is missing: cargo build --release first (.ci/web_test.sh does)")
    args = [DESKTOP, "report", os.path.join(ROOT, "scenes", scene), "--pair", f"{a},{b}",
            "--peers", "--link", base + "index.html"]
    r = subprocess.run(args, capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        fail(f"{' '.join(args[1:])}: {r.stderr.strip()}")
    pair = json.loads(r.stdout)["pairs"][0]
    return pair, pair["link"]


def open_link(dt, url, a, b, what):
    """Opens a page link (a new hash alone does not reload) and waits until the app
    shows the pair (a, b) with the engines' answers."""
    dt.call("Page.navigate", url=url)
    reload(dt, what)
    dt.wait_for(f"window.collidescope.peers && window.collidescope.peers.pair && "
                f"window.collidescope.peers.pair.join() == {json.dumps(a + ',' + b)}",
                f"{what}: the pair {a}, {b} with the engines' answers", timeout=20)
    return dt.eval("window.collidescope.peers")


def engines_bit_for_bit(dt, base):
    """Box2D v3 and parry2d compiled into the page answer each pair exactly as the
    desktop build does (every number of `report --peers`, compared as parsed JSON:
    the shortest decimal of each f32, so equal means the same bits)."""
    dt.call("Emulation.setDeviceMetricsOverride", width=WIDTH, height=HEIGHT,
            deviceScaleFactor=1, mobile=False)
    for scene, a, b in ENGINE_PAIRS:
        pair, link = desktop_report(base, scene, a, b)
        got = open_link(dt, link, a, b, f"{scene} {a},{b}")
        want = pair["peers"]
        if got["peers"] != want:
            for engine in sorted(set(want) | set(got["peers"])):
                w, g = want.get(engine), got["peers"].get(engine)
                if w != g:
                    print(f"   {engine} desktop: {json.dumps(w)[:600]}", file=sys.stderr)
                    print(f"   {engine} page:    {json.dumps(g)[:600]}", file=sys.stderr)
            fail(f"{scene} {a},{b}: the page's engines answer differently from the desktop's")
        n = sum(len(json.dumps(v)) for v in want.values())
        print(f"== {scene} {a},{b}: Box2D and parry answer as on the desktop ({n} characters of JSON)")


def disagreement_link(dt, base):
    """`report --peers --link` of a pair where Box2D is wrong opens the page on that
    pair, algorithm and step, with the Peers table showing Box2D's cell in red."""
    scene, a, b, cell = DISAGREEMENT
    pair, link = desktop_report(base, scene, a, b)
    got = open_link(dt, link, a, b, "the disagreement's link")
    if "#peers&scene=" not in link:
        fail(f"the link does not open the Peers section: {link[:120]}")
    view = urllib.parse.unquote(link.split("#peers&scene=", 1)[1])
    algorithm = re.search(r'algorithm:"([a-z_-]+)"', view).group(1)
    step = int(re.search(r"[(,]step:(\d+)", view).group(1))
    shown = layout(dt)
    if shown["algorithm"] != algorithm or shown["step"] != step:
        fail(f"the link opens {shown['algorithm']} step {shown['step']}, "
             f"its view says {algorithm} step {step}")
    off = got["off"]
    if cell not in off:
        fail(f"the Peers table does not mark {cell} in red (red cells: {sorted(off)})")
    x, y = off[cell]
    px, py, pw, ph = panel_rect(dt)
    if not (px <= x < px + pw and py <= y < py + ph):
        fail(f"{cell} is marked red out of the panel's sight at ({x:.0f}, {y:.0f})")
    if got["peers"] != pair["peers"]:
        fail("the disagreement's answers differ from the desktop's")
    save("web-7-disagreement.png", dt.screenshot())
    print(f"== the disagreement's link opens {a},{b}, {algorithm} step {step}; "
          f"{cell} in red at ({x:.0f}, {y:.0f}) (red: {', '.join(sorted(off))})")


def copy_as_downloads(dt, base):
    """The Peers section's "Copy as" also offers each test as a download."""
    dt.call("Page.navigate", url=base + "index.html")
    reload(dt, "the built-in scene")
    if "download_box2d_c" not in layout(dt)["widgets"]:
        press(dt, "peers")  # the section starts closed on a page opened without a link
        time.sleep(0.5)
    before = len(dt.eval("window.collidescope.downloads"))
    for mark, ext, needle in [("download_box2d_c", ".c", "b2"),
                              ("download_parry_rust", ".rs", "parry"),
                              ("download_hex_scene", ".ron", "")]:
        press(dt, mark)
        got = dt.wait_for(f"window.collidescope.downloads.length > {before} && "
                          "window.collidescope.downloads", f"the {mark} download", timeout=20)
        d = got[before]
        before += 1
        if not d["name"].endswith(ext) or d["size"] < 200:
            fail(f"{mark} offered {d}")
    print("== Copy as: the Box2D C test, the parry Rust test and the hex scene as downloads")


def touch(dt, kind, points):
    """One touch event: `points` are (x, y) in CSS pixels, finger k has id k."""
    dt.call("Input.dispatchTouchEvent", type=kind,
            touchPoints=[{"x": x, "y": y, "id": k, "radiusX": 4, "radiusY": 4, "force": 1}
                         for k, (x, y) in enumerate(points)])


def touch_drag(dt, starts, delta, steps=5, hold=0.0):
    """Fingers down at `starts`, (optionally held still `hold` seconds), moved together
    by `delta`, lifted. Without a hold the first move follows at once and goes further
    than a still finger's 8 px: a finger still for half a second is a long press."""
    touch(dt, "touchStart", starts)
    time.sleep(hold)
    for k in range(1, steps + 1):
        touch(dt, "touchMove", [(x + delta[0] * k / steps, y + delta[1] * k / steps)
                                for x, y in starts])
        time.sleep(0.05)
    touch(dt, "touchEnd", [])
    time.sleep(0.4)


def spread_fingers(dt, centre, d0, d1, steps=10):
    """Two fingers on a horizontal line about `centre`, from `d0` to `d1` apart."""
    cx, cy = centre
    touch(dt, "touchStart", [(cx - d0 / 2, cy), (cx + d0 / 2, cy)])
    time.sleep(0.1)
    for k in range(1, steps + 1):
        d = d0 + (d1 - d0) * k / steps
        touch(dt, "touchMove", [(cx - d / 2, cy), (cx + d / 2, cy)])
        time.sleep(0.05)
    touch(dt, "touchEnd", [])
    time.sleep(0.4)


def near(p, q, tol):
    return abs(p[0] - q[0]) <= tol and abs(p[1] - q[1]) <= tol


def touch_gestures(dt, base):
    """With a touch screen: one finger drags a shape, two fingers pan, a pinch zooms
    about the point between the fingers, a long press then a drag pans (the right
    button's drag), and a finger drags the panel's contents up."""
    dt.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
    dt.call("Page.navigate", url=base + "index.html")
    reload(dt, "the page with a touch screen")
    l0 = layout(dt)
    b0, a0 = l0["shapes"]["B"], l0["shapes"]["A"]
    touch_drag(dt, [b0], (-60, 40))
    l1 = layout(dt)
    if not near(l1["shapes"]["B"], (b0[0] - 60, b0[1] + 40), 3) or not near(l1["shapes"]["A"], a0, 1):
        fail(f"one finger did not drag B alone: B {b0} → {l1['shapes']['B']}, "
             f"A {a0} → {l1['shapes']['A']}")
    save("web-8-touch-dragged.png", dt.screenshot())
    print(f"== one finger drags B from ({b0[0]:.0f}, {b0[1]:.0f}) to "
          f"({l1['shapes']['B'][0]:.0f}, {l1['shapes']['B'][1]:.0f})")

    wx, wy, ww, wh = l1["world_vp"]
    empty = (wx + ww * 0.15, wy + wh * 0.85)  # a corner of the world view, no shape there
    a1, b1 = l1["shapes"]["A"], l1["shapes"]["B"]
    touch_drag(dt, [empty, (empty[0] + 80, empty[1] - 10)], (50, -30))
    l2 = layout(dt)
    a2, b2 = l2["shapes"]["A"], l2["shapes"]["B"]
    if not (near(a2, (a1[0] + 50, a1[1] - 30), 4) and near(b2, (b1[0] + 50, b1[1] - 30), 4)):
        fail(f"two fingers did not pan the view by (50, -30): A {a1} → {a2}, B {b1} → {b2}")
    print("== two fingers pan the view with them")

    centre = (wx + ww * 0.5, wy + wh * 0.5)
    spread_fingers(dt, centre, 80, 160)
    l3 = layout(dt)
    a3, b3 = l3["shapes"]["A"], l3["shapes"]["B"]
    before = ((b2[0] - a2[0]) ** 2 + (b2[1] - a2[1]) ** 2) ** 0.5
    after = ((b3[0] - a3[0]) ** 2 + (b3[1] - a3[1]) ** 2) ** 0.5
    # The view zooms about the point between the fingers: A's offset from it grows
    # by the same factor as the distance A-B.
    k = after / before
    off2 = (a2[0] - centre[0], a2[1] - centre[1])
    want = (centre[0] + off2[0] * k, centre[1] + off2[1] * k)
    if not (1.7 < k < 2.3) or not near(a3, want, 4):
        fail(f"spreading two fingers to twice the distance zoomed {k:.2f}× "
             f"(A at {a3}, expected about {want})")
    save("web-9-touch-pinched.png", dt.screenshot())
    print(f"== a pinch to twice the spread zooms {k:.2f}× about the fingers")

    spread_fingers(dt, centre, 160, 80)
    l4 = layout(dt)
    a4 = l4["shapes"]["A"]
    touch_drag(dt, [empty], (-40, 25), hold=0.8)
    l5 = layout(dt)
    a5, b5 = l5["shapes"]["A"], l5["shapes"]["B"]
    if not near(a5, (a4[0] - 40, a4[1] + 25), 4):
        fail(f"a long press then a drag did not pan: A {a4} → {a5}")
    print("== a long press then a drag pans (the right button's drag)")

    mark = "next_step"
    y0 = widget(dt, mark)[1]
    px, py, pw, ph = panel_rect(dt)
    touch_drag(dt, [(px + pw * 0.5, py + ph * 0.75)], (0, -250), steps=10)
    y1 = (layout(dt).get("widgets", {}).get(mark) or [0, -1e9])[1]
    if not y1 < y0 - 100:
        fail(f"a finger dragged up on the panel did not scroll it ('{mark}' at y {y0} → {y1})")
    print(f"== a finger scrolls the panel ('{mark}' from y {y0:.0f} to {y1:.0f})")
    dt.call("Emulation.setTouchEmulationEnabled", enabled=False)


def panel_rect(dt):
    """The panel's rectangle (CSS pixels): right of the views, above the status bar."""
    l = layout(dt)
    x = max(l["world_vp"][0] + l["world_vp"][2], l["config_vp"][0] + l["config_vp"][2])
    h = max(l["world_vp"][3], l["config_vp"][3])
    return x, l["world_vp"][1], WIDTH - x, h


def tablet(dt, base):
    """A 1024×768 tablet: the page fits, and the panel folds away into a drawer (the
    views take the page) and comes back."""
    dt.call("Emulation.setDeviceMetricsOverride", width=1024, height=768, deviceScaleFactor=2,
            mobile=False)
    dt.call("Page.navigate", url=base + "index.html")
    reload(dt, "the page on a tablet")
    clip = {"x": 0, "y": 0, "width": 1024, "height": 768, "scale": 0.5}
    shot = base64.b64decode(dt.call("Page.captureScreenshot", format="png", clip=clip)["data"])
    save("web-10-tablet.png", shot)
    l0 = layout(dt)
    views0 = l0["world_vp"][2] + l0["config_vp"][2]
    press(dt, "drawer")
    time.sleep(0.5)
    l1 = layout(dt)
    views1 = l1["world_vp"][2] + l1["config_vp"][2]
    shot = base64.b64decode(dt.call("Page.captureScreenshot", format="png", clip=clip)["data"])
    save("web-11-tablet-drawer-closed.png", shot)
    if not views1 > views0 + 250:
        fail(f"hiding the panel did not give the views the page ({views0} → {views1} px wide)")
    press(dt, "drawer")
    time.sleep(0.5)
    l2 = layout(dt)
    if abs(l2["world_vp"][2] + l2["config_vp"][2] - views0) > 2 or "next_step" not in l2["widgets"]:
        fail("the drawer's button did not bring the panel back")
    print(f"== 1024×768 tablet: views {views0:.0f} px wide beside the panel, {views1:.0f} px "
          "with the panel in its drawer, and back")
    # A link opens with the Peers table in sight, even where the scene's notes are long
    # and the screen short.
    scene, a, b, cell = DISAGREEMENT
    _, link = desktop_report(base, scene, a, b)
    got = open_link(dt, link, a, b, "the disagreement's link on a tablet")
    time.sleep(0.5)
    got = dt.eval("window.collidescope.peers")
    x, y = got["off"].get(cell, (-1, -1))
    l = layout(dt)
    px = max(l["world_vp"][0] + l["world_vp"][2], l["config_vp"][0] + l["config_vp"][2])
    if not (px <= x < 1024 and 0 <= y < l["world_vp"][3]):
        fail(f"on a tablet the link's {cell} is out of sight at ({x:.0f}, {y:.0f})")
    shot = base64.b64decode(dt.call("Page.captureScreenshot", format="png", clip=clip)["data"])
    save("web-13-tablet-link.png", shot)
    print(f"== on a tablet the disagreement's link shows {cell} in red at ({x:.0f}, {y:.0f})")
    dt.call("Emulation.setDeviceMetricsOverride", width=WIDTH, height=HEIGHT,
            deviceScaleFactor=1, mobile=False)


def hidpi(dt, base, at_one):
    """At devicePixelRatio 2 the canvas has two pixels per CSS pixel each way (crisp
    lines and text), and the page keeps the layout it has at 1: same views, shapes and
    buttons in CSS pixels, a drag still follows the mouse."""
    dt.call("Emulation.setDeviceMetricsOverride", width=WIDTH, height=HEIGHT,
            deviceScaleFactor=2, mobile=False)
    dt.call("Page.navigate", url=base + "index.html")
    reload(dt, "the page at devicePixelRatio 2")
    size = dt.eval("(() => { const c = document.getElementById('glcanvas');"
                   " return [c.width, c.height, c.clientWidth, c.clientHeight,"
                   " window.devicePixelRatio]; })()")
    w, h, cw, ch, dpr = size
    if dpr != 2 or abs(w - 2 * cw) > 1 or abs(h - 2 * ch) > 1:
        fail(f"at devicePixelRatio {dpr} the canvas is {w}×{h} for {cw}×{ch} CSS pixels")
    # The same layout in CSS pixels (text measured at another density moves the panel's
    # edge by a few pixels; a layout in device pixels would be off by hundreds).
    tol = 12
    l2 = layout(dt)
    for key in ("world_vp", "config_vp"):
        if any(abs(p - q) > tol for p, q in zip(l2[key], at_one[key])):
            fail(f"{key} at 2×: {l2[key]}, at 1×: {at_one[key]}")
    for name, p in at_one["shapes"].items():
        if not near(l2["shapes"][name], p, tol):
            fail(f"shape {name} at 2× is at {l2['shapes'][name]}, at 1× at {p}")
    for name in ("next_step", "files"):
        if not near(l2["widgets"][name], at_one["widgets"][name], tol):
            fail(f"'{name}' at 2× is at {l2['widgets'][name]}, at 1× at {at_one['widgets'][name]}")
    save("web-12-dpr2.png", dt.screenshot())  # device pixels: 2560×1600
    not_blank(dt.screenshot(scale=0.25), "at devicePixelRatio 2")
    b = l2["shapes"]["B"]
    drag(dt, b, (-50, 30))
    b2 = layout(dt)["shapes"]["B"]
    if not near(b2, (b[0] - 50, b[1] + 30), 2):
        fail(f"at 2× B did not follow the mouse: {b} → {b2}")
    step = layout(dt)["step"]
    press(dt, "next_step")
    if layout(dt)["step"] != step + 1:
        fail(f"at 2× the click on 'next step' did not step ({step} → {layout(dt)['step']})")
    print(f"== devicePixelRatio 2: canvas {w}×{h} for {cw}×{ch} CSS pixels, same layout as "
          "at 1×, drags and buttons in place")
    dt.call("Emulation.setDeviceMetricsOverride", width=WIDTH, height=HEIGHT,
            deviceScaleFactor=1, mobile=False)


def save(name, png):
    with open(os.path.join(ART, name), "wb") as f:
        f.write(png)


def idle_frames(dt):
    """Repaint on change: with no input the page asks for no animation frames (the loop
    requests one per frame only while something moves)."""
    dt.eval(
        "window.__frames = 0; if (!window.__rafWrapped) { const raf = window.requestAnimationFrame;"
        " window.requestAnimationFrame = (f) => { window.__frames++; return raf(f); };"
        " window.__rafWrapped = true; } 0"
    )
    time.sleep(0.5)
    dt.eval("window.__frames = 0")
    time.sleep(2.0)
    n = dt.eval("window.__frames")
    print(f"== idle page: {n} animation frames requested in 2 s")
    if n > 4:
        fail(f"the idle page keeps drawing: {n} frames in 2 s (repaint on change)")


def resize_redraws(dt):
    """A resized canvas is cleared by the browser; with repaint on change the page must
    draw it again without waiting for input."""
    w, h = WIDTH - 160, HEIGHT - 100
    dt.call("Emulation.setDeviceMetricsOverride", width=w, height=h, deviceScaleFactor=1, mobile=False)
    time.sleep(1.0)
    clip = {"x": 0, "y": 0, "width": w, "height": h, "scale": 0.5}
    png = base64.b64decode(dt.call("Page.captureScreenshot", format="png", clip=clip)["data"])
    not_blank(png, f"resized to {w}x{h} with no input")
    dt.call("Emulation.clearDeviceMetricsOverride")
    time.sleep(1.0)
    not_blank(dt.screenshot(scale=0.5), "back to the full size")


def run(dt, base, update_reference):
    open_page(dt, base + "index.html", "page loaded")
    at_one = layout(dt)
    save("web-1-start.png", dt.screenshot())
    not_blank(dt.screenshot(scale=0.5), "first frame")
    before = layout(dt)
    h0 = dt.wait_for("location.hash", "the scene in the hash")
    x0, y0, s0 = hash_scene(h0)
    bx, by = before["shapes"]["B"]
    print(f"== B on screen at ({bx:.0f}, {by:.0f}); in the hash at ({x0}, {y0}), step {s0}")
    idle_frames(dt)

    drag(dt, (bx, by), (-70, 45))
    after = layout(dt)
    ax, ay = after["shapes"]["B"]
    if abs(ax - (bx - 70)) > 2 or abs(ay - (by + 45)) > 2:
        fail(f"B did not follow the mouse: at ({ax:.0f}, {ay:.0f})")
    press(dt, "next_step")
    stepped = layout(dt)
    if stepped["step"] != after["step"] + 1:
        fail(f"the click on 'next step' did not step: {after['step']} → {stepped['step']}")
    time.sleep(0.6)  # the hash follows at most four times a second
    h1 = dt.eval("location.hash")
    x1, y1, s1 = hash_scene(h1)
    print(f"== after the drag and a step: B at ({x1}, {y1}), step {s1} in the hash")
    if not (x1 < x0 and y1 < y0):
        fail(f"the hash does not hold the new pose: B at ({x1}, {y1}), was ({x0}, {y0})")
    if s1 != stepped["step"]:
        fail(f"the hash holds step {s1}, the app shows {stepped['step']}")
    shot = dt.screenshot(scale=0.5)
    save("web-2-dragged-stepped.png", dt.screenshot())
    downloads(dt)

    href = dt.eval("location.href")
    reload(dt, "the reload")
    again = layout(dt)
    rx, ry = again["shapes"]["B"]
    if abs(rx - ax) > 1 or abs(ry - ay) > 1 or again["step"] != stepped["step"]:
        fail(f"the reload does not show the same: B at ({rx}, {ry}) step {again['step']}, "
             f"was ({ax}, {ay}) step {stepped['step']}")
    if dt.eval("location.href") != href:
        fail("the hash changed after the reload, though nothing was edited")
    reloaded = dt.screenshot(scale=0.5)
    d = mean_abs_diff(shot, reloaded)
    print(f"== reloaded from the link: same pose and step; screenshots differ by {d:.2f}")
    if d > REFERENCE_THRESHOLD:
        fail(f"the reloaded page looks different (mean abs difference {d:.2f})")
    save("web-3-reloaded.png", dt.screenshot())
    save("web-3-reloaded-small.png", reloaded)

    if update_reference:
        os.makedirs(os.path.dirname(REFERENCE), exist_ok=True)
        with open(REFERENCE, "wb") as f:
            f.write(reloaded)
        print(f"== wrote {os.path.relpath(REFERENCE, ROOT)}")
    elif not os.path.exists(REFERENCE):
        fail(f"no reference picture {REFERENCE} (run with --update-reference)")
    else:
        d = mean_abs_diff(open(REFERENCE, "rb").read(), reloaded)
        print(f"== against tests/web/reference.png: mean abs difference {d:.2f} "
              f"(allowed {REFERENCE_THRESHOLD})")
        if d > REFERENCE_THRESHOLD:
            fail("the page looks different from tests/web/reference.png "
                 "(see ci-artifacts/web-3-reloaded-small.png)")
    open_file(dt)
    paste_import(dt)
    broken_link(dt, base)
    undo_redo(dt)
    resize_redraws(dt)
    engines_bit_for_bit(dt, base)
    disagreement_link(dt, base)
    copy_as_downloads(dt, base)
    hidpi(dt, base, at_one)
    touch_gestures(dt, base)
    tablet(dt, base)
    lesson(dt, base)


def lesson(dt, base):
    """A lesson from its link: #lesson=chains&page=1 opens it; every question answered
    right (choices and a drag, the answers from `collidescope lesson check`), after a
    wrong answer that must bring the hint and light its layer; the address follows the
    page; the progress is kept in local storage and a link to a later page opens it."""
    check = subprocess.run(["cargo", "run", "--release", "--quiet", "--", "lesson", "check",
                            "chains"], cwd=ROOT, capture_output=True, text=True)
    if check.returncode != 0:
        fail(f"lesson check chains: {check.stderr}")
    expected = {}
    for line in check.stdout.splitlines():
        m = re.match(r"\s+page (\d+): (.*)", line)
        if not m:
            continue
        if d := re.search(r"drag (\S+) to \((\S+), (\S+)\)", m.group(2)):
            expected[int(m.group(1))] = ("drag", d.group(1), float(d.group(2)), float(d.group(3)))
        elif a := re.search(r"The answer: (.*)\.$", m.group(2)):
            expected[int(m.group(1))] = ("pick", a.group(1))
    dt.eval("localStorage.removeItem('collidescope-lessons')")
    dt.call("Page.navigate", url=base + "index.html#lesson=chains&page=1")
    reload(dt, "the chains lesson from its link")  # a new hash alone does not reload
    state = lambda: (layout(dt) or {}).get("lesson") or {}
    pages = state().get("pages", 0)
    if state().get("id") != "chains" or state().get("page") != 0 or pages < 8:
        fail(f"#lesson=chains&page=1 did not open the lesson's first page: {state()}")
    hinted = False
    for page in range(1, pages + 1):
        dt.wait_for(f"(window.collidescope.layout.lesson || {{}}).page === {page - 1}",
                    f"lesson page {page}")
        time.sleep(0.5)
        h = dt.eval("location.hash")
        if h != f"#lesson=chains&page={page}":
            fail(f"on page {page} the address is {h!r}")
        a = expected.get(page)
        if a and a[0] == "pick":
            choices = state()["choices"]
            right = choices.index(a[1])
            if not hinted:
                press(dt, f"lesson_choice_{1 - right}")
                dt.wait_for("window.collidescope.layout.lesson.stage === 'hinted'", "the hint")
                if state()["lit"] != "Chains":
                    fail(f"the hint lit {state()['lit']!r}, not the chains")
                save("web-lesson-hint.png", dt.screenshot())
                print(f"== lesson page {page}: a wrong answer brought the hint, the chains lit")
                hinted = True
            press(dt, f"lesson_choice_{right}")
        elif a and a[0] == "drag":
            d = layout(dt)
            sx, sy = d["shapes"][a[1]]
            vp = d["world_vp"]
            cx, cy, zoom = state()["world_camera"]
            tx = vp[0] + vp[2] / 2 + (a[2] - cx) * zoom
            ty = vp[1] + vp[3] / 2 - (a[3] - cy) * zoom
            drag(dt, (sx, sy), (tx - sx, ty - sy))
        if a:
            dt.wait_for("window.collidescope.layout.lesson.stage === 'right'",
                        f"page {page}'s right answer")
            print(f"== lesson page {page}: {a[0]} answered right")
        if page < pages:
            press(dt, "lesson_next")
    save("web-lesson-last.png", dt.screenshot())
    progress = json.loads(dt.eval("localStorage.getItem('collidescope-lessons')") or "{}")
    kept = progress.get("lessons", {}).get("chains", {})
    if len(kept.get("seen", [])) != pages or len(kept.get("right", [])) != len(expected):
        fail(f"local storage holds {kept}: expected {pages} pages seen, {len(expected)} right")
    dt.call("Page.navigate", url=base + "index.html#lesson=chains&page=3")
    reload(dt, "a link to the lesson's page 3")
    if state().get("page") != 2:
        fail(f"#lesson=chains&page=3 opened {state()}")
    print(f"== the chains lesson done on the web: {pages} pages, {len(expected)} right, "
          "progress in local storage, page links")


def main():
    update_reference = "--update-reference" in sys.argv
    if not os.path.exists(os.path.join(DIST, "collidescope.wasm")):
        fail("web/dist/collidescope.wasm is missing: run bash web/build.sh first")
    os.makedirs(ART, exist_ok=True)
    server = serve(DIST)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    profile = tempfile.mkdtemp(prefix="collidescope-chromium-")
    proc, ws_url = start_chromium(profile)
    try:
        dt = DevTools(ws_url)
        dt.call("Page.enable")
        dt.call("Runtime.enable")
        # Downloads are counted by the page (window.collidescope.downloads), not kept.
        dt.call("Browser.setDownloadBehavior", behavior="deny")
        origin = base.rstrip("/")
        dt.call("Browser.grantPermissions", origin=origin,
                permissions=["clipboardReadWrite", "clipboardSanitizedWrite"])
        # The page is the whole window (a headless window's viewport is smaller).
        dt.call("Emulation.setDeviceMetricsOverride", width=WIDTH, height=HEIGHT,
                deviceScaleFactor=1, mobile=False)
        run(dt, base, update_reference)
        print("== web test passed")
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        server.shutdown()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    main()
