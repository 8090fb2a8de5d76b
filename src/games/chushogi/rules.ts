/**
 * The chu rule sets a player may choose (`--rules lishogi|jcsa`, the PGN tag `[Rules "jcsa"]`):
 * one small object each, naming the variant (move generation: counter-strike, last-rank
 * promotion) and the end rules (bare king, stalemate) that carry the differences. lishogi is the
 * default. docs/rules.md lists every difference with a test position.
 */
import type { EndRules } from '../../core/end-rules.js';
import type { Variant } from '../../core/variant.js';
import { chushogiEndRules, chushogiJcsaEndRules } from './end.js';
import { chushogi, chushogiJcsa } from './index.js';

export type ChuRulesId = 'lishogi' | 'jcsa';

export interface ChuRules {
  readonly id: ChuRulesId;
  /** One line for help texts. */
  readonly title: string;
  /** The moves (positions read under these rules carry it). */
  readonly variant: Variant;
  readonly endRules: EndRules;
  /** SFEN reading under these rules (the third field's meaning differs). */
  readonly jcsa: boolean;
}

export const LISHOGI_RULES: ChuRules = {
  id: 'lishogi',
  title: 'lishogi (default): counter-strike bans non-lion lion captures elsewhere; pawn and lance promote on the last rank; bare king with two or more pieces; stalemate loses',
  variant: chushogi,
  endRules: chushogiEndRules,
  jcsa: false,
};

export const JCSA_RULES: ChuRules = {
  id: 'jcsa',
  title: 'JCSA: Okazaki counter-strike; only the pawn promotes on the last rank; bare king only against king and one piece; stalemate drawn',
  variant: chushogiJcsa,
  endRules: chushogiJcsaEndRules,
  jcsa: true,
};

export const CHU_RULES: ReadonlyMap<string, ChuRules> = new Map([
  ['lishogi', LISHOGI_RULES],
  ['jcsa', JCSA_RULES],
]);
