#!/usr/bin/env bash
# The live table's commands: sources, calibrate (table, show, layouts, bad input) and watch
# (a looped photo through detection, tracking, the engine and the game store).
set -u
ts="$1"
src="${TS_SOURCE_DIR:?}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { if eval "$2"; then echo "ok - $1"; else echo "not ok - $1"; fail=1; fi; }

mkdir "$tmp/nodev"
out=$(TS_V4L2_DEV_DIR="$tmp/nodev" "$ts" sources 2>&1); rc=$?
check "sources exits 0" "[ $rc -eq 0 ]"
check "sources says none or lists cameras" "grep -qE 'No cameras found|^SOURCE' <<<\"\$out\""

out=$("$ts" calibrate layouts); rc=$?
check "calibrate layouts lists shipped layouts" "[ $rc -eq 0 ] && grep -q two-player <<<\"\$out\" && grep -q four-player <<<\"\$out\""

out=$("$ts" calibrate table --layout four-player --points "100,80;1800,60;1850,1040;60,1000" -o "$tmp/cal.ini" 2>&1); rc=$?
check "calibrate table saves" "[ $rc -eq 0 ] && [ -s '$tmp/cal.ini' ] && grep -q 'Saved to' <<<\"\$out\""
check "calibrate table names the marks" "grep -q 'top-left corner of the table' <<<\"\$out\""
# A frame of the table checks the zones lie in the camera's view (mixed-frames.jpg: 800x600).
frame="$src/tests/fixtures/scenes/mixed-frames.jpg"
out=$("$ts" calibrate table --points "0,0;1000,0;1000,800;0,800" --frame "$frame" -o "$tmp/wide.ini" 2>&1); rc=$?
check "calibrate table names the zones the camera's frame cuts" \
  "[ $rc -eq 0 ] && grep -q 'does not show these zones whole' <<<\"\$out\" && grep -q 'South graveyard 0 %' <<<\"\$out\""
check "calibrate table leaves out the zones in view" "! grep -q 'North graveyard' <<<\"\$out\""
out=$("$ts" calibrate table --points "0,0;800,0;800,600;0,600" --frame "$frame" --overlay "$tmp/zones.png" -o "$tmp/fit.ini" 2>&1); rc=$?
check "calibrate table says every zone is in view, and draws them" \
  "[ $rc -eq 0 ] && grep -q 'Every zone lies inside' <<<\"\$out\" && [ -s '$tmp/zones.png' ]"
out=$("$ts" calibrate table --points "0,0;800,0;800,600;0,600" --frame "$tmp/none.jpg" -o "$tmp/fit.ini" 2>&1); rc=$?
check "calibrate table with a missing frame fails clearly" "[ $rc -eq 1 ] && grep -q 'none.jpg' <<<\"\$out\""
out=$("$ts" calibrate show "$tmp/cal.ini"); rc=$?
check "calibrate show reads it back" "[ $rc -eq 0 ] && grep -q 'four-player, 4 players' <<<\"\$out\" && grep -q 'West, facing 90' <<<\"\$out\""

out=$("$ts" calibrate table --points "1,1;2,2;3,3;4,4" -o "$tmp/bad.ini" 2>&1); rc=$?
check "points on a line are refused" "[ $rc -eq 1 ] && grep -q 'on one line' <<<\"\$out\" && [ ! -e '$tmp/bad.ini' ]"
out=$("$ts" calibrate table --points "1,1;2,x" -o "$tmp/bad.ini" 2>&1); rc=$?
check "malformed points are named" "[ $rc -eq 2 ] && grep -q 'point 2' <<<\"\$out\""
out=$("$ts" calibrate table --layout nine-player --points "1,1;2,2;3,3;4,4" -o "$tmp/bad.ini" 2>&1); rc=$?
check "unknown layout is named" "[ $rc -eq 1 ] && grep -q \"no layout called 'nine-player'\" <<<\"\$out\""
printf '[calibration]\nversion=1\n[table]\nimage_points=0,0;1,0\n' > "$tmp/broken.ini"
out=$("$ts" calibrate show "$tmp/broken.ini" 2>&1); rc=$?
check "malformed calibration file names its line" "[ $rc -eq 1 ] && grep -q 'broken.ini:4: \[table\] image_points' <<<\"\$out\""
echo "not an image" > "$tmp/a.jpg"
out=$("$ts" calibrate intrinsics "$tmp/a.jpg" -o "$tmp/in.ini" 2>&1); rc=$?
check "intrinsics without boards fails clearly" "[ $rc -eq 1 ] && grep -q 'at least 3 are needed' <<<\"\$out\""

out=$("$ts" watch --source "dir:$tmp/nothing-here" 2>&1); rc=$?
check "watch on a missing source fails clearly" "[ $rc -eq 1 ] && grep -q 'nothing-here' <<<\"\$out\""
out=$("$ts" watch --source "dir:$tmp" --calibration "$tmp/broken.ini" 2>&1); rc=$?
check "watch with a malformed calibration fails clearly" "[ $rc -eq 1 ] && grep -q 'broken.ini:4' <<<\"\$out\""

out=$("$ts" watch --source "file:$frame" --max-frames 1 --calibration "$tmp/wide.ini" --no-stats 2>&1); rc=$?
check "watch warns of the zones its camera does not show whole" \
  "[ $rc -eq 0 ] && grep -q 'warning: .*South graveyard 0 %' <<<\"\$out\""
out=$("$ts" watch --source "file:$frame" --max-frames 1 --calibration "$tmp/fit.ini" --no-stats 2>&1); rc=$?
check "watch is quiet of zones when every one is in view" "[ $rc -eq 0 ] && ! grep -q 'warning' <<<\"\$out\""
photo="$src/tests/fixtures/scenes/mixed-frames.jpg"
out=$("$ts" watch --source "file:$photo?loop=1" --max-frames 24 --json --log "$tmp/game.db" 2>"$tmp/err"); rc=$?
check "watch runs a looped photo" "[ $rc -eq 0 ]"
check "watch prints entries as JSON" "grep -q '\"observation\":\"entered\"' <<<\"\$out\""
check "JSON output is JSON alone (no column headings)" "! grep -q 'reported at' <<<\"\$out\""
check "watch reports timings" "grep -q 'per frame: capture' '$tmp/err'"
check "a recording's tracking time says it includes reading" "grep -q 'tracking with title reading' '$tmp/err'"
n1=$(grep -c '"observation":"entered"' <<<"$out")
check "each card enters once over 24 frames" "[ $n1 -ge 1 ] && [ $n1 -le 3 ]"
replay=$("$ts" replay --json "$tmp/game.db" 2>&1); rc=$?
check "the game store replays" "[ $rc -eq 0 ] && grep -q 'Shivan Dragon\|Wheel of Fortune' <<<\"\$replay\""
# Resuming: the same store again adds to the same game.
out=$("$ts" watch --source "file:$photo" --log "$tmp/game.db" --no-stats 2>&1); rc=$?
check "watch resumes a game store" "[ $rc -eq 0 ] && grep -q 'game store' <<<\"\$out\""
# A tiny recorded session through the real pipeline: two lands in play, one tapped, the other
# taken away some 1.3 s before the recording ends.
printf 'size 960x540\nframes 60\nseed 3\nquality 70\ntitle 20\nat 0 place 1 "Mountain" 1 0.3 0.5\nat 0 place 2 "Forest" 1 0.7 0.5\nat 12 tap 1\nat 14 leave 2\n' >"$tmp/two-lands.script"
"$ts" synth -q --session "$tmp/two-lands.script" --out "$tmp/two-lands" >/dev/null 2>&1
out=$("$ts" watch --source "dir:$tmp/two-lands" --no-stats 2>&1); rc=$?
check "watch reads a recorded session's lands" "[ $rc -eq 0 ] && grep -q 'entered  Mountain' <<<\"\$out\" && grep -q 'entered  Forest' <<<\"\$out\""
check "watch reports the tap" "grep -q 'tapped   tap Mountain' <<<\"\$out\""
check "a land taken away before the recording ends is reported gone, to be confirmed" \
  "grep -q 'left .*Forest: battlefield -> gone.*confirm?' <<<\"\$out\" && ! grep -q 'left .*Mountain' <<<\"\$out\""
check "the text listing heads its columns once, saying an event's time is when it was seen" \
  "[ \$(grep -c '^ *seen at  reported at  card' <<<\"\$out\") -eq 1 ]"
check "the end of the table as found is its own line, not a card's" \
  "grep -q 'the table as found is complete' <<<\"\$out\" && ! grep -q 'setup_end' <<<\"\$out\""
exit $fail
