#!/usr/bin/env bash
# test-synth-cli.sh — `tablesight synth`: writes scenes with JSON beside them, deterministic
# from the seed, clear failures on bad options; sessions write frames and events.
set -u
ts="$1"
fail=0
check() { if eval "$2"; then echo "ok - $1"; else echo "not ok - $1"; fail=1; fi; }
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

out=$("$ts" synth --help); rc=$?
check "--help exits 0" "[ $rc -eq 0 ]"
check "--help names --preset" "grep -q -- '--preset' <<<\"\$out\""

"$ts" synth --out "$tmp/a" --count 3 --size 320x240 --seed 5 --preset normal 2>"$tmp/err"; rc=$?
check "writes scenes" "[ $rc -eq 0 ]"
check "three pictures" "[ \$(ls \"$tmp/a\"/scene-*.jpg | wc -l) -eq 3 ]"
check "three truths" "[ \$(ls \"$tmp/a\"/scene-*.json | wc -l) -eq 3 ]"
check "progress on stderr" "grep -q 'scenes 3/3' \"$tmp/err\""
check "json names its picture" "grep -q '\"image\":\"scene-0002.jpg\"' \"$tmp/a/scene-0002.json\""
check "json has width and cards" "grep -q '\"width\":320,\"height\":240,\"cards\":\\[' \"$tmp/a/scene-0001.json\""
check "picture is a JPEG" "[ \"\$(head -c 2 \"$tmp/a/scene-0001.jpg\" | od -An -tx1 | tr -d ' ')\" = ffd8 ]"

"$ts" synth --quiet --out "$tmp/b" --count 3 --size 320x240 --seed 5 --preset normal; rc=$?
check "same seed again" "[ $rc -eq 0 ]"
check "same seed, same bytes" "cmp -s \"$tmp/a/scene-0003.jpg\" \"$tmp/b/scene-0003.jpg\" && cmp -s \"$tmp/a/scene-0003.json\" \"$tmp/b/scene-0003.json\""
"$ts" synth --quiet --out "$tmp/c" --count 1 --size 320x240 --seed 6 --preset normal
check "other seed, other picture" "! cmp -s \"$tmp/a/scene-0001.jpg\" \"$tmp/c/scene-0001.jpg\""

"$ts" synth --quiet --out "$tmp/d" --count 2 --size 320x240 --preset clutter
check "clutter has no cards" "grep -q '\"cards\":\\[\\]' \"$tmp/d/scene-0001.json\" && grep -q '\"cards\":\\[\\]' \"$tmp/d/scene-0002.json\""

printf 'Black Lotus\nTime Vault\n' > "$tmp/names.txt"
"$ts" synth --quiet --out "$tmp/e" --count 2 --size 320x240 --preset easy --names "$tmp/names.txt"
check "names file is used" "grep -q -E 'Black Lotus|Time Vault' \"$tmp/e/scene-0001.json\""

out=$("$ts" synth --out "$tmp/f" --preset nonsense 2>&1); rc=$?
check "bad preset exits 2" "[ $rc -eq 2 ]"
check "bad preset is named" "grep -q \"unknown preset 'nonsense'\" <<<\"\$out\""
out=$("$ts" synth --out "$tmp/f" --size 12by7 2>&1); rc=$?
check "bad size exits 2" "[ $rc -eq 2 ] && grep -q '12by7' <<<\"\$out\""
out=$("$ts" synth --count 2 2>&1); rc=$?
check "missing --out exits 2" "[ $rc -eq 2 ] && grep -q -- '--out' <<<\"\$out\""
out=$("$ts" synth --out "$tmp/g" --names /nonexistent/names.txt 2>&1); rc=$?
check "missing names file fails clearly" "[ $rc -eq 1 ] && grep -q '/nonexistent/names.txt' <<<\"\$out\""
out=$("$ts" synth --out "$tmp/h" --cards /nonexistent/cards.db 2>&1); rc=$?
check "missing card database fails clearly" "[ $rc -eq 1 ] && grep -q '/nonexistent/cards.db' <<<\"\$out\""
cat > "$tmp/game.script" <<'SCRIPT'
size 160x96
frames 12
title 4
at 0 place 1 "Island" 1 0.3 0.7
at 1 tap 1
SCRIPT
"$ts" synth --session "$tmp/game.script" --out "$tmp/s" --truth 2>"$tmp/serr"; rc=$?
check "session renders" "[ $rc -eq 0 ]"
check "session writes every frame" "[ \$(ls \"$tmp/s\"/frame-*.jpg | wc -l) -eq 12 ]"
check "session progress" "grep -q 'frames 12/12' \"$tmp/serr\""
check "session events" "[ \$(wc -l < \"$tmp/s/events.jsonl\") -eq 2 ] && grep -q '\"frame\":6,\"event\":\"tapped\",\"id\":1' \"$tmp/s/events.jsonl\""
check "session truth has ids" "grep -q '\"id\":1,\"name\":\"Island\",\"tapped\":true' \"$tmp/s/frame-0011.json\""
printf 'at 0 place 1 "Island" 1 0.3 0.7\nat 2 explode 1\n' > "$tmp/bad.script"
out=$("$ts" synth --session "$tmp/bad.script" --out "$tmp/t" 2>&1); rc=$?
check "bad script fails with its line" "[ $rc -eq 1 ] && grep -q 'bad.script:2: unknown command' <<<\"\$out\""
"$ts" synth --quiet --random-session 60 --seed 2 --size 160x90 --out "$tmp/r"; rc=$?
check "random session renders" "[ $rc -eq 0 ] && [ -s \"$tmp/r/session.script\" ] && [ -s \"$tmp/r/events.jsonl\" ]"
check "random session frames" "[ \$(ls \"$tmp/r\"/frame-*.jpg | wc -l) -eq 60 ]"
out=$("$ts" synth --random-session 5 --out "$tmp/r2" 2>&1); rc=$?
check "too short a random session exits 2" "[ $rc -eq 2 ]"
exit $fail
