/** Every variant of a game searches with that game's profile: the chu rule sets and mate problems too. */
import { describe, expect, it } from 'vitest';
import { profileFor } from '../src/engine/profiles.js';
import { chushogi, chushogiJcsa, chushogiJcsaProblem, chushogiProblem } from '../src/games/chushogi/index.js';
import { xiangqi } from '../src/games/xiangqi/index.js';

describe('engine profiles', () => {
  it('the JCSA and mate-problem chu variants get the chu profile (royals capturable, the chu repetition judge), not the generic one', () => {
    const base = profileFor(chushogi);
    expect(base.royalsCapturable).toBe(true);
    for (const v of [chushogiJcsa, chushogiProblem, chushogiJcsaProblem]) {
      const p = profileFor(v);
      expect(p.royalsCapturable).toBe(true);
      expect(p.repetitionScore).toBeDefined();
      expect(p.generateCaptures).toBeDefined();
      expect(profileFor(v)).toBe(p); // cached per variant
    }
    expect(profileFor(xiangqi).royalsCapturable).not.toBe(true);
  });
});
