#!/usr/bin/env bash
# 'tablesight cards' from the outside: lookup, match, the 'match --json -' line contract,
# import with its report, --cards with JSON and database files, bad input.
set -u
ts="$1"
fixtures="$2"
fail=0
check() { if eval "$2"; then echo "ok - $1"; else echo "not ok - $1"; fail=1; fi; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

out=$("$ts" --help); check "cards listed in --help" "grep -q '^  cards ' <<<\"\$out\""
out=$("$ts" cards --help); rc=$?
check "cards --help" "[ $rc -eq 0 ] && grep -q 'lookup NAME' <<<\"\$out\""
for sub in import lookup match; do
  out=$("$ts" cards $sub --help); rc=$?
  check "cards $sub --help" "[ $rc -eq 0 ] && grep -q 'Usage:' <<<\"\$out\""
done
"$ts" cards frobnicate >/dev/null 2>&1; rc=$?
check "unknown subcommand exits 2" "[ $rc -eq 2 ]"

# lookup
out=$("$ts" cards lookup "serra angel"); rc=$?
check "lookup exits 0" "[ $rc -eq 0 ]"
check "lookup prints name and cost" "grep -q '^Serra Angel  {3}{W}{W}' <<<\"\$out\""
check "lookup prints type and P/T" "grep -q 'Creature — Angel  4/4' <<<\"\$out\""
check "lookup prints keywords" "grep -q 'keywords: Flying, Vigilance' <<<\"\$out\""
out=$("$ts" cards lookup --json Counterspell); rc=$?
check "lookup --json is JSON with the facts" "[ $rc -eq 0 ] && python3 -c '
import json, sys
c = json.loads(sys.argv[1])
assert c[\"name\"] == \"Counterspell\" and c[\"mana_cost\"] == \"{U}{U}\", c
assert c[\"printed_type\"] == \"Interrupt\" and c[\"colors\"] == [\"U\"], c
assert c[\"printings\"][0][\"set\"] == \"LEA\", c
' \"\$out\""
out=$("$ts" cards lookup "Serra Angle" 2>&1); rc=$?
check "lookup of an unknown name exits 1 and suggests" "[ $rc -eq 1 ] && grep -q 'closest: \"Serra Angel\"' <<<\"\$out\""

# match
out=$("$ts" cards match "B1ack L0tus" -n 3); rc=$?
check "match exits 0" "[ $rc -eq 0 ]"
check "match prints 3 candidates" "[ \$(wc -l <<<\"\$out\") -eq 3 ]"
check "match puts the right card first" "head -1 <<<\"\$out\" | grep -q '^0\.[0-9]*  Black Lotus$'"
out=$("$ts" cards match --json "Lightnirg Bolt"); rc=$?
check "match --json" "[ $rc -eq 0 ] && python3 -c '
import json, sys
o = json.loads(sys.argv[1])
assert o[\"query\"] == \"Lightnirg Bolt\"
assert o[\"candidates\"][0][\"name\"] == \"Lightning Bolt\"
assert len(o[\"candidates\"]) == 5
' \"\$out\""

# the stdin contract: one JSON object per input line, best first, queries echoed exactly
printf 'Shivan Dragcn\nBIack Knight\n\nWa11 of "Stone"\nMahamoti Dj\n\xff\xfe\n' > "$tmp/queries.txt"
"$ts" cards match --json - < "$tmp/queries.txt" > "$tmp/answers.jsonl"; rc=$?
check "match --json - exits 0" "[ $rc -eq 0 ]"
check "match --json - answers every line in order" "python3 -c '
import json, sys
lines = open(sys.argv[1], encoding=\"utf-8\").read().splitlines()
assert len(lines) == 6, lines
objs = [json.loads(l) for l in lines]
assert [o[\"query\"] for o in objs[:5]] == [\"Shivan Dragcn\", \"BIack Knight\", \"\", \"Wa11 of \\\"Stone\\\"\", \"Mahamoti Dj\"], objs
best = [o[\"candidates\"][0][\"name\"] if o[\"candidates\"] else None for o in objs]
assert best[:5] == [\"Shivan Dragon\", \"Black Knight\", None, \"Wall of Stone\", \"Mahamoti Djinn\"], best
for o in objs:
    assert set(o) == {\"query\", \"candidates\"}
    s = [c[\"score\"] for c in o[\"candidates\"]]
    assert s == sorted(s, reverse=True) and all(0 <= x <= 1 for x in s), o
    assert all(set(c) == {\"name\", \"score\"} for c in o[\"candidates\"])
' \"$tmp/answers.jsonl\""
out=$(printf 'Fog\nFork\n' | "$ts" cards match -n 1 -); rc=$?
check "match - without --json answers each line" "[ $rc -eq 0 ] && [ \"\$out\" = \"\$(printf '1.000  Fog\n1.000  Fork')\" ]"
"$ts" cards match -n 0 Fog >/dev/null 2>&1; rc=$?
check "match -n 0 is refused" "[ $rc -eq 2 ]"

# import, then use the database and the JSON file with --cards
out=$("$ts" cards import "$fixtures/good.json" -o "$tmp/good.db" 2>&1); rc=$?
check "import exits 0" "[ $rc -eq 0 ] && [ -s \"$tmp/good.db\" ]"
check "import reports counts" "grep -q '5 cards, 2 faces, 4 printings' <<<\"\$out\""
out=$("$ts" cards lookup --cards "$tmp/good.db" Ice); rc=$?
check "lookup --cards DB finds a face" "[ $rc -eq 0 ] && grep -q '^Fire // Ice' <<<\"\$out\""
out=$("$ts" cards match --cards "$fixtures/good.json" "0gre Maraudr" -n 1); rc=$?
check "match --cards JSON: the example" "[ $rc -eq 0 ] && grep -q 'Ogre Marauder$' <<<\"\$out\""
out=$("$ts" cards import "$fixtures/malformed.json" -o "$tmp/m.db" 2>&1); rc=$?
check "import of malformed entries keeps the rest" "[ $rc -eq 0 ] && grep -q '3 cards' <<<\"\$out\""
check "import names the malformed line" "grep -q 'malformed.json: line 3, byte [0-9]*: malformed JSON' <<<\"\$out\""
out=$("$ts" cards import "$fixtures/truncated.json" -o "$tmp/t.db" 2>&1); rc=$?
check "import of a truncated file fails with the position" "[ $rc -eq 1 ] && grep -q 'line 3, byte 700' <<<\"\$out\""
out=$("$ts" cards import "$fixtures/not-array.json" -o "$tmp/n.db" 2>&1); rc=$?
check "import of a non-card file fails clearly" "[ $rc -eq 1 ] && grep -q 'not a JSON array' <<<\"\$out\" && [ ! -e \"$tmp/n.db\" ]"
out=$("$ts" cards lookup --cards "$tmp/missing.db" Fog 2>&1); rc=$?
check "--cards with a missing file fails clearly" "[ $rc -eq 1 ] && grep -q 'missing.db' <<<\"\$out\""
out=$("$ts" cards lookup --cards "$fixtures/fake-sqlite.db" Fog 2>&1); rc=$?
check "--cards with a foreign SQLite file fails clearly" "[ $rc -eq 1 ] && grep -q 'not a tablesight card database' <<<\"\$out\""

out=$("$ts" cards import -o "$tmp/alpha.db" 2>&1); rc=$?
check "import without FILE writes the bundled set" "[ $rc -eq 0 ] && grep -q '290 cards written' <<<\"\$out\""
out=$("$ts" cards lookup --cards "$tmp/alpha.db" --json Counterspell); rc=$?
check "the written bundled set keeps the 1993 interrupts" "[ $rc -eq 0 ] && grep -q '\"printed_type\":\"Interrupt\"' <<<\"\$out\""

# the binary works from anywhere: the bundled set is inside it
out=$(cd / && "$ts" cards lookup Fog); rc=$?
check "bundled set works from another directory" "[ $rc -eq 0 ] && grep -q '^Fog  {G}' <<<\"\$out\""
exit $fail
