#!/usr/bin/env python3
"""Lesson mode in a real window (called by .ci/gui_test.sh, under its Xvfb).

Takes the GJK lesson from its first page to its last like a learner: → and the Next
button turn the pages; every question is answered right (a click on the canvas, a
choice, a number typed, a drag), after one wrong answer that must bring the hint and
light up its layer. The right answers come from `collidescope lesson check`, the
command line's own reading of the trace; the window must agree with it. At the end
the progress file holds every page seen and every question answered right.

usage: gui_lesson_test.py BIN DISPLAY ARTIFACTS_DIR
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import time

BIN, DISPLAY, ART = sys.argv[1:4]
LESSON = "gjk"
WORK = tempfile.mkdtemp()
LAYOUT = os.path.join(WORK, "layout.json")
CONFIG = os.path.join(WORK, "config")
ENV = dict(os.environ, DISPLAY=DISPLAY, COLLIDESCOPE_LAYOUT_FILE=LAYOUT,
           COLLIDESCOPE_CONFIG_DIR=CONFIG)


def fail(msg):
    print(f"FAIL: {msg}")
    sys.exit(1)


def xdo(*args):
    subprocess.run(["xdotool", *map(str, args)], env=ENV, check=True)


def layout():
    for _ in range(50):
        try:
            with open(LAYOUT) as f:
                return json.load(f)
        except (OSError, ValueError):
            time.sleep(0.1)
    fail("no layout file")


def wait_for(what, test, seconds=30):
    end = time.time() + seconds
    while time.time() < end:
        d = layout()
        if test(d):
            return d
        time.sleep(0.2)
    fail(f"timed out waiting for {what}; lesson state: {layout().get('lesson')}")


def shot(name):
    subprocess.run(["import", "-window", "root", os.path.join(ART, f"gui-lesson-{name}.png")],
                   env=ENV, check=False)


def press(mark):
    d = wait_for(f"the widget {mark}", lambda d: mark in d["widgets"])
    x, y = (round(v) for v in d["widgets"][mark])
    # A frame sees the pointer over the widget before the click (a slow software-GL
    # frame can otherwise take the move and the click as one).
    xdo("mousemove", x, y)
    time.sleep(0.6)
    xdo("click", "1")
    time.sleep(0.4)


def to_screen(d, space, p):
    """A world (or configuration-space) point in pixels, as the view's camera maps it."""
    vp = d["world_vp"] if space == "world" else d["config_vp"]
    cx, cy, zoom = d["lesson"]["world_camera" if space == "world" else "config_camera"]
    return (vp[0] + vp[2] / 2 + (p[0] - cx) * zoom, vp[1] + vp[3] / 2 - (p[1] - cy) * zoom)


def answers():
    """Page (from 1) -> the answer `lesson check` reads from the trace."""
    out = subprocess.run([BIN, "lesson", "check", LESSON], capture_output=True, text=True,
                         check=True).stdout
    found = {}
    for line in out.splitlines():
        m = re.match(r"\s+page (\d+): (.*)", line)
        if not m:
            continue
        page, text = int(m.group(1)), m.group(2)
        if p := re.search(r"the point \((\S+), (\S+)\) in (the world view|configuration space)", text):
            space = "world" if "world" in p.group(3) else "config"
            found[page] = ("click", space, (float(p.group(1)), float(p.group(2))))
        elif p := re.search(r"drag (\S+) to \((\S+), (\S+)\)", text):
            found[page] = ("drag", p.group(1), (float(p.group(2)), float(p.group(3))))
        elif p := re.search(r"The answer: (-?[0-9.]+)\.$", text):
            found[page] = ("number", p.group(1))
        elif p := re.search(r"The answer: (.*)\.$", text):
            found[page] = ("pick", p.group(1))
        else:
            fail(f"cannot read the answer of page {page}: {text}")
    return found


def pick(d, text):
    choices = d["lesson"]["choices"]
    if text not in choices:
        fail(f"the answer {text!r} is not among the choices {choices}")
    return choices.index(text)


def answer(page, a, d):
    kind = a[0]
    if kind == "pick":
        press(f"lesson_choice_{pick(d, a[1])}")
    elif kind == "number":
        press("lesson_number")
        xdo("type", "--delay", "60", a[1])
        time.sleep(0.3)
        press("lesson_check")
    elif kind == "click":
        x, y = to_screen(d, a[1], a[2])
        # Let a frame see the pointer over the canvas (not the button it came from)
        # before the click.
        xdo("mousemove", round(x), round(y))
        time.sleep(0.8)
        xdo("click", "1")
    elif kind == "drag":
        sx, sy = d["shapes"][a[1]]
        tx, ty = to_screen(d, "world", a[2])
        xdo("mousemove", round(sx), round(sy))
        time.sleep(0.3)
        xdo("mousedown", "1")
        time.sleep(0.3)
        for i in range(1, 13):
            xdo("mousemove", round(sx + (tx - sx) * i / 12), round(sy + (ty - sy) * i / 12))
            time.sleep(0.08)
        time.sleep(0.3)
        xdo("mouseup", "1")


def wrong_then_hint(page, a, d):
    """A wrong answer first: the hint must come, with its layer lit."""
    if a[0] != "pick":
        fail(f"page {page}: the wrong-answer check wants a pick question")
    right = pick(d, a[1])
    press(f"lesson_choice_{1 - right if right < 2 else 0}")
    d = wait_for("the hint", lambda d: d["lesson"]["stage"] == "hinted")
    if not d["lesson"]["lit"]:
        fail("the hint lit no layer")
    print(f"== page {page}: a wrong answer brought the hint, layer {d['lesson']['lit']} lit")
    shot(f"{page:02}-hint")


def wrong_number_then_right(page, a):
    """A number answered wrong with Enter: the hint comes, the box keeps the focus with
    its text selected, so the right number typed straight away (no click, no
    select-all) replaces it and Enter checks it."""
    press("lesson_number")
    wrong = f"{float(a[1]) * 3 + 7:.4f}"
    xdo("type", "--delay", "60", wrong)
    time.sleep(0.3)
    xdo("key", "Return")
    wait_for("the hint after a wrong number", lambda d: d["lesson"]["stage"] == "hinted")
    shot(f"{page:02}-number-hint")
    time.sleep(0.5)
    xdo("type", "--delay", "60", a[1])
    time.sleep(0.3)
    xdo("key", "Return")
    d = wait_for("the right number typed after the hint, without a click",
                 lambda d: d["lesson"]["stage"] in ("right", "shown"))
    if d["lesson"]["stage"] != "right":
        fail(f"page {page}: after a wrong number and its hint, typing {a[1]} and Enter "
             f"did not answer right (the box lost its focus or kept the wrong number): "
             f"{d['lesson']}")
    print(f"== page {page}: a wrong number and Enter brought the hint; {a[1]} typed "
          "straight after (the box kept its focus, its text selected) and Enter: right")


def main():
    expected = answers()
    subprocess.run(["mkdir", "-p", ART])
    app = subprocess.Popen([BIN, "--lesson", LESSON, "--page", "1", "--msaa", "1",
                            "--quit-after", "400"], env=ENV,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        d = wait_for("the lesson's first page", lambda d: (d.get("lesson") or {}).get("page") == 0,
                     seconds=60)
        pages = d["lesson"]["pages"]
        shot("01-start")
        hinted = False
        retyped = False
        for page in range(1, pages + 1):
            d = wait_for(f"page {page}", lambda d, p=page: d["lesson"]["page"] == p - 1)
            time.sleep(0.5)
            d = layout()
            if page in expected:
                a = expected[page]
                if d["lesson"]["stage"] != "open":
                    fail(f"page {page}: the question is {d['lesson']['stage']} before any answer")
                if not hinted and a[0] == "pick":
                    wrong_then_hint(page, a, d)
                    hinted = True
                    d = layout()
                if not retyped and a[0] == "number":
                    wrong_number_then_right(page, a)
                    retyped = True
                else:
                    answer(page, a, d)
                d = wait_for(f"page {page}'s right answer", lambda d: d["lesson"]["stage"] == "right")
                print(f"== page {page}: {a[0]} answered right")
                shot(f"{page:02}-right")
            if page == 1:
                # The keyboard turns the first page; the button the others.
                xdo("mousemove", 200, 400)
                xdo("key", "Right")
            elif page < pages:
                press("lesson_next")
        if not hinted:
            fail("no pick question got a wrong answer")
        if not retyped:
            fail("no number question was answered wrong, then right from the keyboard")
        with open(os.path.join(CONFIG, "lessons.json")) as f:
            progress = json.load(f)["lessons"][LESSON]
        if len(progress["seen"]) != pages or len(progress["right"]) != len(expected):
            fail(f"progress {progress}: expected {pages} pages seen and {len(expected)} right")
        print(f"== the GJK lesson done: {pages} pages, {len(expected)} questions right, progress kept")
        press("lesson_leave")
        wait_for("the lesson to end", lambda d: d.get("lesson") is None)
        xdo("key", "ctrl+q")
        app.wait(timeout=30)
    finally:
        if app.poll() is None:
            app.kill()


main()
