#!/bin/sh
# The whole generation of docs/puzzle-sets.md, one process at a time, niced; resumable (each step
# skips what its work file in scripts/puzzles/work/ already holds). Extra options go to generate.ts.
#   scripts/puzzles/run-all.sh [--limit N]
cd "$(dirname "$0")/../.." || exit 1
run() { nice -n 10 npx tsx "$@" || exit 1; }
run scripts/puzzles/generate.ts --game chushogi
run scripts/puzzles/confirm.ts --game chushogi
run scripts/puzzles/generate.ts --game xiangqi --limit "${XQ_CANDIDATES:-1800}"
run scripts/puzzles/confirm.ts --game xiangqi
