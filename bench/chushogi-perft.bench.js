// Chu Shogi perft from the start position at depth 4 (1,801,639 distinct moves; issue target
// >= 3 M nodes/s), plus the lishogi-style path count at depth 3 (52,599).
import { Perft } from '../dist/core/perft.js';
import { PathPerft } from '../dist/games/chushogi/paths.js';
import { parseChuSfen } from '../dist/games/chushogi/notation/sfen.js';
import { CHU_START_SFEN } from '../dist/games/chushogi/index.js';

export const name = 'chu shogi perft (start position, depth 4)';

export function run(log) {
  const r = parseChuSfen(CHU_START_SFEN);
  if (!r.ok) throw new Error(r.error);
  const pos = r.value;
  const perft = new Perft();
  perft.count(pos, 3); // warm-up
  let best = Infinity;
  let nodes = 0;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    nodes = perft.count(pos, 4);
    best = Math.min(best, (performance.now() - t0) / 1000);
  }
  log(`nodes ${nodes} (expected 1801639${nodes === 1801639 ? ', ok' : ', MISMATCH'})`);
  log(`best of 3: ${best.toFixed(3)} s, ${(nodes / best / 1e6).toFixed(2)} M nodes/s (target >= 3)`);
  const t1 = performance.now();
  const paths = new PathPerft().count(pos, 3);
  const s = (performance.now() - t1) / 1000;
  log(`lishogi path count depth 3: ${paths} (expected 52599${paths === 52599 ? ', ok' : ', MISMATCH'}) in ${s.toFixed(3)} s`);
}
