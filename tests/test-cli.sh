#!/usr/bin/env bash
# The command line's own contract: --help lists the commands, unknown commands fail clearly.
set -u
ts="$1"
fail=0
check() { if eval "$2"; then echo "ok - $1"; else echo "not ok - $1"; fail=1; fi; }

out=$("$ts" --help); rc=$?
check "--help exits 0" "[ $rc -eq 0 ]"
check "--help shows usage" "grep -q 'Usage: tablesight COMMAND' <<<\"\$out\""
out=$("$ts" no-such-command 2>&1); rc=$?
check "unknown command exits 2" "[ $rc -eq 2 ]"
check "unknown command is named" "grep -q \"unknown command 'no-such-command'\" <<<\"\$out\""
out=$("$ts" --version); rc=$?
check "--version" "[ $rc -eq 0 ] && grep -q '^tablesight [0-9]' <<<\"\$out\""
exit $fail
