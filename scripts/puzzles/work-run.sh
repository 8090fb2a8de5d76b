#!/bin/sh
# The generation run of docs/puzzle-sets.md: xiangqi, then chu, one process at a time, niced.
cd "$(dirname "$0")/../.." || exit 1
nice -n 10 npx tsx scripts/puzzles/generate.ts --game xiangqi "$@" && nice -n 10 npx tsx scripts/puzzles/generate.ts --game chushogi "$@"
