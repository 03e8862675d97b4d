#!/usr/bin/env bash
# `tablesight demo` without a display: the bundled session goes through the headless live
# pipeline, prints the events and the final game state, and says how to get the window.
set -u
exe="$1"
unset DISPLAY WAYLAND_DISPLAY
fail() { echo "FAIL: $*"; exit 1; }

out=$("$exe" demo 2>&1) || fail "demo exited $?: $out"
echo "$out"
grep -q "headless live pipeline (no display)" <<<"$out" || fail "does not say it runs headless"
grep -q "watching dir:.*demo-session" <<<"$out" || fail "did not watch the bundled session"
grep -q "76 frames" <<<"$out" || fail "did not play all 76 frames"
grep -q "Final game state" <<<"$out" || fail "no final game state"
grep -q "Profile: Classic" <<<"$out" || fail "final state has no game"
grep -q "South: life 20" <<<"$out" || fail "final state names no player"
grep -q "What the recording shows" <<<"$out" || fail "no recorded truth to compare with"
grep -q "The recording shows 14 table changes" <<<"$out" || fail "the truth's changes are not counted"
grep -q "xvfb-run tablesight demo" <<<"$out" || fail "does not say how to get the window"

"$exe" demo --no-such-option >/dev/null 2>&1
[ $? -eq 2 ] || fail "a bad option should exit 2"
"$exe" demo --help | grep -q "headless" || fail "--help does not explain the headless mode"
echo "ok"
