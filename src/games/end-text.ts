/** Wording shared by the games' end rules: the repetition warning sentence. */
import type { WarningFacts } from '../core/end-rules.js';

/**
 * `black: this position has occurred 2 times; 4 checks in a row with 1 piece (seed 003 allows 6);
 * repeating it once more loses by perpetual check`. `allowance` words a forcing-run limit (> 0).
 */
export function repetitionWarningText(
  sideNames: readonly string[],
  repetitions: number,
  w: WarningFacts,
  allowance?: (limit: number) => string,
): string {
  const { run, occurrences: occ } = w;
  const left = repetitions - occ;
  let message = `${sideNames[w.side]}: this position has occurred ${occ} times`;
  if (run && run.count > 0) {
    const what = run.kind === 'check' ? 'checks' : run.kind === 'chase' ? 'chasing moves' : 'attacking moves';
    message += `; ${run.count} ${what} in a row with ${run.pieces} piece${run.pieces === 1 ? '' : 's'}`;
    if (run.limit > 0 && allowance) message += ` (${allowance(run.limit)})`;
  }
  message += left <= 1 ? `; repeating it once more loses by ${w.ruling}` : `; repeating it ${left} more times loses by ${w.ruling}`;
  return message;
}
