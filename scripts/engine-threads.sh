#!/bin/bash
# chuhan's XBoard engine searching on N threads (default 2): sends `cores N` before the GUI's
# commands. For matches of threads against one thread:
#   npm run match -- --opponent "scripts/engine-threads.sh 2" --variant xiangqi --games 20 --tc 40/10 --openings builtin
here="$(cd "$(dirname "$0")/.." && pwd)"
{ echo "cores ${1:-2}"; exec cat; } | exec node "$here/bin/chuhan.js" engine --protocol xboard
