# Sourced by the real-window tests: `start_xvfb DISPLAY GEOMETRY` starts Xvfb and waits
# until it takes clients (up to 30 s). A display another server holds, or a server that
# does not come up (the machine is busy), is tried again on the display 100 above. Sets
# `display` (exported as DISPLAY) and `xvfb_pid`; the caller's cleanup kills it.
start_xvfb() {
  local want=$1 geometry=$2 n
  for n in "${want#:}" "$(( ${want#:} + 100 ))"; do
    display=":$n"
    # A display another server holds would answer the probe below for that server.
    if [ -e "/tmp/.X$n-lock" ] || [ -S "/tmp/.X11-unix/X$n" ]; then
      echo "== display $display is taken; trying another"
      continue
    fi
    # -noreset: by default the server resets when its last client leaves (the probe
    # below, or one run of the app before the next), and a client connecting during the
    # reset is refused ("XOpenDisplay() failed").
    Xvfb "$display" -screen 0 "$geometry" -nolisten tcp -noreset >/dev/null 2>&1 &
    xvfb_pid=$!
    for _ in $(seq 300); do
      if DISPLAY="$display" xdotool getdisplaygeometry >/dev/null 2>&1; then
        export DISPLAY="$display"
        return 0
      fi
      kill -0 "$xvfb_pid" 2>/dev/null || break
      sleep 0.1
    done
    kill "$xvfb_pid" 2>/dev/null || true
    wait "$xvfb_pid" 2>/dev/null || true
    echo "== Xvfb $display did not take clients; trying another display"
  done
  echo "FAIL: no Xvfb server started (displays $want and :$(( ${want#:} + 100 )))"
  return 1
}
