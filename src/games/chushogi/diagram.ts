/**
 * Movement diagrams drawn from the engine's own tables (not from a hand-written picture): a Sente
 * piece is put on an empty board and what its move tables reach within three squares is marked —
 * `step` (○) a single step or jump, `slide` (●) a square of a line it may run along, and for lion
 * power `lionA` (first step) / `lionB` (second step), as in the seed's 飞鹫 and 角鹰 diagrams.
 */
import { pieceCode } from '../../core/piece.js';
import { ensureTables } from '../../core/variant.js';
import { CHU_PIECES } from './pieces.js';
import { chushogi, LION_DIRECTIONS } from './index.js';

export type DiagramMark = 'step' | 'slide' | 'lionA' | 'lionB' | null;

const W = 12;

/** The (2r+1)×(2r+1) marks around the piece, rows top (forward) → bottom, columns left → right. */
export function chuMoveDiagram(kind: number, radius = 3): DiagramMark[][] {
  const spec = CHU_PIECES[kind - 1];
  if (!spec) throw new RangeError(`no chu piece kind ${kind}`);
  const size = 2 * radius + 1;
  const cells: DiagramMark[][] = Array.from({ length: size }, () => new Array<DiagramMark>(size).fill(null));
  const cx = 5;
  const cy = 5;
  const from = cy * W + cx;
  const code = pieceCode(kind, 0); // Sente: forward is up in the diagram
  ensureTables(chushogi);
  const t = chushogi.tables;
  const base = t.classOf[code]! * chushogi.geometry.size + from;
  const mark = (sq: number, m: DiagramMark, override: boolean) => {
    const dx = (sq % W) - cx;
    const dy = ((sq / W) | 0) - cy;
    if (Math.abs(dx) > radius || Math.abs(dy) > radius) return;
    const row = cells[radius - dy]!;
    if (override || row[radius + dx] === null) row[radius + dx] = m;
  };
  for (let i = t.stepStart[base]!, e = t.stepStart[base + 1]!; i < e; i++) mark(t.stepTo[i]!, 'step', false);
  for (let r = t.rayStart[base]!, e = t.rayStart[base + 1]!; r < e; r++)
    for (let i = t.rayFirst[r]!; i < t.rayFirst[r + 1]!; i++) mark(t.raySq[i]!, 'slide', true);
  const dirs = LION_DIRECTIONS.get(spec.id);
  if (dirs) {
    const all = dirs.length === 8;
    for (let dy = -2; dy <= 2; dy++)
      for (let dx = -2; dx <= 2; dx++) {
        if (dx === 0 && dy === 0) continue;
        const ring = Math.max(Math.abs(dx), Math.abs(dy));
        const onLine = dirs.some(([ax, ay]) => ax * ring === dx && ay * ring === dy);
        if (all || onLine) mark((cy + dy) * W + cx + dx, ring === 1 ? 'lionA' : 'lionB', true);
      }
  }
  return cells;
}
