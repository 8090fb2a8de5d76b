#!/bin/sh
# The whole generation of docs/puzzle-sets.md, one process at a time, niced; resumable (each step
# skips what its work file in scripts/puzzles/work/ already holds).
cd "$(dirname "$0")/../.." || exit 1
run() { nice -n 10 npx tsx "$@" || exit 1; }
run scripts/puzzles/generate.ts --game xiangqi
run scripts/puzzles/generate.ts --game chushogi
run scripts/puzzles/confirm.ts --game chushogi
run scripts/puzzles/confirm.ts --game xiangqi
# pass 2: the 40 plies before the last 36 of each master game
run scripts/puzzles/generate.ts --game xiangqi --pass 2 --skip-last 36 --window 40 --per-game 2 --limit 100000
run scripts/puzzles/confirm.ts --game xiangqi
