#!/usr/bin/env bash
# Real-window test of a Box2D recording: open recordings/tiled_floor.b2rec under Xvfb,
# wait for its check in a child process, scrub 10 frames with the arrow key (the bottom
# bar stays put and shows several rows of contacts; the panel's head says what is
# shown), pick the first contact (Down) and open the pair in the debugger (Enter); T
# there builds the pair's timeline, docked under the views (not over them; the world view
# keeps its width), whose frames the wheel zooms; then back to the world (Escape) at the same frame; a
# truncated copy of the recording opens framed by its shapes with a warning; then a pair track
# opens at its first frame with its timeline and Page Down steps it; then a world file
# runs live: it plays, a body dragged with the mouse goes elsewhere than left alone,
# R records, the recording opens and scrubs, is saved, two shapes clicked open their
# pair, and the live world is taken up again, where Shift+click opens a pair. The world
# view zooms with the wheel, pans with a right drag and fits with F. Reads the app's
# layout file; keeps screenshots in ci-artifacts/. COLLIDESCOPE_BIN runs another binary (default: the
# release build).
set -euo pipefail
cd "$(dirname "$0")/.."
. .ci/install_missing.sh

need=()
for pkg_cmd in "xvfb:Xvfb" "xdotool:xdotool" "imagemagick:import" "python3:python3"; do
  command -v "${pkg_cmd#*:}" >/dev/null 2>&1 || need+=("${pkg_cmd%%:*}")
done
for lib in libGL.so.1:libgl1 libX11.so.6:libx11-6 libXi.so.6:libxi6 libxkbcommon.so.0:libxkbcommon0; do
  ldconfig -p | grep -q "${lib%%:*}" || need+=("${lib#*:}")
done
install_missing "${need[@]}"

if [ -z "${COLLIDESCOPE_BIN:-}" ]; then
  cargo build --release --quiet
  bin="$(realpath "${CARGO_TARGET_DIR:-target}")/release/collidescope"
else
  bin="$COLLIDESCOPE_BIN"
fi
work=$(mktemp -d)
art=ci-artifacts
mkdir -p "$art"

xvfb_pid=""
app_pid=""
cleanup() {
  [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null || true
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
. .ci/xvfb.sh
start_xvfb ":${COLLIDESCOPE_TEST_DISPLAY:-96}" 1280x800x24

COLLIDESCOPE_LAYOUT_FILE="$work/layout.json" "$bin" recordings/tiled_floor.b2rec --msaa 1 \
  --quit-after 300 >"$work/app.log" 2>&1 &
app_pid=$!
timeout 60 xdotool search --sync --onlyvisible --name Collidescope >/dev/null

# Waits until the layout file's value at PATH (python expression on `d`) is true.
wait_for() {
  for _ in $(seq 300); do
    if [ -s "$work/layout.json" ] && python3 -c "import json,sys; d=json.load(open('$work/layout.json')); sys.exit(0 if ($1) else 1)" 2>/dev/null; then
      return 0
    fi
    sleep 0.1
  done
  echo "FAIL: timed out waiting for: $1"; cat "$work/layout.json" 2>/dev/null; cat "$work/app.log"; exit 1
}

wait_for "d['recording']['phase'] == 'ready'"
echo "== the recording is checked and open"
# The side panel holds only the recording's own sections (its frame, its pair, its
# bodies, the window's settings): none of the debugger's, which are another scene's.
wait_for "d['sections'] == ['World', 'Window'] and 'own sections' in d['recording']['below']"
echo "== the panel shows only the recording's sections: $(python3 -c "import json; print(json.load(open('$work/layout.json'))['sections'])")"
# Frame 0 has no contact to pick: the panel's head says so, and what leads to a pair.
wait_for "'Frame 0 has no touching contacts' in d['recording']['below'] and 'pick a contact' not in d['recording']['below']"
echo "== frame 0: the panel's head says the frame has no touching contacts (not \"pick a contact\")"
# The debugger's scene behind the recording (the built-in one), given back on close.
scene0=$(python3 -c "import json; print(sorted(json.load(open('$work/layout.json'))['shapes']))")
# Reads a python expression on the layout file's `r` (the recording's part).
rj() { python3 -c "import json; r=json.load(open('$work/layout.json'))['recording']; print($1)"; }
wait_for "d['recording']['buttons'].get('jump')"
jump0=$(rj "r['buttons']['jump'][1]")
# One key per frame: two presses of a key within one frame count once.
for k in $(seq 10); do xdotool key Right; wait_for "d['recording']['frame'] == $k"; done
wait_for "d['recording']['frame'] == 10 and d['recording']['contacts'] > 0"
wait_for "'frame 10 of 300' in d['recording']['note']"
jump10=$(rj "r['buttons']['jump'][1]")
list=$(rj "r['list_px']")
python3 -c "import sys; sys.exit(0 if abs($jump0 - $jump10) < 0.5 and $list >= 6 * 20 else 1)" \
  || { echo "FAIL: the bottom bar moved (jump box at y $jump0, then $jump10) or its list shows under 6 rows ($list px)"; exit 1; }
echo "== scrubbed to frame 10: the bottom bar stayed put (y $jump10), its list is $list px high"
# The world view's width before any timeline is open (a timeline takes height, not width).
world_w=$(rj "r['view'][2]")
import -window root "$art/gui-recording-1-world.png"
python3 -c "import sys; sys.exit(0 if $(rj "r['buttons']['sort_pair'][1]") < $(rj "r['buttons']['list_top'][1]") else 1)" \
  || { echo "FAIL: the contact list's header is not above its scrolling rows"; exit 1; }
echo "== the contact list's header sits above its scrolling rows"

# The world view's own camera: the wheel zooms about the cursor (the box stays under
# it), a right drag pans by the drag, F fits the world again.
read -r bx by < <(rj "'%d %d' % tuple(r['bodies']['box'][:2])")
xdotool mousemove "$bx" "$by"; sleep 0.2
for _ in 1 2 3 4 5; do xdotool click 4; sleep 0.1; done
wait_for "d['recording']['zoom'] > 1.5"
python3 -c "import sys; x, y = $(rj "r['bodies']['box'][:2]"); sys.exit(0 if abs(x - $bx) <= 2 and abs(y - $by) <= 2 else 1)" \
  || { echo "FAIL: zooming about the box moved it from ($bx, $by) to $(rj "r['bodies']['box'][:2]")"; exit 1; }
xdotool mousedown 3; sleep 0.2; xdotool mousemove $((bx + 60)) $((by + 30)); sleep 0.2
xdotool mousemove $((bx + 100)) $((by + 40)); sleep 0.3; xdotool mouseup 3
wait_for "abs(d['recording']['bodies']['box'][0] - ($bx + 100)) <= 2 and abs(d['recording']['bodies']['box'][1] - ($by + 40)) <= 2"
echo "== the world view zoomed $(rj "round(r['zoom'], 2)")x about the box and panned with a right drag"
import -window root "$art/gui-recording-1b-zoomed.png"
xdotool key f
wait_for "d['recording']['zoom'] == 1 and abs(d['recording']['bodies']['box'][0] - $bx) <= 2"
echo "== F fits the world again"

xdotool key Down; sleep 0.3
xdotool key Return
wait_for "not d['recording']['world'] and 'box' in d['shapes'] and d['algorithm'] == 'manifold'"
# The debugger's sections are back, the pair's (and say so); no lesson to replace it.
wait_for "'Algorithm and steps' in d['sections'] and 'Peers' in d['sections'] and 'World' not in d['sections'] and 'Lessons' not in d['sections']"
wait_for "\"this pair's: box / ground\" in d['recording']['below'] and 'at frame 10' in d['recording']['below']"
echo "== the pair at frame 10 is open in the debugger: $(python3 -c "import json; print(list(json.load(open('$work/layout.json'))['shapes']))")"
import -window root "$art/gui-recording-2-pair.png"

# T in the debugger: the pair's timeline over the whole recording, built in the
# background, docked left of the views.
xdotool key t
wait_for "d['recording']['timeline'] and d['recording']['timeline']['open'] and not d['recording']['timeline']['busy'] and d['recording']['timeline']['rows'] > 0 and d['recording']['timeline']['placed']"
echo "== the pair's contact timeline: $(rj "r['timeline']['rows']") frames, $(rj "r['timeline']['markers']") markers"

xdotool key Escape
wait_for "d['recording']['world'] and d['recording']['frame'] == 10"
wait_for "d['sections'] == ['World', 'Window'] and 'the pair last opened was box' in d['recording']['below']"
echo "== back to the world at frame 10, the panel the recording's again"
wait_for "(lambda v, t: v[1] + v[3] <= t[1] + 1 and abs(v[2] - $world_w) <= 1)(d['recording']['view'], d['recording']['timeline']['placed']['rect'])"
echo "== the timeline (from y $(rj "r['timeline']['placed']['rect'][1]")) is under the world view (to y $(rj "r['view'][1] + r['view'][3]")), not over it; the view keeps its width ($world_w px)"
# The world view keeps at least half of the height the timeline and it share (the
# lanes shrink, then scroll): at 1280x800 the timeline once left it 160 px.
wait_for "(lambda v, t: v[3] >= (t[3] - t[1]) - 1)(d['recording']['view'], d['recording']['timeline']['placed']['rect'])"
echo "== the world view is $(rj "round(r['view'][3])") px tall over the timeline's $(rj "round(r['timeline']['placed']['rect'][3] - r['timeline']['placed']['rect'][1])") px"
import -window root "$art/gui-recording-3-back.png"

# The wheel over a lane zooms the frames of all lanes.
read -r ix iy < <(rj "'%d %d' % tuple(r['timeline']['placed']['ids_lane'])")
whole=$(rj "r['timeline']['placed']['frames'][1] - r['timeline']['placed']['frames'][0]")
xdotool mousemove "$ix" "$iy"; sleep 0.2
for _ in 1 2 3 4 5; do xdotool click 4; sleep 0.1; done
wait_for "(lambda f: f[1] - f[0] < 0.8 * $whole)(d['recording']['timeline']['placed']['frames'])"
echo "== the wheel zoomed the lanes from $whole frames to $(rj "round(r['timeline']['placed']['frames'][1] - r['timeline']['placed']['frames'][0])")"
import -window root "$art/gui-recording-4-timeline.png"
# Close recording: back to the debugger with the scene it had before the recording (a
# pair opened from it replaced that scene in the debugger), and its sections.
read -r cx cy < <(rj "'%d %d' % tuple(r['buttons']['close'])")
xdotool mousemove "$cx" "$cy"; sleep 0.5; xdotool click 1
wait_for "d['recording'] is None and str(sorted(d['shapes'])) == \"$scene0\" and 'Algorithm and steps' in d['sections'] and 'World' not in d['sections']"
echo "== Close recording: the debugger's own scene is back (shapes $scene0)"
import -window root "$art/gui-recording-4b-closed.png"
kill "$app_pid" 2>/dev/null || true
wait "$app_pid" 2>/dev/null || true

# A recording cut short: it opens with what it holds, framed by its shapes (its
# bounds were never written), with a warning.
head -c 20000 recordings/tiled_floor.b2rec >"$work/cut.b2rec"
rm -f "$work/layout.json"
COLLIDESCOPE_LAYOUT_FILE="$work/layout.json" "$bin" "$work/cut.b2rec" --msaa 1 \
  --quit-after 240 >"$work/app.log" 2>&1 &
app_pid=$!
wait_for "d['recording'] and d['recording']['phase'] == 'ready' and d['recording']['damaged']"
wait_for "len(d['recording']['bodies']) == 2"
python3 -c "
import json, sys
r = json.load(open('$work/layout.json'))['recording']
(gx, gy), (bx, by) = r['bodies']['ground'][:2], r['bodies']['box'][:2]
x, y, w, h = r['view']
inside = all(x <= px <= x + w and y <= py <= y + h for px, py in [(gx, gy), (bx, by)])
sys.exit(0 if inside and abs(gx - bx) > 50 else 1)" \
  || { echo "FAIL: the truncated recording's world is not framed: $(rj "r['bodies'], r['view']")"; exit 1; }
echo "== a truncated recording opens framed by its shapes, with a warning"
import -window root "$art/gui-recording-4b-truncated.png"
kill "$app_pid" 2>/dev/null || true
wait "$app_pid" 2>/dev/null || true

# A pair track (any engine's pair over time, here a ball falling on a box, written by
# hand): it opens at frame 0 with its timeline; Page Down opens the next frames' pairs.
python3 - "$work/fall.ron" <<'PY'
import sys
frames = ",\n        ".join(
    f"(a: ((0.0, 0.0), (1.0, 0.0)), b: ((0.0, {1.0 - 0.03 * k:.4f}), (1.0, 0.0)))" for k in range(30))
open(sys.argv[1], "w").write(f"""(
    version: 1,
    engine: "fall.py",
    a: (name: "box", geometry: Polygon(points: [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)], radius: 0.0)),
    b: (name: "ball", geometry: Circle(radius: 0.25)),
    frames: [
        {frames},
    ],
)
""")
PY
rm -f "$work/layout.json"
COLLIDESCOPE_LAYOUT_FILE="$work/layout.json" "$bin" "$work/fall.ron" --msaa 1 \
  --quit-after 240 >"$work/app.log" 2>&1 &
app_pid=$!
wait_for "d['recording'] and d['recording']['track'] and d['recording']['frame'] == 0 and sorted(d['shapes']) == ['ball', 'box']"
wait_for "not d['recording']['timeline']['busy'] and d['recording']['timeline']['rows'] == 30"
for k in $(seq 10); do xdotool key Next; wait_for "d['recording']['frame'] == $k"; done
echo "== a pair track: its timeline (30 frames) and the pair at frame 10 in the debugger"
import -window root "$art/gui-recording-5-track.png"
kill "$app_pid" 2>/dev/null || true
wait "$app_pid" 2>/dev/null || true

# A world file, live: a crate on the ground, a ball beside it.
cat >"$work/drag.ron" <<'RON'
(
    version: 1,
    title: "A crate to drag",
    bodies: [
        (name: "ground", type: Static, position: (0.0, 0.0), angle: 0.0,
         shapes: [(geometry: Box(half_extents: (10.0, 0.5)))]),
        (name: "crate", type: Dynamic, position: (4.0, 1.0), angle: 0.0,
         shapes: [(geometry: Box(half_extents: (0.5, 0.5)))]),
        (name: "ball", type: Dynamic, position: (-4.0, 3.0), angle: 0.0,
         shapes: [(geometry: Circle(radius: 0.5))]),
    ],
)
RON
rm -f "$work/layout.json"
mkdir -p "$work/tmp"
TMPDIR="$work/tmp" COLLIDESCOPE_LAYOUT_FILE="$work/layout.json" "$bin" "$work/drag.ron" --msaa 1 \
  --quit-after 300 >"$work/app.log" 2>&1 &
app_pid=$!
wait_for "d['recording'] and d['recording']['phase'] == 'live' and d['recording']['live']['step'] == 0"
wait_for "d['sections'] == ['World', 'Window']"
step() {  # → steps once: one key per frame, each waited for.
  for _ in $(seq "$1"); do
    local s; s=$(rj "r['live']['step']")
    xdotool key Right; wait_for "d['recording']['live']['step'] == $((s + 1))"
  done
}
xdotool key space
wait_for "d['recording']['live']['step'] >= 20"
xdotool key space
wait_for "not d['recording']['live']['playing']"
echo "== the world plays live: step $(rj "r['live']['step']"), the ball at $(rj "r['bodies']['ball'][2:]")"
xdotool key Home
wait_for "d['recording']['live']['step'] == 0"
step 30
alone=$(rj "r['bodies']['crate'][3]")
xdotool key Home
wait_for "d['recording']['live']['step'] == 0"
read -r cx cy < <(rj "'%d %d' % tuple(r['bodies']['crate'][:2])")
xdotool mousemove "$cx" "$cy"; sleep 0.2
xdotool mousedown 1
wait_for "d['recording']['live']['dragging']"
xdotool mousemove "$cx" $((cy - 120)); sleep 0.3
step 30
import -window root "$art/gui-recording-6-drag.png"
xdotool mouseup 1
wait_for "not d['recording']['live']['dragging']"
dragged=$(rj "r['bodies']['crate'][3]")
python3 -c "import sys; a, b = $alone, $dragged; sys.exit(0 if b > a + 1.0 else 1)" \
  || { echo "FAIL: the dragged crate (y $dragged) went no higher than left alone (y $alone)"; exit 1; }
echo "== after 30 steps the crate left alone is at y $alone, dragged up at y $dragged"

# Record 40 steps (a drag in them), stop: the recording opens in the recording's view.
read -r bx by < <(rj "'%d %d' % tuple(r['buttons']['record'])")
xdotool mousemove "$bx" "$by" click 1
wait_for "d['recording']['live']['recording']"
read -r cx cy < <(rj "'%d %d' % tuple(r['bodies']['crate'][:2])")
xdotool mousemove "$cx" "$cy"; sleep 0.2; xdotool mousedown 1
wait_for "d['recording']['live']['dragging']"
xdotool mousemove $((cx + 60)) "$cy"; sleep 0.2
step 20
xdotool mouseup 1
wait_for "not d['recording']['live']['dragging']"
step 20
live_step=$(rj "r['live']['step']")
wait_for "d['recording']['live']['recorded'] == 40"
xdotool key r
wait_for "d['recording']['phase'] == 'ready' and d['recording']['from_live'] and d['recording']['frame'] == 0"
xdotool key End
wait_for "d['recording']['frame'] == 40"
for k in $(seq 39 -1 30); do xdotool key Left; wait_for "d['recording']['frame'] == $k"; done
echo "== the 40 steps recorded opened, scrubbed to frame 30"
import -window root "$art/gui-recording-7-recorded.png"

# Save it (written whole, then renamed): the command line replays it.
read -r sx sy < <(rj "'%d %d' % tuple(r['buttons']['save_recording'])")
xdotool mousemove "$sx" "$sy" click 1
for _ in $(seq 100); do [ -s "$work/drag-live.b2rec" ] && break; sleep 0.1; done
"$bin" replay "$work/drag-live.b2rec" >"$work/replay.jsonl"
head -1 "$work/replay.jsonl" | python3 -c "import json,sys; s=json.load(sys.stdin); sys.exit(0 if s['recording']['frames'] == 40 else 1)" \
  || { echo "FAIL: the saved recording does not replay 40 frames"; exit 1; }
echo "== saved as drag-live.b2rec: it replays 40 frames"

# Two shapes clicked: the first is picked, the second opens the pair at this frame.
read -r cx cy < <(rj "'%d %d' % tuple(r['bodies']['crate'][:2])")
xdotool mousemove "$cx" "$cy" click 1
wait_for "d['recording']['pick'] == 'crate'"
read -r gx gy < <(rj "'%d %d' % tuple(r['bodies']['ground'][:2])")
xdotool mousemove "$gx" "$gy" click 1
wait_for "not d['recording']['world'] and sorted(d['shapes']) == ['crate', 'ground']"
echo "== crate and ground clicked: their pair at frame 30 is open in the debugger"
import -window root "$art/gui-recording-8-clicked-pair.png"
xdotool key Escape
wait_for "d['recording']['world'] and d['recording']['frame'] == 30"
read -r lx ly < <(rj "'%d %d' % tuple(r['buttons']['back_to_live'])")
xdotool mousemove "$lx" "$ly" click 1
wait_for "d['recording']['phase'] == 'live' and d['recording']['live']['step'] == $live_step"
echo "== back to the live world at step $live_step"

# In the live world a plain press holds a body: Shift+click picks shapes for a pair
# instead, with the view zoomed about the ground (picking uses the camera drawn).
read -r gx gy < <(rj "'%d %d' % tuple(r['bodies']['ground'][:2])")
xdotool mousemove "$gx" "$gy"; sleep 0.2
for _ in 1 2 3; do xdotool click 4; sleep 0.1; done
wait_for "d['recording']['zoom'] > 1.3"
read -r cx cy < <(rj "'%d %d' % tuple(r['bodies']['crate'][:2])")
xdotool mousemove "$cx" "$cy" keydown shift sleep 0.3 click 1 sleep 0.3 keyup shift
wait_for "d['recording']['pick'] == 'crate' and not d['recording']['live']['dragging']"
xdotool mousemove "$gx" "$gy" keydown shift sleep 0.3 click 1 sleep 0.3 keyup shift
wait_for "not d['recording']['world'] and sorted(d['shapes']) == ['crate', 'ground'] and 'at step $live_step' in d['recording']['note']"
echo "== Shift+click on crate and ground in the live world opened their pair at step $live_step"
import -window root "$art/gui-recording-9-live-pair.png"
xdotool key Escape
wait_for "d['recording']['world'] and d['recording']['phase'] == 'live' and d['recording']['live']['step'] == $live_step"
echo "== back to the live world"

# A run killed while a recording made here is open leaves its temporary file; the next
# run that opens a world live removes it (its process is gone), not another's.
xdotool key r; step 3; xdotool key r
wait_for "d['recording']['from_live'] and d['recording']['phase'] == 'ready'"
left=$(ls -A "$work/tmp" | grep -c '^\.collidescope-live-.*\.tmp$' || true)
[ "$left" = 1 ] || { echo "FAIL: expected one live recording's temporary, found $left: $(ls -A "$work/tmp")"; exit 1; }
kill -KILL "$app_pid"; wait "$app_pid" 2>/dev/null || true
theirs="$work/tmp/.collidescope-live-0.b2rec.collidescope-$$.tmp"
: >"$theirs"
rm -f "$work/layout.json"
TMPDIR="$work/tmp" COLLIDESCOPE_LAYOUT_FILE="$work/layout.json" "$bin" "$work/drag.ron" --msaa 1 \
  --quit-after 240 >"$work/app.log" 2>&1 &
app_pid=$!
wait_for "d['recording'] and d['recording']['phase'] == 'live'"
[ "$(ls -A "$work/tmp")" = "$(basename "$theirs")" ] \
  || { echo "FAIL: after a killed run, the temporaries left are: $(ls -A "$work/tmp")"; exit 1; }
echo "== a killed run's live recording temporary is removed at the next start; a running process's stays"
echo "gui recording test: 1 passed, 0 failed"
