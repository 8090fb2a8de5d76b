#!/bin/sh
# The whole generation of docs/puzzle-sets.md, one process at a time, niced; resumable (each step
# skips what its work file in scripts/puzzles/work/ already holds).
cd "$(dirname "$0")/../.." || exit 1
run() { nice -n 10 npx tsx "$@" || exit 1; }
# the project's engine matches (fixtures/matches/): chuhan against HaChu (chu), Fairy-Stockfish and MaxQi (xiangqi)
CHU_MATCHES='fixtures/matches/2026-12-01/chuhan-vs-hachu-chu-40-20-ae83594.pgn,fixtures/matches/2026-12-01/chuhan-vs-hachu-chu-40-20-margin1000-partial.pgn,fixtures/matches/2026-12-01/chuhan-vs-hachu-chu-40-20.pgn,fixtures/matches/2026-12-01/levels/chu-L1-H40-4.pgn,fixtures/matches/2026-12-01/levels/chu-L3-H40-4.pgn,fixtures/matches/2026-12-01/levels/chu-L5-H40-4.pgn,fixtures/matches/2026-12-01/levels2/chu-L1-H40-4.pgn,fixtures/matches/2026-12-01/levels2/chu-L2-H40-4.pgn,fixtures/matches/2026-12-01/levels2/chu-L3-H40-4.pgn,fixtures/matches/2026-12-01/levels2/chu-L4-H40-4.pgn,fixtures/matches/2026-12-01/levels2/chu-L5-H40-4.pgn,fixtures/matches/2026-12-01/levels2/chu-L6-H40-4.pgn,fixtures/matches/2026-12-01/levels2/chu-L7-H40-20.pgn,fixtures/matches/2026-12-01/levels2/chu-L8-H40-20.pgn,fixtures/matches/2026-12-03/chuhan-vs-hachu-chu-40-20-e8b8164.pgn,fixtures/matches/2026-12-04/chuhan-vs-hachu-chu-40-20-aa6d5ac.pgn,fixtures/matches/2026-12-05/chu-levels3/chu-L1-H40-4.pgn,fixtures/matches/2026-12-05/chu-levels3/chu-L2-H40-4.pgn,fixtures/matches/2026-12-05/chu-levels3/chu-L3-H40-4.pgn,fixtures/matches/2026-12-05/chu-levels3/chu-L4-H40-4.pgn,fixtures/matches/2026-12-05/chu-levels3/chu-L5-H40-4.pgn,fixtures/matches/2026-12-05/chu-levels3/chu-L6-H40-4.pgn'
XQ_MATCHES='fixtures/matches/2026-12-01/chuhan-vs-fairy-stockfish-xiangqi-40-30.pgn,fixtures/matches/2026-12-01/chuhan-vs-maxqi-xiangqi-40-20.pgn,fixtures/matches/2026-12-03/chuhan-vs-fairy-stockfish-xiangqi-40-30-5a54170.pgn,fixtures/matches/2026-12-03/chuhan-vs-fairy-stockfish-xiangqi-40-30-9a15a99-b.pgn,fixtures/matches/2026-12-03/chuhan-vs-fairy-stockfish-xiangqi-40-30-9a15a99.pgn,fixtures/matches/2026-12-03/chuhan-vs-fairy-stockfish-xiangqi-40-30-c2a7c02.pgn,fixtures/matches/2026-12-03/chuhan-vs-fairy-stockfish-xiangqi-40-30-e8b8164.pgn,fixtures/matches/2026-12-04/chuhan-vs-fairy-stockfish-xiangqi-40-30-aa6d5ac.pgn,fixtures/matches/2026-12-04/chuhan-vs-maxqi-xiangqi-40-20-aa6d5ac.pgn,fixtures/matches/chuhan-vs-maxqi-xiangqi-40-60.pgn,fixtures/matches/fairy-stockfish-vs-maxqi-client-200ms.pgn'
run scripts/puzzles/generate.ts --game chushogi --more "$CHU_MATCHES" --limit 100000
run scripts/puzzles/confirm.ts --game chushogi
run scripts/puzzles/generate.ts --game xiangqi --more "$XQ_MATCHES" --limit 100000
run scripts/puzzles/confirm.ts --game xiangqi
# more candidates (not run for the shipped sets): a second pass over the 40 plies before the last 36
#   run scripts/puzzles/generate.ts --game xiangqi --pass 2 --skip-last 36 --window 40 --per-game 2 --limit 100000
#   run scripts/puzzles/confirm.ts --game xiangqi
