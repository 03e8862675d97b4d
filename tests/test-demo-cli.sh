#!/usr/bin/env bash
# `tablesight demo` without a display: the bundled session goes through the headless live
# pipeline, prints the events and the final game state, sets them beside the recording's
# ground truth, and says how to get the window. The camera pipeline must find the recorded
# table changes: at most one missed and two not in the recording, counted twice, by the
# demo's own comparison and here from the printed events (by kind, card and player).
set -u
exe="$1"
unset DISPLAY WAYLAND_DISPLAY
fail() { echo "FAIL: $*"; exit 1; }

out=$("$exe" demo 2>&1) || fail "demo exited $?: $out"
echo "$out"
grep -q "headless live pipeline (no display)" <<<"$out" || fail "does not say it runs headless"
dir=$(sed -n 's/^tablesight watch: watching dir:\(.*demo-session\)$/\1/p' <<<"$out")
[ -n "$dir" ] || fail "did not watch the bundled session"
[ -f "$dir/events.jsonl" ] || fail "the bundled session $dir has no events.jsonl"
frames=$(ls "$dir"/frame-*.jpg | wc -l)
[ "$frames" -ge 100 ] || fail "the bundled session has only $frames frames"
grep -q "watch: $frames frames" <<<"$out" || fail "did not play all $frames frames"
grep -q "Final game state" <<<"$out" || fail "no final game state"
grep -q "Profile: Classic" <<<"$out" || fail "final state has no game"
grep -q "South: life 20" <<<"$out" || fail "final state names no player"
grep -q "What the recording shows" <<<"$out" || fail "no recorded truth to compare with"
truth=$(grep -c '"event"' "$dir/events.jsonl")
[ "$truth" -ge 10 ] || fail "the recording lists only $truth changes"
grep -q "The recording shows $truth table changes" <<<"$out" || fail "the truth's changes are not counted"

# The demo's comparison (same change, card, player and zone, in a time window).
summary=$(grep "^Seen [0-9]* of the $truth recorded table changes; [0-9]* reported" <<<"$out") ||
  fail "no comparison with the truth"
seen=$(awk '{ print $2 }' <<<"$summary")
extra=$(sed 's/.*changes; \([0-9]*\) reported.*/\1/' <<<"$summary")
[ "$seen" -ge $((truth - 1)) ] || fail "the pipeline saw only $seen of $truth recorded changes"
[ "$extra" -le 2 ] || fail "the pipeline reported $extra changes the recording does not have"

# The same from the printed events alone, without time: each recorded change must have a
# printed event of its kind, card and player (South is player 1, North player 2).
counts=$(awk '
  NR == FNR {
    if (!match($0, /"event":"[a-z]*"/)) next
    kind = substr($0, RSTART + 9, RLENGTH - 10)
    match($0, /"name":"[^"]*"/); name = substr($0, RSTART + 8, RLENGTH - 9)
    match($0, /"player":[0-9]/); player = substr($0, RSTART + 9, 1) == "1" ? "South" : "North"
    match($0, /"zone":"[a-z]*"/); zone = substr($0, RSTART + 8, RLENGTH - 9)
    if (kind == "entered") what = name ": table -> battlefield"
    else if (kind == "tapped") what = "tapped   tap " name
    else if (kind == "untapped") what = "untapped untap " name
    else what = name ": battlefield -> " zone
    key = what SUBSEP player
    if (!(key in want)) keys[++nkeys] = key
    want[key]++
    next
  }
  / card #[0-9]+ / {
    printed++
    for (k = 1; k <= nkeys; k++) {
      split(keys[k], part, SUBSEP)
      if (index($0, part[1]) && index($0, " " part[2] " ")) { got[keys[k]]++; break }
    }
  }
  END {
    for (k = 1; k <= nkeys; k++) matched += got[keys[k]] < want[keys[k]] ? got[keys[k]] : want[keys[k]]
    print matched + 0, printed + 0
  }' "$dir/events.jsonl" - <<<"$out")
read -r matched printed <<<"$counts"
[ "$matched" -ge $((truth - 1)) ] || fail "the printed events show only $matched of $truth changes"
[ $((printed - matched)) -le 2 ] || fail "$((printed - matched)) printed events match no change"
[ "$matched" -ge "$seen" ] || fail "the demo counts $seen changes seen, the printed events $matched"
grep -q "xvfb-run tablesight demo" <<<"$out" || fail "does not say how to get the window"

"$exe" demo --no-such-option >/dev/null 2>&1
[ $? -eq 2 ] || fail "a bad option should exit 2"
help=$("$exe" demo --help)
grep -q "headless" <<<"$help" || fail "--help does not explain the headless mode"
grep -q "camera pipeline" <<<"$help" || fail "--help does not say the session goes through the camera"
grep -q -- "--truth" <<<"$help" || fail "--help does not offer the recorded truth"
echo "ok: $seen of $truth recorded changes seen, $extra not in the recording"
