// Xiangqi perft from the start position at depth 5 (133,312,995 nodes; issue target >= 10 M nodes/s).
import { Perft } from '../dist/core/perft.js';
import { parseXiangqiFen } from '../dist/games/xiangqi/notation/fen.js';

export const name = 'xiangqi perft (start position, depth 5)';

export function run(log) {
  const r = parseXiangqiFen('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1');
  const perft = new Perft();
  perft.count(r.value, 3); // warm-up
  const t0 = performance.now();
  const nodes = perft.count(r.value, 5);
  const s = (performance.now() - t0) / 1000;
  log(`nodes ${nodes} (expected 133312995${nodes === 133312995 ? ', ok' : ', MISMATCH'})`);
  log(`time ${s.toFixed(2)} s, ${(nodes / s / 1e6).toFixed(2)} M nodes/s`);
}
