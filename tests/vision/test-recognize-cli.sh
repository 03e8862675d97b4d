#!/usr/bin/env bash
# test-recognize-cli.sh — the `tablesight recognize` contract: one JSON line per image with
# the documented fields, a readable table without --json, overlays, and for a corrupt or
# missing image an error line while the other images are still processed and the exit
# status is non-zero.
set -u
ts="$1"
scenes="$TS_SOURCE_DIR/tests/fixtures/scenes"
fail=0
check() { if eval "$2"; then echo "ok - $1"; else echo "not ok - $1"; fail=1; fi; }
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

out=$("$ts" recognize --help); rc=$?
check "--help exits 0" "[ $rc -eq 0 ]"
check "--help names --json" "grep -q -- '--json' <<<\"\$out\""

"$ts" recognize 2>"$tmp/err"; rc=$?
check "no image is a usage error" "[ $rc -ne 0 ] && grep -q 'no image' \"$tmp/err\""

"$ts" recognize --json "$scenes/tapped-stack.jpg" "$scenes/clutter-only.jpg" >"$tmp/ok.jsonl"; rc=$?
check "two good images exit 0" "[ $rc -eq 0 ]"
check "one line per image" "[ \$(wc -l <\"$tmp/ok.jsonl\") -eq 2 ]"
python3 - "$tmp/ok.jsonl" <<'PY' >"$tmp/shape" 2>&1
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
a, b = lines
assert a["image"].endswith("tapped-stack.jpg") and a["width"] == 800 and a["height"] == 600
assert isinstance(a["ms"], (int, float)) and a["ms"] > 0
assert len(a["cards"]) >= 1 and b["cards"] == []
for c in a["cards"]:
    assert set(c) == {"name", "score", "tapped", "angle", "quad", "title"}, c
    assert isinstance(c["name"], str) and 0 <= c["score"] <= 1
    assert c["tapped"] is True and 0 <= c["angle"] < 360
    assert c["quad"] is None or (len(c["quad"]) == 4 and all(len(p) == 2 for p in c["quad"]))
    assert len(c["title"]) == 4 and all(len(p) == 2 for p in c["title"])
print("shape ok")
PY
check "JSON lines have the documented shape" "grep -q 'shape ok' \"$tmp/shape\""

printf 'not a jpeg at all' >"$tmp/corrupt.jpg"
"$ts" recognize --json "$tmp/corrupt.jpg" "$tmp/missing.png" "$scenes/tapped-stack.jpg" \
  >"$tmp/mixed.jsonl" 2>"$tmp/mixed.err"; rc=$?
check "a bad image makes the exit status non-zero" "[ $rc -ne 0 ]"
check "three lines, one per image" "[ \$(wc -l <\"$tmp/mixed.jsonl\") -eq 3 ]"
check "corrupt image has an error line" "sed -n 1p \"$tmp/mixed.jsonl\" | grep -q '\"error\"'"
check "missing image has an error line naming it" "sed -n 2p \"$tmp/mixed.jsonl\" | grep -q 'missing.png'"
check "the good image is still read" "sed -n 3p \"$tmp/mixed.jsonl\" | grep -q '\"cards\":\\[{'"
check "errors go to stderr too" "[ \$(wc -l <\"$tmp/mixed.err\") -ge 2 ]"

"$ts" recognize "$scenes/tapped-stack.jpg" "$tmp/missing.png" >"$tmp/table.txt" 2>"$tmp/table.err"; rc=$?
check "table mode: exit non-zero with a missing file" "[ $rc -ne 0 ]"
check "table mode lists tapped cards" "grep -q 'tapped' \"$tmp/table.txt\""
check "table mode names the missing file" "grep -q 'missing.png' \"$tmp/table.err\""

"$ts" recognize --overlay "$tmp/ov" "$scenes/tapped-stack.jpg" >/dev/null; rc=$?
check "overlay written" "[ $rc -eq 0 ] && [ -s \"$tmp/ov/tapped-stack.png\" ]"

"$ts" recognize --cards "$tmp/missing-db.json" "$scenes/tapped-stack.jpg" 2>"$tmp/db.err"; rc=$?
check "a missing card database is an error" "[ $rc -ne 0 ] && [ -s \"$tmp/db.err\" ]"

printf '[{"name": "Fear",\n  oops' >"$tmp/torn-db.json"
"$ts" recognize --cards "$tmp/torn-db.json" "$scenes/tapped-stack.jpg" 2>"$tmp/torn.err"; rc=$?
check "a malformed card database is an error naming the file and line" \
  "[ $rc -ne 0 ] && grep -q 'torn-db.json: line 2' \"$tmp/torn.err\""

exit $fail
