/** Lines explaining a judged repetition (for `validate --explain`). */
import type { CycleExplanation } from './end-rules.js';
import type { Move } from './move.js';
import { formatResult } from './game-result.js';

/** The occurrences, the cycle move by move, the ruling; `formatMove(ply, move)` names a move. */
export function formatExplanation(e: CycleExplanation, sideNames: readonly string[], formatMove: (ply: number, m: Move) => string): string[] {
  const lines = [`position at ply ${e.occurrences[e.occurrences.length - 1]} occurred at plies ${e.occurrences.join(', ')}`];
  lines.push(`cycle: plies ${e.from}–${e.to}`);
  for (const mv of e.moves) {
    const what: string[] = [];
    if (mv.check) what.push('check');
    if (mv.attack && !mv.check) what.push('attacking');
    if (mv.chases.length) what.push(`chases ${mv.chases.join(', ')}`);
    if (mv.entry) what.push('(made the first occurrence)');
    lines.push(`  ${String(mv.ply).padStart(4)}. ${sideNames[mv.side]!.padEnd(5)} ${formatMove(mv.ply, mv.move).padEnd(8)} ${what.length ? what.join('; ') : '-'}`);
  }
  lines.push(`ruling: ${formatResult(e.result)}`);
  return lines;
}
