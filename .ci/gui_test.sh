#!/usr/bin/env bash
# Real-window test of the debugger: start it under Xvfb on a test scene, drive it with
# xdotool like a person (drag B onto A, step, switch algorithm, save, quit), then check
# the saved file and the report. Keeps screenshots in ci-artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."
. .ci/install_missing.sh

need=()
for pkg_cmd in "xvfb:Xvfb" "x11-utils:xdpyinfo" "xdotool:xdotool" "imagemagick:import" "python3:python3" "xclip:xclip"; do
  command -v "${pkg_cmd#*:}" >/dev/null 2>&1 || need+=("${pkg_cmd%%:*}")
done
# Libraries macroquad loads at run time.
for lib in libGL.so.1:libgl1 libX11.so.6:libx11-6 libXi.so.6:libxi6 libxkbcommon.so.0:libxkbcommon0; do
  ldconfig -p | grep -q "${lib%%:*}" || need+=("${lib#*:}")
done
install_missing "${need[@]}"

cargo build --release --quiet
bin="$(realpath "${CARGO_TARGET_DIR:-target}")/release/collidescope"
work=$(mktemp -d)
art=ci-artifacts
mkdir -p "$art"
cp tests/gui/two_boxes.ron "$work/scene.ron"
# The preferences (theme, presenter setting) and lesson progress of this run only.
export COLLIDESCOPE_CONFIG_DIR="$work/config"

xvfb_pid=""
app_pid=""
cleanup() {
  [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null || true
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
. .ci/xvfb.sh
start_xvfb ":${COLLIDESCOPE_TEST_DISPLAY:-97}" 1280x800x24

COLLIDESCOPE_LAYOUT_FILE="$work/layout.json" "$bin" "$work/scene.ron" --msaa 1 --quit-after 180 \
  >"$work/app.log" 2>&1 &
app_pid=$!
timeout 60 xdotool search --sync --onlyvisible --name Collidescope >/dev/null
for _ in $(seq 100); do [ -s "$work/layout.json" ] && break; sleep 0.1; done
sleep 1

pos() { python3 -c "import json,sys; d=json.load(open('$work/layout.json')); print(*[int(round(v)) for v in d['shapes']['$1']])"; }
field() { python3 -c "import json; print(json.load(open('$work/layout.json'))['$1'])"; }

read -r bx by < <(pos B)
read -r ax ay < <(pos A)
echo "== B at ($bx, $by), A at ($ax, $ay) on screen"
import -window root "$art/gui-1-start.png"

# Drag B onto A: press on B's centre, move in small steps (one frame apart), release
# just right of A's centre.
xdotool mousemove "$bx" "$by"; sleep 0.3
xdotool mousedown 1; sleep 0.3
tx=$((ax + 40)); ty=$ay
for i in $(seq 1 12); do
  xdotool mousemove $((bx + (tx - bx) * i / 12)) $((by + (ty - by) * i / 12)); sleep 0.08
done
sleep 0.3; xdotool mouseup 1; sleep 0.5
read -r nbx nby < <(pos B)
echo "== B now at ($nbx, $nby)"
[ "$nbx" -lt "$bx" ] || { echo "FAIL: dragging did not move B"; exit 1; }

# EPA (key 2), then step forward three times.
xdotool mousemove $((ax)) $((ay + 150)); sleep 0.2
xdotool key 2; sleep 0.3
for _ in 1 2 3; do xdotool key Right; sleep 0.3; done
[ "$(field algorithm)" = "epa" ] || { echo "FAIL: algorithm is $(field algorithm), expected epa"; exit 1; }
step=$(field step)
echo "== algorithm epa, step $step"
[ "$step" -ge 1 ] || { echo "FAIL: stepping did not advance"; exit 1; }
import -window root "$art/gui-2-epa-stepped.png"

# Play EPA from its first step (Space) to the end: once playback stops, the panel's
# narration is the step it stopped on (the panel is drawn before a frame's tick, so
# the frame that reached the last step is followed by one more), not the one before.
xdotool key Home; sleep 0.3
xdotool key space
for _ in $(seq 150); do
  [ "$(field playing)" = "False" ] && [ "$(field step)" -gt 0 ] && break; sleep 0.1
done
[ "$(field playing)" = "False" ] || { echo "FAIL: EPA still playing after 15 s"; exit 1; }
last=$(field step)
for _ in $(seq 50); do [ "$(field narrated)" = "$last" ] && break; sleep 0.1; done
[ "$(field narrated)" = "$last" ] \
  || { echo "FAIL: playback stopped on step $last, the panel narrates step $(field narrated)"; exit 1; }
echo "== EPA played to step $last and stopped; the panel narrates step $last"
# The scene is saved on this step below.
step=$last

# Idle: repaint on change, so the app sleeps (a frame a second for the close button).
sleep 1
cpu() { awk '{print $14 + $15}' "/proc/$app_pid/stat"; }
c0=$(cpu); sleep 5; c1=$(cpu)
idle=$((c1 - c0))
echo "== idle CPU: $idle ticks of 500 in 5 s ($((idle * 100 / 500)) % of a core)"
[ "$idle" -le 15 ] || { echo "FAIL: idle CPU above 3 % of a core (repaint on change)"; exit 1; }
# The same with a text box focused (a blinking cursor would keep the window drawing).
widget() { python3 -c "import json; d=json.load(open('$work/layout.json')); print(*[int(round(v)) for v in d['widgets']['$1']])"; }
read -r px py < <(widget export_path)
xdotool mousemove "$px" "$py" click 1; sleep 0.5
xdotool mousemove "$ax" $((ay + 150)); sleep 1
c0=$(cpu); sleep 5; c1=$(cpu)
idle=$((c1 - c0))
echo "== idle CPU with a text box focused: $idle ticks of 500 in 5 s"
[ "$idle" -le 15 ] || { echo "FAIL: a focused text box keeps the window drawing"; exit 1; }
# Leave the box (Escape) so the keys below reach the app.
xdotool key Escape; sleep 0.3

# Save (Ctrl+S) and quit (Ctrl+Q; nothing unsaved, so no question).
before=$(stat -c %Y "$work/scene.ron")
sleep 1.1
xdotool key ctrl+s; sleep 0.8
[ "$(field dirty)" = "False" ] || { echo "FAIL: still dirty after Ctrl+S"; cat "$work/app.log"; exit 1; }
[ "$(stat -c %Y "$work/scene.ron")" -gt "$before" ] || { echo "FAIL: the file was not rewritten"; exit 1; }
xdotool key ctrl+q
for _ in $(seq 100); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$app_pid" 2>/dev/null; then echo "FAIL: Ctrl+Q did not quit"; exit 1; fi
app_pid=""

# The saved scene: B moved, the view records the algorithm and the step, and the
# report sees the overlap.
cp "$work/scene.ron" "$art/gui-saved-scene.ron"
grep -q 'algorithm: "epa"' "$work/scene.ron" || { echo "FAIL: view.algorithm not saved"; cat "$work/scene.ron"; exit 1; }
grep -q "step: $step" "$work/scene.ron" || { echo "FAIL: view.step $step not saved"; cat "$work/scene.ron"; exit 1; }
"$bin" report "$work/scene.ron" --pair A,B >"$work/report.json"
python3 - "$work/report.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
p = r["pairs"][0]
assert p["overlap"] is True, p
assert p["penetration"]["depth"] > 0.05, p["penetration"]
print("== report: overlap, depth %.4f" % p["penetration"]["depth"])
PY

# Typing at a low frame rate: the 64-shape scene with multisampling runs a few frames a
# second here, so one frame holds several keys. A name typed fast into the export box
# and Enter must export under exactly that name; none of its letters or digits may
# reach a shortcut ("p" a screenshot, a digit an algorithm) when the box lets go on Enter.
cp benches/data/report_64_shapes.ron "$work/heavy.ron"
(cd "$work" && COLLIDESCOPE_LAYOUT_FILE="$work/layout2.json" exec "$bin" heavy.ron --msaa 4 \
  --quit-after 120 --frame-stats "$work/frames.csv" >"$work/app2.log" 2>&1) &
app_pid=$!
for _ in $(seq 200); do [ -s "$work/layout2.json" ] && break; sleep 0.1; done
sleep 2
field2() { python3 -c "import json; print(json.load(open('$work/layout2.json'))['$1'])"; }
read -r px py < <(python3 -c "import json; d=json.load(open('$work/layout2.json')); print(*[int(round(v)) for v in d['widgets']['export_path']])")
name="typed-at-low-fps-abcdefghijklmnopq-1234567890.png"
xdotool mousemove "$px" "$py" click 1; sleep 0.5
xdotool key ctrl+a
# One burst, Enter right behind it: the last frame holds digits, "p" and Enter together.
xdotool type --delay 1 "$name"; xdotool key Return; sleep 3
[ -s "$work/$name" ] || { echo "FAIL: typed export name lost keys: $(ls "$work")"; exit 1; }
if ls "$work"/collidescope-*.png >/dev/null 2>&1; then echo "FAIL: a typed p took a screenshot"; exit 1; fi
[ "$(field2 algorithm)" = "gjk" ] || { echo "FAIL: a typed digit switched the algorithm to $(field2 algorithm)"; exit 1; }
echo "== typed 48 keys at a low frame rate: exported as $name, no key leaked to a shortcut"
# Frame times of a pan (right button), written on quit.
xdotool mousemove 300 400 mousedown 3
for i in $(seq 1 30); do xdotool mousemove $((300 + i * 4)) $((400 - i * 2)); sleep 0.05; done
xdotool mouseup 3; sleep 0.5
# One key per frame at this frame rate (a loaded machine draws a frame in a second or
# more), and time to write the frame stats on the way out.
xdotool key Escape; sleep 1
xdotool key ctrl+q
for _ in $(seq 300); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$app_pid" 2>/dev/null; then echo "FAIL: Ctrl+Q did not quit"; exit 1; fi
app_pid=""
head -1 "$work/frames.csv"
grep -q "frames back to back: CPU part median" "$work/frames.csv" || { echo "FAIL: no frame stats"; exit 1; }

# A teacher's session, started from a folder with no scenes/ in it: the library is
# built in; engines' overlays wait for the Peers section; P writes an opaque PNG; Ctrl+V
# pastes exactly the clipboard; the Layers section does not widen the panel; the
# "make convex" offer moves no control; the configuration view keeps its zoom between
# SAT steps; a typed export name gives way on the next algorithm; after an import the
# header and the status bar agree.
teach="$work/teach"
mkdir -p "$teach"
cp tests/gui/two_boxes.ron "$teach/scene.ron"
cat >"$teach/concave.ron" <<'RON'
(
    version: 1,
    title: "not convex",
    shapes: [
        (name: "A", geometry: Polygon(points: [(0, 0), (2, 0), (1, 0.3), (2, 2), (0, 2)], radius: 0.0), position: (0.0, 0.0), angle: 0.0),
        (name: "B", geometry: Box(half_extents: (0.5, 0.5), radius: 0.0), position: (4.0, 0.5), angle: 0.0),
    ],
)
RON
(cd "$teach" && COLLIDESCOPE_LAYOUT_FILE="$teach/layout.json" exec "$bin" scene.ron --msaa 1 \
  --quit-after 240 >"$teach/app.log" 2>&1) &
app_pid=$!
for _ in $(seq 200); do [ -s "$teach/layout.json" ] && break; sleep 0.1; done
sleep 1
tj() { python3 -c "import json,sys; d=json.load(open('$teach/layout.json')); print(eval(sys.argv[1]))" "$1"; }
# Wait until the app has drawn what the last input changed: the layout file, rewritten on
# every change, has stood still for half a second (at most 15 s; a loaded machine draws a
# frame in a second or more).
settle_file() {
  for _ in $(seq 150); do
    local age
    age=$(python3 -c "import os,time; print(time.time() - os.path.getmtime('$1'))")
    python3 -c "import sys; sys.exit(0 if $age >= 0.5 else 1)" && return 0
    sleep 0.1
  done
}
settle() { settle_file "$teach/layout.json"; }
# Poll until the layout's EXPR reads VALUE (at most 15 s), then print what it reads.
await() {
  local got
  for _ in $(seq 75); do
    got=$(tj "$1"); [ "$got" = "$2" ] && break; sleep 0.2
  done
  echo "$got"
}
click() { read -r x y < <(tj "' '.join(str(int(round(v))) for v in d['widgets']['$1'])"); xdotool mousemove "$x" "$y" click 1; sleep 0.5; settle; }
canvas_right() { tj "round(d['config_vp'][0] + d['config_vp'][2])"; }
[ "$(tj "d['library']")" -ge 40 ] || { echo "FAIL: the built-in library lists $(tj "d['library']") scenes from another folder"; exit 1; }
[ "$(tj "d['engines_shown']")" = "False" ] || { echo "FAIL: engines' overlays shown before the Peers section is opened"; exit 1; }
echo "== from another folder: $(tj "d['library']") library scenes; engines' overlays off"

# P: an opaque screenshot.
read -r ax ay < <(tj "' '.join(str(int(v)) for v in d['shapes']['A'])")
xdotool mousemove "$ax" $((ay + 120)); sleep 0.3
xdotool key p; sleep 1.5
shot=$(ls "$teach"/collidescope-*.png | head -1)
[ -s "$shot" ] || { echo "FAIL: P wrote no screenshot"; exit 1; }
alpha=$(convert "$shot" -alpha extract -format '%[fx:minima]' info:)
python3 -c "import sys; sys.exit(0 if float('$alpha') >= 0.999 else 1)" || { echo "FAIL: screenshot alpha down to $alpha"; exit 1; }
echo "== P screenshot opaque (lowest alpha $alpha)"

# The configuration view keeps its zoom from one SAT step to the next.
xdotool key 3; sleep 0.5; settle
z0=$(tj "d['config_zoom']")
for _ in 1 2 3 4 5; do xdotool key Right; sleep 0.3; done
settle
z1=$(tj "d['config_zoom']")
[ "$z0" = "$z1" ] || { echo "FAIL: the configuration view re-zoomed between SAT steps ($z0 -> $z1)"; exit 1; }
echo "== SAT steps: configuration zoom stays $z1"

# A typed export name (EPA, .svg) gives way on the next algorithm, keeping .svg.
xdotool key 2; sleep 0.5; settle
click export_path
xdotool key ctrl+a; xdotool type --delay 20 "epa-step-6.svg"; settle
xdotool key Escape; sleep 0.3; settle
xdotool mousemove "$ax" $((ay + 120)); sleep 0.2
xdotool key 4; sleep 0.6; settle
name=$(await "d['export_path']" "manifold-step-1.svg")
[ "$name" = "manifold-step-1.svg" ] || { echo "FAIL: export name after switching to manifold: $name"; exit 1; }
echo "== export name follows the algorithm: $name"

# Layers open and closed: the panel keeps its width.
right0=$(canvas_right)
click layers; sleep 0.5
right1=$(canvas_right)
import -window root "$art/gui-3-layers.png"
[ "$right0" = "$right1" ] || { echo "FAIL: opening Layers moved the canvas edge from $right0 to $right1"; exit 1; }
echo "== Layers open: the panel keeps its width (canvas ends at $right1 px)"

# The presenter setting: a narrower panel (the views get wider), saved in the
# preferences file; off again, the panel is back to its width.
click presenter
[ "$(await "d['presenter']" True)" = "True" ] || { echo "FAIL: the presenter checkbox did not turn the setting on"; exit 1; }
sleep 0.5; settle
right2=$(canvas_right)
[ "$right2" -gt "$right1" ] || { echo "FAIL: the presenter setting did not narrow the panel (canvas ends at $right2 px, was $right1)"; exit 1; }
grep -q "presenter:true" "$COLLIDESCOPE_CONFIG_DIR/preferences.ron" || { echo "FAIL: presenter not saved: $(cat "$COLLIDESCOPE_CONFIG_DIR/preferences.ron")"; exit 1; }
import -window root "$art/gui-3-presenter.png"
# The larger panel may have pushed the checkbox below the window: scroll it into view.
for _ in $(seq 10); do
  [ "$(tj "int(d['widgets']['presenter'][1] < 700)")" = "1" ] && break
  read -r px py < <(tj "' '.join(str(int(v)) for v in d['widgets']['presenter'])")
  xdotool mousemove "$px" 400 click 5 click 5; sleep 0.3; settle
done
click presenter
right3=$(await "round(d['config_vp'][0] + d['config_vp'][2])" "$right1")
[ "$right3" = "$right1" ] || { echo "FAIL: presenter off: canvas ends at $right3 px, not $right1"; exit 1; }
echo "== presenter setting: canvas to $right2 px and back to $right3 px; saved in preferences.ron"
# Back to the top of the panel (the steps below expect it there; the panel keeps its
# scroll across the switch).
to_top() {
  xdotool mousemove 1100 400
  for _ in $(seq 15); do
    sleep 0.5; settle
    [ "$(tj "int(d['widgets']['files'][1] > 0)")" = "1" ] && return 0
    for _ in 1 2 3 4; do xdotool click 4; done
  done
}
to_top
click layers
to_top

# Peers: opening the section brings the engines' overlays; its table wraps its long
# values (GJK's cache) instead of widening the panel.
right4=$(canvas_right)
click peers; sleep 0.5
right5=$(canvas_right)
[ "$right4" = "$right5" ] || { echo "FAIL: opening Peers moved the canvas edge from $right4 to $right5"; exit 1; }
[ "$(tj "d['engines_shown']")" = "True" ] || { echo "FAIL: opening Peers did not show the engines' overlays"; exit 1; }
if tj "'peer_name' in d['widgets']" | grep -q True; then
  read -r hx hy < <(tj "' '.join(str(int(round(v))) for v in d['widgets']['peer_name'])")
  xdotool mousemove "$hx" "$hy"; sleep 0.3; xdotool mousemove $((hx + 2)) "$hy"; sleep 1.5
  import -window root "$art/gui-4-peers-hover.png"
  # After clicks (Peers was just opened by one), the row's tooltip still shows.
  tip=$(await "d['tooltip']" "Collidescope")
  [ "$tip" = "Collidescope" ] || { echo "FAIL: hovering the Peers row shows no tooltip (tooltip: '$tip')"; exit 1; }
  echo "== Peers row hovered: its tooltip shows"
fi
click peers
# The section folds over a few frames (the panel's scroll follows its height): let it
# settle before the Files controls are measured.
sleep 1; settle

# A refused (not convex) file: the offer is a window; the Files controls stay put.
to_top
click files
for _ in $(seq 150); do tj "'save_as' in d['widgets']" | grep -q True && break; sleep 0.1; done
tj "'save_as' in d['widgets']" | grep -q True || { echo "FAIL: the Files section did not open (no Save as button in 15 s)"; exit 1; }
# The panel's scroll can still be moving as the section opens (it follows the folding
# Peers section, and a wheel's smooth scroll goes on for some frames at a low frame
# rate): before each try the path box's place is taken once two reads half a second
# apart agree. A click that still misses it (the layout file holding the place from
# before the last move) is tried again.
stable_open_path() {
  local y0 y
  y0=$(tj "d['widgets']['open_path'][1]")
  for _ in $(seq 20); do
    sleep 0.5; settle
    y=$(tj "d['widgets']['open_path'][1]")
    [ "$y" = "$y0" ] && return 0
    y0=$y
  done
}
for _ in 1 2 3; do
  stable_open_path
  # Where the Files controls are before the offer, to compare with after it.
  files_y=$(tj "d['widgets']['save_as'][1]")
  click open_path
  xdotool key ctrl+a; xdotool type --delay 10 "concave.ron"; xdotool key Return; sleep 1; settle
  [ "$(await "'make_convex' in d['widgets']" True)" = "True" ] && break
  xdotool key Escape; settle
done
[ "$(await "'make_convex' in d['widgets']" True)" = "True" ] || {
  import -window root "$art/gui-5-refused.png"
  echo "FAIL: no make-convex offer for a refused file (status: $(tj "d['message']"))"; exit 1; }
files_y2=$(tj "d['widgets']['save_as'][1]")
import -window root "$art/gui-5-refused.png"
[ "$files_y" = "$files_y2" ] || { echo "FAIL: the Files controls moved ($files_y -> $files_y2)"; exit 1; }
echo "== refused file: offered in a window, Files controls stay at y = $files_y2"
# (The offer stays open: making convex would leave the scene unsaved, and the import
# below would then ask first.)

# Paste a pair into the import box (Ctrl+V) and import it.
printf 'A: (0, 0), (2, 0), (1, 1.5)\nB: (1, 1), (3, 1), (2, 3)\nposition 0.5 0.2\n' | xclip -selection clipboard
click import_box
# Whatever the box holds (a missed click above may have typed into it) is replaced.
xdotool key ctrl+a; xdotool key ctrl+v; sleep 0.5; settle
click import
names=$(await "' '.join(sorted(d['shapes']))" "A B")
[ "$names" = "A B" ] || { echo "FAIL: pasted pair imported as shapes: $names"; exit 1; }
msg=$(tj "d['message']"); file=$(tj "d['file']")
case "$msg" in Imported*) ;; *) echo "FAIL: status after import: $msg"; exit 1 ;; esac
[ -z "$file" ] || { echo "FAIL: an imported scene names a file: $file"; exit 1; }
echo "== Ctrl+V pasted exactly the clipboard: shapes $names; status: $msg"

kill "$app_pid" 2>/dev/null || true
app_pid=""

# The scene library: a click opens the scene under the pointer, and the list stays where
# it was while the scene opens (the sections above it change height with the scene's
# notes and narration): three entries clicked one after another, each found under the
# pointer once its scene is open.
lib="$work/library"; mkdir -p "$lib"
(cd "$lib" && COLLIDESCOPE_LAYOUT_FILE="$lib/layout.json" exec "$bin" --msaa 1 \
  --quit-after 150 >"$lib/app.log" 2>&1) &
app_pid=$!
for _ in $(seq 200); do [ -s "$lib/layout.json" ] && break; sleep 0.1; done
sleep 1
lj() { python3 -c "import json,sys; d=json.load(open('$lib/layout.json')); print(eval(sys.argv[1]))" "$1"; }
lsettle() { settle_file "$lib/layout.json"; }
read -r fx fy < <(lj "' '.join(str(int(round(v))) for v in d['widgets']['files'])")
xdotool mousemove "$fx" "$fy" click 1; sleep 1; lsettle
# Scroll until the next entry is well inside the window (800 px tall).
for _ in $(seq 30); do
  [ "$(lj "int('library_next' in d['widgets'] and 150 < d['widgets']['library_next'][1] < 600)")" = "1" ] && break
  xdotool mousemove "$fx" 400 click 5; sleep 0.4; lsettle
done
for i in 1 2 3; do
  read -r nx ny < <(lj "' '.join(str(int(round(v))) for v in d['widgets']['library_next'])")
  before=$(lj "d['file']")
  xdotool mousemove "$nx" "$ny"; sleep 0.4; xdotool click 1; sleep 1.5; lsettle
  after=$(lj "d['file']")
  [ "$after" != "$before" ] || { import -window root "$art/gui-library.png"; echo "FAIL: library click $i opened nothing (still $before)"; exit 1; }
  cy=$(lj "int(round(d['widgets']['library_current'][1]))")
  [ $((cy - ny)) -le 2 ] && [ $((ny - cy)) -le 2 ] || {
    import -window root "$art/gui-library.png"
    echo "FAIL: library click $i at y = $ny opened $after, whose entry moved to y = $cy"; exit 1; }
  echo "== library click $i opened $after; its entry stays under the pointer (y = $cy)"
done
import -window root "$art/gui-library.png"
kill "$app_pid" 2>/dev/null || true
app_pid=""

# --quit-after with no input at all: the sleeping loop is woken at the deadline.
t0=$(date +%s)
timeout 30 "$bin" "$work/scene.ron" --msaa 1 --quit-after 3 >"$work/app3.log" 2>&1 || { echo "FAIL: --quit-after did not end an idle run"; exit 1; }
t1=$(date +%s)
echo "== idle run with --quit-after 3 ended after $((t1 - t0)) s"
[ $((t1 - t0)) -le 12 ] || { echo "FAIL: --quit-after 3 took $((t1 - t0)) s"; exit 1; }

# A lesson with the presenter setting already on when the window opens, at 1280×800 and
# at 900×600: the page's strip takes a bounded share of the height and the views keep
# the rest; "Leave presenter" keeps the picture's scale (the shapes' distance on screen
# within a factor of 3), never a fit on a view of no height.
pres="$work/presenter"
mkdir -p "$pres/config"
for size in 1280x800 900x600; do
  # (Leaving presenter mode saves the setting off: on again for each run.)
  echo '(theme:Dark,presenter:true)' >"$pres/config/preferences.ron"
  rm -f "$pres/layout.json"
  COLLIDESCOPE_CONFIG_DIR="$pres/config" COLLIDESCOPE_LAYOUT_FILE="$pres/layout.json" \
    "$bin" --lesson sat-clipping --window "$size" --msaa 1 --quit-after 60 >"$pres/app.log" 2>&1 &
  app_pid=$!
  for _ in $(seq 200); do [ -s "$pres/layout.json" ] && break; sleep 0.1; done
  sleep 2
  pj() { python3 -c "import json,sys,math; d=json.load(open('$pres/layout.json')); print(eval(sys.argv[1]))" "$1"; }
  spread="math.dist(*d['shapes'].values())"
  height=${size#*x}
  [ "$(pj "d['lesson']['presenter']")" = "True" ] || { echo "FAIL: the lesson did not open in presenter mode at $size"; exit 1; }
  views=$(pj "round(d['world_vp'][3])")
  import -window root "$art/gui-6-presenter-lesson-$size.png"
  [ "$(pj "int(d['world_vp'][3] >= 0.45 * $height)")" = "1" ] || {
    echo "FAIL: presenter lesson at $size: the views have $views px of $height"; exit 1; }
  s0=$(pj "$spread")
  read -r lx ly < <(pj "' '.join(str(int(round(v))) for v in d['widgets']['lesson_presenter'])")
  xdotool mousemove "$lx" "$ly" click 1
  for _ in $(seq 75); do [ "$(pj "d['lesson']['presenter']")" = "False" ] && break; sleep 0.2; done
  sleep 1
  [ "$(pj "d['lesson']['presenter']")" = "False" ] || { echo "FAIL: Leave presenter did not leave at $size"; exit 1; }
  s1=$(pj "$spread")
  import -window root "$art/gui-6-presenter-left-$size.png"
  python3 -c "import sys; a, b = $s0, $s1; sys.exit(0 if b > 0 and 1 / 3 <= b / a <= 3 else 1)" || {
    echo "FAIL: leaving presenter at $size rescaled the picture: A to B $s0 px, then $s1 px"; exit 1; }
  echo "== presenter lesson at $size: views $views px high; A to B $s0 px, after Leave presenter $s1 px"
  kill "$app_pid" 2>/dev/null || true
  wait "$app_pid" 2>/dev/null || true
  app_pid=""
done

# Presenter mode at 1280×720 on the lesson page with the most choices (sat-clipping page
# 9, four planes): the page opens at its top (its title in sight) with every choice in the
# strip's sight; after "Show me the answer" the page buttons still sit above the scrolled
# page, the feedback's first line is not cut at the strip's top and, when feedback and
# explanation fit in the strip, the explanation's end is in sight (the page scrolls under
# its fixed buttons); the next page opens at its top again, not where this one was
# scrolled to. (The marks of the title, the strip's sight and the feedback are their top
# or bottom edges.)
echo '(theme:Light,presenter:true)' >"$pres/config/preferences.ron"
rm -f "$pres/layout.json"
COLLIDESCOPE_CONFIG_DIR="$pres/config" COLLIDESCOPE_LAYOUT_FILE="$pres/layout.json" \
  "$bin" --lesson sat-clipping --page 9 --window 1280x720 --msaa 1 --quit-after 60 >"$pres/app.log" 2>&1 &
app_pid=$!
for _ in $(seq 200); do [ -s "$pres/layout.json" ] && break; sleep 0.1; done
sleep 2
w="d['widgets']"
in_sight="all($w['lesson_strip_top'][1] <= $w[k][1] <= $w['lesson_strip_bottom'][1] for k in $w if k.startswith('lesson_choice_'))"
[ "$(pj "sum(k.startswith('lesson_choice_') for k in $w)")" -ge 3 ] || { echo "FAIL: presenter page 9: $(pj "$w")"; exit 1; }
for _ in $(seq 25); do [ "$(pj "$in_sight")" = "True" ] && break; sleep 0.2; done
import -window root "$art/gui-7-presenter-choices.png"
[ "$(pj "$in_sight")" = "True" ] || { echo "FAIL: presenter page 9 at 1280x720: a choice out of the strip's sight: $(pj "$w")"; exit 1; }
title_in_sight="$w['lesson_strip_top'][1] - 1 <= $w['lesson_page_title'][1] <= $w['lesson_strip_bottom'][1]"
[ "$(pj "$title_in_sight")" = "True" ] || { echo "FAIL: presenter page 9 opened with its title out of sight: $(pj "$w")"; exit 1; }
read -r sx sy < <(pj "' '.join(str(int(round(v))) for v in $w['lesson_show'])")
xdotool mousemove "$sx" "$sy" click 1
for _ in $(seq 75); do [ "$(pj "d['lesson']['stage']")" = "shown" ] && break; sleep 0.2; done
sleep 1.5
import -window root "$art/gui-7-presenter-answer.png"
[ "$(pj "d['lesson']['stage']")" = "shown" ] || { echo "FAIL: Show me the answer did not show it"; exit 1; }
[ "$(pj "$w['lesson_feedback_top'][1] >= $w['lesson_strip_top'][1] - 1")" = "True" ] || {
  echo "FAIL: the answer's first line is cut at the strip's top: $(pj "$w")"; exit 1; }
fits="$w['lesson_feedback_end'][1] - $w['lesson_feedback_top'][1] <= $w['lesson_strip_bottom'][1] - $w['lesson_strip_top'][1]"
[ "$(pj "not ($fits) or $w['lesson_feedback_end'][1] <= $w['lesson_strip_bottom'][1] + 1")" = "True" ] || {
  echo "FAIL: the answer's explanation fits in the strip but ends below it: $(pj "$w")"; exit 1; }
[ "$(pj "d['world_vp'][1] + d['world_vp'][3] <= $w['lesson_next'][1] < $w['lesson_strip_top'][1]")" = "True" ] || {
  echo "FAIL: the page buttons left the strip's top: $(pj "$w")"; exit 1; }
echo "== presenter page 9 at 1280x720: title and every choice in sight, the feedback from $(pj "int($w['lesson_feedback_top'][1])") px (strip's top $(pj "int($w['lesson_strip_top'][1])") px) to $(pj "int($w['lesson_feedback_end'][1])") px (strip's bottom $(pj "int($w['lesson_strip_bottom'][1])") px), Next at $(pj "int($w['lesson_next'][1])") px"
read -r nx ny < <(pj "' '.join(str(int(round(v))) for v in $w['lesson_next'])")
xdotool mousemove "$nx" "$ny" click 1
for _ in $(seq 75); do [ "$(pj "d['lesson']['page']")" = "9" ] && break; sleep 0.2; done
sleep 1.5
[ "$(pj "d['lesson']['page']")" = "9" ] || { echo "FAIL: Next did not turn to page 10: $(pj "d['lesson']")"; exit 1; }
[ "$(pj "$title_in_sight")" = "True" ] || { echo "FAIL: presenter page 10 opened scrolled, its title out of sight: $(pj "$w")"; exit 1; }
echo "== presenter page 10 opens at its top: title at $(pj "int($w['lesson_page_title'][1])") px, strip's top $(pj "int($w['lesson_strip_top'][1])") px"
kill "$app_pid" 2>/dev/null || true
wait "$app_pid" 2>/dev/null || true
app_pid=""

# Presenter mode after a wrong answer: the GJK lesson's page 6 at 1280×720 (seven
# regions, many choices) and SAT and clipping's page 7 at 1280×800 (the longest hint):
# the hint comes and every choice, "Show me the answer" and the hint, its first line to
# its last (the line naming the layer it lights up), stay in the strip's sight (the
# learner answers again without scrolling back up, and reads the hint whole). The strip
# kept room for the hint from the page's first frame: the views and their cameras do
# not move when it comes.
hint_case() {
  local lesson=$1 page=$2 size=$3 wrong=$4 choices=$5 tag="$1 page $2 at $3"
  echo '(theme:Dark,presenter:true)' >"$pres/config/preferences.ron"
  rm -f "$pres/layout.json"
  COLLIDESCOPE_CONFIG_DIR="$pres/config" COLLIDESCOPE_LAYOUT_FILE="$pres/layout.json" \
    "$bin" --lesson "$lesson" --page "$page" --window "$size" --msaa 1 --quit-after 60 >"$pres/app.log" 2>&1 &
  app_pid=$!
  for _ in $(seq 200); do [ -s "$pres/layout.json" ] && break; sleep 0.1; done
  sleep 2
  [ "$(pj "sum(k.startswith('lesson_choice_') for k in $w)")" -ge "$choices" ] || { echo "FAIL: $tag has not its $choices choices: $(pj "$w")"; exit 1; }
  read -r cx cy < <(pj "' '.join(str(int(round(v))) for v in $w['$wrong'])")
  canvas="[d['world_vp'], d['config_vp'], d['lesson']['world_camera'], d['lesson']['config_camera']]"
  before="$(pj "$canvas")"
  xdotool mousemove "$cx" "$cy"; sleep 0.6; xdotool click 1
  for _ in $(seq 75); do [ "$(pj "d['lesson']['stage']")" = "hinted" ] && break; sleep 0.2; done
  sleep 1.5
  import -window root "$art/gui-8-presenter-hint-$lesson-$page-$size.png"
  [ "$(pj "$canvas")" = "$before" ] || {
    echo "FAIL: the hint on $tag moved the picture: views and cameras $before, then $(pj "$canvas")"; exit 1; }
  [ "$(pj "d['lesson']['stage']")" = "hinted" ] || { echo "FAIL: a wrong answer on $tag brought no hint: $(pj "d['lesson']")"; exit 1; }
  answer_in_sight="all($w['lesson_strip_top'][1] <= $w[k][1] <= $w['lesson_strip_bottom'][1] for k in $w if k.startswith('lesson_choice_') or k == 'lesson_show')"
  [ "$(pj "$answer_in_sight and 'lesson_show' in $w")" = "True" ] || {
    echo "FAIL: after the hint on $tag a choice or 'Show me the answer' is out of the strip's sight: $(pj "$w")"; exit 1; }
  # (The hint's marks are its first and last lines: their centres, half a line above
  # the line's end.)
  [ "$(pj "$w['lesson_strip_top'][1] <= $w['lesson_hint'][1] <= $w['lesson_strip_bottom'][1] - 8")" = "True" ] || {
    echo "FAIL: the hint's first line is out of the strip's sight on $tag: $(pj "$w")"; exit 1; }
  [ "$(pj "$w['lesson_strip_top'][1] <= $w['lesson_hint_end'][1] <= $w['lesson_strip_bottom'][1] - 8")" = "True" ] || {
    echo "FAIL: the hint's last line (the layer it lights up) is below the strip's sight on $tag: $(pj "$w")"; exit 1; }
  echo "== presenter $tag after a wrong answer: every choice and 'Show me the answer' in sight, the hint's first line at $(pj "int($w['lesson_hint'][1])") px, its last at $(pj "int($w['lesson_hint_end'][1])") px (strip $(pj "int($w['lesson_strip_top'][1])")-$(pj "int($w['lesson_strip_bottom'][1])") px)"
  kill "$app_pid" 2>/dev/null || true
  wait "$app_pid" 2>/dev/null || true
  app_pid=""
}
hint_case gjk 6 1280x720 lesson_choice_0 6
hint_case sat-clipping 7 1280x800 lesson_choice_1 3

# Presenter mode on the engines lesson's page about the Peers table (the panel, and its
# table, hidden): the strip shows the engines' answers beside ours, in sight under the
# page's title.
echo '(theme:Dark,presenter:true)' >"$pres/config/preferences.ron"
rm -f "$pres/layout.json"
COLLIDESCOPE_CONFIG_DIR="$pres/config" COLLIDESCOPE_LAYOUT_FILE="$pres/layout.json" \
  "$bin" --lesson engines --page 3 --window 1280x800 --msaa 1 --quit-after 60 >"$pres/app.log" 2>&1 &
app_pid=$!
for _ in $(seq 200); do [ -s "$pres/layout.json" ] && break; sleep 0.1; done
sleep 2
import -window root "$art/gui-8-presenter-engines.png"
[ "$(pj "'lesson_engines_summary' in $w and $w['lesson_strip_top'][1] <= $w['lesson_engines_summary'][1] <= $w['lesson_strip_bottom'][1]")" = "True" ] || {
  echo "FAIL: presenter engines page 3: no summary of the engines' answers in the strip's sight: $(pj "$w")"; exit 1; }
echo "== presenter engines page 3: the engines' answers in the strip at $(pj "int($w['lesson_engines_summary'][1])") px (strip $(pj "int($w['lesson_strip_top'][1])")-$(pj "int($w['lesson_strip_bottom'][1])") px)"
kill "$app_pid" 2>/dev/null || true
wait "$app_pid" 2>/dev/null || true
app_pid=""

# A window asked larger than the screen (no window manager shrinks it here) opens fitted
# to the screen, its status bar in sight, and says so.
rm -f "$pres/layout.json"
COLLIDESCOPE_CONFIG_DIR="$pres/config" COLLIDESCOPE_LAYOUT_FILE="$pres/layout.json" \
  "$bin" --window 1600x1000 --msaa 1 --quit-after 60 >"$pres/app.log" 2>&1 &
app_pid=$!
for _ in $(seq 200); do [ -s "$pres/layout.json" ] && break; sleep 0.1; done
sleep 2
import -window root "$art/gui-9-fitted-window.png"
read -r sw sh < <(xdpyinfo 2>/dev/null | sed -n 's/.*dimensions: *\([0-9]*\)x\([0-9]*\) pixels.*/\1 \2/p')
sw=${sw:-1280}; sh=${sh:-800}
[ "$(pj "'status_bar' in $w and $w['status_bar'][1] <= $sh - 8")" = "True" ] || {
  echo "FAIL: --window 1600x1000 on a ${sw}x${sh} screen: the status bar is off the screen: $(pj "$w")"; exit 1; }
[ "$(pj "'to fit the screen' in d['message'] and '1600×1000' in d['message']")" = "True" ] || {
  echo "FAIL: the fitted window does not say so: $(pj "d['message']")"; exit 1; }
echo "== --window 1600x1000 on a ${sw}x${sh} screen: status bar at $(pj "int($w['status_bar'][1])") px; \"$(pj "d['message']")\""
kill "$app_pid" 2>/dev/null || true
wait "$app_pid" 2>/dev/null || true
app_pid=""

# Lesson mode: the GJK lesson taken page by page, every question answered right after
# one wrong answer and its hint (.ci/gui_lesson_test.py, on this display).
python3 .ci/gui_lesson_test.py "$bin" "$display" "$art" || { echo "FAIL: the lesson in the window"; exit 1; }
echo "gui test: 1 passed, 0 failed"
