/** The mate fixtures (fixtures/tactics/) and an independent brute-force solver for them. */
import { readFileSync } from 'node:fs';
import { legalMoves } from '../../src/core/perft.js';
import type { Position } from '../../src/core/position.js';

/** The rows of a fixtures/tactics file: `field | field | …`, `#` comments and blank lines skipped. */
export const tacticsFixture = (name: string): string[][] =>
  readFileSync(new URL(`../../fixtures/tactics/${name}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((l) => l.split('|').map((f) => f.trim()));

/** Brute force, no pruning, no evaluation: does the side to move win within n moves (no legal move = lost)? */
export function wins(pos: Position, n: number): boolean {
  for (const m of legalMoves(pos)) {
    pos.play(m);
    const lost = loses(pos, n - 1);
    pos.undo();
    if (lost) return true;
  }
  return false;
}

/** Is the side to move lost within n more moves of the opponent (no legal move = lost)? */
export function loses(pos: Position, n: number): boolean {
  const replies = legalMoves(pos);
  if (replies.length === 0) return true;
  if (n <= 0) return false;
  for (const r of replies) {
    pos.play(r);
    const ok = wins(pos, n);
    pos.undo();
    if (!ok) return false;
  }
  return true;
}
