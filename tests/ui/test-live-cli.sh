#!/usr/bin/env bash
# `tablesight dashboard --source`: the window on the live pipeline from the command line, and
# its option errors.
set -u
exe="$1"
shots="$2"
src="${TS_SOURCE_DIR:?}/tests/fixtures/demo-session"
fail() { echo "FAIL: $*"; exit 1; }
mkdir -p "$shots"

png="$shots/11-live-cli.png"
rm -f "$png"
"$exe" dashboard --source "dir:$src" --screenshot "$png" || fail "dashboard --source exited $?"
[ -s "$png" ] || fail "no screenshot written"

out=$("$exe" dashboard --calibration /nonexistent.ini 2>&1)
[ $? -eq 2 ] || fail "--calibration without --source should exit 2"
grep -q -- "--calibration needs --source" <<<"$out" || fail "unclear message: $out"

out=$("$exe" dashboard --source "dir:$src" --calibration /nonexistent/table.ini \
        --screenshot "$shots/unused.png" 2>&1)
[ $? -ne 0 ] || fail "a missing calibration file should fail"
grep -q "/nonexistent/table.ini" <<<"$out" || fail "the error does not name the file: $out"

out=$("$exe" dashboard --source "dir:/nonexistent/session" --screenshot "$shots/unused.png" 2>&1)
[ $? -ne 0 ] || fail "a missing source should fail"
grep -q "/nonexistent/session" <<<"$out" || fail "the error does not name the source: $out"
"$exe" dashboard --help | grep -q -- "--source" || fail "--help does not list --source"
echo ok
