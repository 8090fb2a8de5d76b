/** The mate fixtures (fixtures/tactics/) and an independent brute-force solver for them. */
import { readFileSync } from 'node:fs';
import { legalMoves } from '../../src/core/perft.js';
import type { Position } from '../../src/core/position.js';
import { getGame, type GameId } from '../../src/games/registry.js';

/**
 * Has the side to move lost now: no legal move, or an ending of its game's rules that needs none
 * (chu's royals captured and bare king: capturing a lone royal's last piece wins at once)?
 */
function lostNow(pos: Position, replies: number): boolean {
  if (replies === 0) return true;
  const r = getGame(pos.variant.spec.id as GameId).endRules.quickResult(pos, false);
  return r !== null && r.winner !== null && r.winner !== pos.turn;
}

/** The rows of a fixtures/tactics file: `field | field | …`, `#` comments and blank lines skipped. */
export const tacticsFixture = (name: string): string[][] =>
  readFileSync(new URL(`../../fixtures/tactics/${name}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((l) => l.split('|').map((f) => f.trim()));

/** Brute force, no pruning, no evaluation: does the side to move win within n moves (`lostNow` of the opponent)? */
export function wins(pos: Position, n: number): boolean {
  for (const m of legalMoves(pos)) {
    pos.play(m);
    const lost = loses(pos, n - 1);
    pos.undo();
    if (lost) return true;
  }
  return false;
}

/** Is the side to move lost within n more moves of the opponent (`lostNow`)? */
export function loses(pos: Position, n: number): boolean {
  const replies = legalMoves(pos);
  if (lostNow(pos, replies.length)) return true;
  if (n <= 0) return false;
  for (const r of replies) {
    pos.play(r);
    const ok = wins(pos, n);
    pos.undo();
    if (!ok) return false;
  }
  return true;
}
