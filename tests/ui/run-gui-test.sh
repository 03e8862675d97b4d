#!/usr/bin/env bash
# Runs a GUI test program on a private X server (Xvfb), so tests need no desktop. Skips
# (exit 77) when there is neither a display nor xvfb-run.
set -u
export GSK_RENDERER="${GSK_RENDERER:-cairo}"   # deterministic pixels, no GL needed
export GTK_A11Y=none                           # no accessibility bus in a test
export GDK_DEBUG="${GDK_DEBUG:-gl-disable}"  # Xvfb has no GPU: keep Mesa out entirely
export NO_AT_BRIDGE=1
if [ -n "${TS_UI_USE_DISPLAY:-}" ] && [ -n "${DISPLAY:-}" ]; then
  exec "$@"
fi
if ! command -v xvfb-run >/dev/null 2>&1; then
  echo "xvfb-run not found: skipping GUI test"
  exit 77
fi
unset WAYLAND_DISPLAY
export GDK_BACKEND=x11
exec xvfb-run -a -s "-screen 0 1600x1000x24 -nolisten tcp" "$@"
