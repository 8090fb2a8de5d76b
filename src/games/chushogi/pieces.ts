/**
 * Chu Shogi pieces as data (seed 004, spec chushogi.md). Kinds are 1-based in this order: the 21
 * kinds of the start position, then the 18 promoted forms. A promoted form is its own kind even when
 * it moves exactly like a base piece (+leopard moves as a Bishop), so it keeps its identity: it
 * cannot promote again, it is written `+F` in SFEN, and a promoted Kirin is a Lion in every respect.
 *
 * Lion power is the one thing mini-Betza cannot say. Its plain part (stepping or jumping to the
 * squares at distance 1 and 2) is ordinary table data (`KNAD` for the Lion, `fWfD` for the Horned
 * Falcon, `fFfA` for the Soaring Eagle); the double move is the named extension `special:
 * 'lion:<atom>'`, where the atom gives the directions of the first step: `K` all eight (a Lion,
 * whose second step may go any way), otherwise a line (`fW` straight forward, `fF` the two forward
 * diagonals) along which the second step continues or comes back.
 */
import type { PieceSpec } from '../../core/piece.js';

/** Special tag of a full Lion (all-round lion power; subject to the lion-trading rules). */
export const LION_SPECIAL = 'lion:K';

export const CHU_PIECES: readonly PieceSpec[] = [
  { id: 'king', name: 'King', letter: 'K', royal: true, moves: [{ betza: 'K' }] },
  { id: 'elephant', name: 'Drunk Elephant', letter: 'E', promotesTo: '+elephant', moves: [{ betza: 'FsfW' }] },
  { id: 'tiger', name: 'Blind Tiger', letter: 'T', promotesTo: '+tiger', moves: [{ betza: 'FsbW' }] },
  { id: 'leopard', name: 'Ferocious Leopard', letter: 'F', promotesTo: '+leopard', moves: [{ betza: 'FvW' }] },
  { id: 'gold', name: 'Gold General', letter: 'G', promotesTo: '+gold', moves: [{ betza: 'WfF' }] },
  { id: 'silver', name: 'Silver General', letter: 'S', promotesTo: '+silver', moves: [{ betza: 'FfW' }] },
  { id: 'copper', name: 'Copper General', letter: 'C', promotesTo: '+copper', moves: [{ betza: 'fFvW' }] },
  { id: 'gobetween', name: 'Go-Between', letter: 'I', promotesTo: '+gobetween', moves: [{ betza: 'vW' }] },
  { id: 'pawn', name: 'Pawn', letter: 'P', promotesTo: '+pawn', moves: [{ betza: 'fW' }] },
  { id: 'lance', name: 'Lance', letter: 'L', promotesTo: '+lance', moves: [{ betza: 'fR' }] },
  { id: 'chariot', name: 'Reverse Chariot', letter: 'A', promotesTo: '+chariot', moves: [{ betza: 'vR' }] },
  { id: 'sidemover', name: 'Side Mover', letter: 'M', promotesTo: '+sidemover', moves: [{ betza: 'sRvW' }] },
  { id: 'verticalmover', name: 'Vertical Mover', letter: 'V', promotesTo: '+verticalmover', moves: [{ betza: 'vRsW' }] },
  { id: 'bishop', name: 'Bishop', letter: 'B', promotesTo: '+bishop', moves: [{ betza: 'B' }] },
  { id: 'rook', name: 'Rook', letter: 'R', promotesTo: '+rook', moves: [{ betza: 'R' }] },
  { id: 'horse', name: 'Dragon Horse', letter: 'H', promotesTo: '+horse', moves: [{ betza: 'BW' }] },
  { id: 'dragon', name: 'Dragon King', letter: 'D', promotesTo: '+dragon', moves: [{ betza: 'RF' }] },
  { id: 'kirin', name: 'Kirin', letter: 'O', promotesTo: '+kirin', moves: [{ betza: 'FD' }] },
  { id: 'phoenix', name: 'Phoenix', letter: 'X', promotesTo: '+phoenix', moves: [{ betza: 'WA' }] },
  { id: 'queen', name: 'Free King', letter: 'Q', moves: [{ betza: 'Q' }] },
  { id: 'lion', name: 'Lion', letter: 'N', special: LION_SPECIAL, moves: [{ betza: 'KNAD' }] },
  // promoted forms
  { id: '+elephant', name: 'Crown Prince', letter: '+E', royal: true, moves: [{ betza: 'K' }] },
  { id: '+tiger', name: 'Flying Stag', letter: '+T', moves: [{ betza: 'FvRsW' }] },
  { id: '+leopard', name: 'Bishop', letter: '+F', moves: [{ betza: 'B' }] },
  { id: '+gold', name: 'Rook', letter: '+G', moves: [{ betza: 'R' }] },
  { id: '+silver', name: 'Vertical Mover', letter: '+S', moves: [{ betza: 'vRsW' }] },
  { id: '+copper', name: 'Side Mover', letter: '+C', moves: [{ betza: 'sRvW' }] },
  { id: '+gobetween', name: 'Drunk Elephant', letter: '+I', moves: [{ betza: 'FsfW' }] },
  { id: '+pawn', name: 'Tokin', letter: '+P', moves: [{ betza: 'WfF' }] },
  { id: '+lance', name: 'White Horse', letter: '+L', moves: [{ betza: 'vRfB' }] },
  { id: '+chariot', name: 'Whale', letter: '+A', moves: [{ betza: 'vRbB' }] },
  { id: '+sidemover', name: 'Free Boar', letter: '+M', moves: [{ betza: 'BsR' }] },
  { id: '+verticalmover', name: 'Flying Ox', letter: '+V', moves: [{ betza: 'BvR' }] },
  { id: '+bishop', name: 'Dragon Horse', letter: '+B', moves: [{ betza: 'BW' }] },
  { id: '+rook', name: 'Dragon King', letter: '+R', moves: [{ betza: 'RF' }] },
  { id: '+horse', name: 'Horned Falcon', letter: '+H', special: 'lion:fW', moves: [{ betza: 'BsbRfWfD' }] },
  { id: '+dragon', name: 'Soaring Eagle', letter: '+D', special: 'lion:fF', moves: [{ betza: 'RbBfFfA' }] },
  { id: '+kirin', name: 'Lion', letter: '+O', special: LION_SPECIAL, moves: [{ betza: 'KNAD' }] },
  { id: '+phoenix', name: 'Free King', letter: '+X', moves: [{ betza: 'Q' }] },
];

/** Kind number (1-based index into CHU_PIECES) of a piece id. */
export function chuKind(id: string): number {
  const i = CHU_PIECES.findIndex((p) => p.id === id);
  if (i < 0) throw new Error(`no chu piece ${id}`);
  return i + 1;
}

/** Kind numbers of the pieces the rules name. */
export const KING = chuKind('king');
export const PAWN = chuKind('pawn');
export const LANCE = chuKind('lance');
export const GOBETWEEN = chuKind('gobetween');
export const LION = chuKind('lion');
export const PROMOTED_KIRIN = chuKind('+kirin');

/** The far four ranks of `side` (y = 0 is Sente's back rank). */
export const inPromotionZone = (y: number, side: number): boolean => (side === 0 ? y >= 8 : y <= 3);

/** Western abbreviations (lishogi "western"), by piece id. */
export const CHU_ABBREVIATIONS: Readonly<Record<string, string>> = Object.freeze({
  king: 'K', elephant: 'DE', '+elephant': 'CP', tiger: 'BT', '+tiger': 'FS', leopard: 'FL', gold: 'G',
  silver: 'S', copper: 'C', gobetween: 'GB', pawn: 'P', '+pawn': '+P', lance: 'L', '+lance': 'WH',
  chariot: 'RC', '+chariot': 'Wh', sidemover: 'SM', '+sidemover': 'FB', verticalmover: 'VM',
  '+verticalmover': 'FO', bishop: 'B', horse: 'DH', rook: 'R', dragon: 'DK', '+horse': 'HF',
  '+dragon': 'SE', kirin: 'Kr', lion: 'Ln', phoenix: 'Ph', queen: 'FK',
  // promoted forms that move like a base piece use that piece's abbreviation
  '+leopard': 'B', '+gold': 'R', '+silver': 'VM', '+copper': 'SM', '+gobetween': 'DE', '+bishop': 'DH',
  '+rook': 'DK', '+kirin': 'Ln', '+phoenix': 'FK',
});

const squash = (s: string): string => s.toLowerCase().replace(/[\s_-]+/g, '');

/**
 * The kind named by `query`: an SFEN letter (`n`, `+H`), an id (`lion`, `+horse`), an English name
 * (`Horned Falcon`, `go-between`), a western abbreviation (`HF`, `Ln`; `Wh` Whale vs `WH` White
 * Horse by case) or `promoted <name>` / `+<name>`. Where a promoted form shares a name with a base
 * piece (Bishop, Lion, Free King, …) the name means the base piece. 0 when nothing matches.
 */
export function chuKindByName(query: string): number {
  const q = query.trim();
  if (q === '') return 0;
  const byIndex = (i: number) => (i < 0 ? 0 : i + 1);
  // SFEN letters, either case
  let i = CHU_PIECES.findIndex((p) => p.letter === q.toUpperCase() && /^\+?[A-Za-z]$/.test(q));
  if (i >= 0) return i + 1;
  // western abbreviations: exact case first, then unique case-insensitive
  const abbr = Object.entries(CHU_ABBREVIATIONS);
  const exact = abbr.filter(([id, a]) => a === q && !id.startsWith('+'));
  const exactAny = exact.length ? exact : abbr.filter(([, a]) => a === q);
  if (exactAny.length) return byIndex(CHU_PIECES.findIndex((p) => p.id === exactAny[0]![0]));
  const s = squash(q);
  const base = CHU_PIECES.findIndex((p) => !p.id.startsWith('+') && (squash(p.id) === s || squash(p.name) === s));
  if (base >= 0) return base + 1;
  i = CHU_PIECES.findIndex((p) => squash(p.id) === s || squash(p.name) === s);
  if (i >= 0) return i + 1;
  const promoted = /^(?:\+|promoted)(.+)$/.exec(s);
  if (promoted) {
    const k = chuKindByName(promoted[1]!);
    const target = k ? CHU_PIECES[k - 1]!.promotesTo : undefined;
    if (target) return chuKind(target);
  }
  const ci = abbr.filter(([, a]) => a.toLowerCase() === s);
  const ids = [...new Set(ci.map(([id]) => id).filter((id) => !id.startsWith('+')))];
  if (ids.length === 1) return chuKind(ids[0]!);
  return 0;
}
