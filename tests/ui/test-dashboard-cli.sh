#!/usr/bin/env bash
# `tablesight dashboard` end to end: options, and the window drawn for an event log and for
# an empty table (saved with --screenshot, then checked to be a real PNG). Run under Xvfb by
# run-gui-test.sh.
set -u
ts="$1"
out_dir="$2"
fail=0
check() { if eval "$2"; then echo "ok - $1"; else echo "not ok - $1"; fail=1; fi; }
is_png() { [ -s "$1" ] && [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ]; }

mkdir -p "$out_dir"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

out=$("$ts" dashboard --help 2>&1); rc=$?
check "--help exits 0" "[ $rc -eq 0 ]"
check "--help names --replay, --session and --truth" "grep -q -- '--replay' <<<\"\$out\" && grep -q -- '--session' <<<\"\$out\" && grep -q -- '--truth' <<<\"\$out\""
out=$("$ts" dashboard --no-such-option 2>&1); rc=$?
check "unknown option exits 2" "[ $rc -eq 2 ]"
out=$("$ts" dashboard stray-argument 2>&1); rc=$?
check "stray argument exits 2 and is named" "[ $rc -eq 2 ] && grep -q stray-argument <<<\"\$out\""

cat >"$tmp/game.jsonl" <<'JSONL'
{"kind":"game_start","players":["Alice","Bob"],"profile":"modern"}
{"kind":"life","player":1,"amount":-3}
{"kind":"step"}
JSONL
"$ts" dashboard --replay "$tmp/game.jsonl" --screenshot "$out_dir/cli-replay.png"; rc=$?
check "--replay draws the window and exits 0" "[ $rc -eq 0 ]"
check "--replay screenshot is a PNG" "is_png '$out_dir/cli-replay.png'"

# No option: the bundled recorded session (rendered by the build beside tablesight) through
# the camera pipeline, as a new user first sees it; --truth plays it from its ground truth.
# The screenshot waits until the recording has played through: the game the window recorded
# (in its data folder) holds the last change, the goblin going to its graveyard.
if [ -d "$(dirname "$ts")/demo-session" ]; then
  XDG_DATA_HOME="$tmp/data" "$ts" dashboard --screenshot "$out_dir/cli-first-run.png"; rc=$?
  check "no option opens the demo session" "[ $rc -eq 0 ] && is_png '$out_dir/cli-first-run.png'"
  games=("$tmp"/data/tablesight/games/*.db)
  out=$("$ts" log show "${games[0]}" 2>&1)
  check "the first-run screenshot is of the whole session played" \
    "grep -q 'Grizzly Bears' <<<\"\$out\" && grep -q 'battlefield → graveyard' <<<\"\$out\""
  "$ts" dashboard --truth --screenshot "$out_dir/cli-first-run-truth.png"; rc=$?
  check "--truth opens the demo session's truth" \
    "[ $rc -eq 0 ] && is_png '$out_dir/cli-first-run-truth.png'"
  out=$("$ts" dashboard --truth --session "$tmp" 2>&1); rc=$?
  check "--truth with --session exits 2" "[ $rc -eq 2 ] && grep -q -- '--truth' <<<\"\$out\""
fi

"$ts" dashboard --empty --screenshot "$out_dir/cli-empty.png"; rc=$?
check "--empty draws the window" "[ $rc -eq 0 ] && is_png '$out_dir/cli-empty.png'"

out=$("$ts" dashboard --empty --screenshot "$tmp/no/such/dir/x.png" 2>&1); rc=$?
check "unwritable screenshot fails clearly" "[ $rc -eq 1 ] && grep -q 'x.png' <<<\"\$out\""

# A corrupt event log still opens the window (with the error in its banner), never crashes.
printf '{"kind":"game_start","players":["A","B"]}\n{not json\n' >"$tmp/bad.jsonl"
"$ts" dashboard --replay "$tmp/bad.jsonl" --screenshot "$tmp/bad.png"; rc=$?
check "corrupt log: window still drawn" "[ $rc -eq 0 ] && is_png '$tmp/bad.png'"
exit $fail
