/**
 * Failure collection for sweeps over thousands of positions or moves: `check` records what went
 * wrong, and the test asserts once at the end (`expect(f.list).toEqual([])`). An `expect()` per move
 * costs far more than the move it checks; one assertion at the end checks the same things.
 */
export interface Failures {
  /** The first failures (up to the limit), each saying where and what. */
  readonly list: string[];
  /** Records `what()` when `ok` is false; returns `ok`. */
  check(ok: boolean, what: () => string): boolean;
}

export function failures(limit = 20): Failures {
  const list: string[] = [];
  let more = 0;
  return {
    list,
    check(ok, what) {
      if (ok) return true;
      if (list.length < limit) list.push(what());
      else list[limit - 1] = `… and ${++more} more`;
      return false;
    },
  };
}
