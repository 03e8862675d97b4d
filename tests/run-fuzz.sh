#!/usr/bin/env bash
# Runs a libFuzzer target briefly: new inputs go to a scratch folder, never the source corpus.
# Usage: run-fuzz.sh TARGET SECONDS CORPUS_DIR
set -euo pipefail
target="$1"; seconds="$2"; corpus="$3"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
"$target" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
  "$scratch" "$corpus"
