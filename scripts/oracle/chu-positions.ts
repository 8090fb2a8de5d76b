/**
 * Chu Shogi positions for differential testing: every ply of the 49 lishogi games, random playouts
 * biased to captures, lion-power moves, double moves and promotions (lion-rich and sparse boards),
 * and "lion duel" placements built around the lion-trading rules: enemy lions one or two squares
 * away with and without protectors (X-ray protectors behind the capturing lion, pawns and
 * go-betweens on the middle square), bridge pieces, Falcons and Eagles next to lions, and
 * counter-strike squares.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { legalMoves } from '../../src/core/perft.js';
import { Position } from '../../src/core/position.js';
import { chushogi, CHU_START_SFEN, LION_CODE, royalsLost } from '../../src/games/chushogi/index.js';
import { formatChuSfen, parseChuSfen } from '../../src/games/chushogi/notation/sfen.js';
import { parseUsi } from '../../src/games/chushogi/notation/usi.js';
import { formatProblem } from '../../src/core/problem.js';
import { pick, pickWeighted } from './lib.js';

export interface Sample {
  sfen: string;
  source: string;
}

const W = 12;
const SIZE = 144;
const kind = (id: string): number => {
  const k = chushogi.kindOf.get(id);
  if (!k) throw new Error(`no piece ${id}`);
  return k;
};
const code = (id: string, side: number): number => (kind(id) << 1) | side;
const xOf = (s: number) => s % W;
const yOf = (s: number) => (s / W) | 0;
const at = (x: number, y: number) => (x < 0 || y < 0 || x >= W || y >= W ? -1 : y * W + x);

/** The SFEN with the move number reset (the oracle does not need it). */
export const sfenOf = (pos: Position): string => formatChuSfen(pos).replace(/ \d+$/, ' 1');

/** Every ply of the lishogi games (the move number kept as in the game). */
export function gamePositions(file: string): Sample[] {
  const text = readFileSync(file, 'utf8');
  const out: Sample[] = [];
  text
    .split(/(?=\[Event )/)
    .filter((g) => g.trim() !== '')
    .forEach((g, gi) => {
      const fen = /\[FEN "([^"]+)"\]/.exec(g)?.[1] ?? CHU_START_SFEN;
      const moves = g.replace(/\[[^\]]*\]/g, ' ').split(/\s+/).filter((t) => t !== '' && !/^\d+\.$/.test(t) && t !== '*');
      const p = parseChuSfen(fen);
      if (!p.ok) throw new Error(formatProblem(p.error));
      const pos = p.value;
      for (let ply = 0; ply <= moves.length; ply++) {
        if (!royalsLost(pos)) out.push({ sfen: sfenOf(pos), source: `game:${gi + 1}@${ply}` });
        if (ply === moves.length) break;
        const m = parseUsi(pos, moves[ply]!);
        if (!m.ok) throw new Error(`game ${gi + 1} ply ${ply + 1}: ${formatProblem(m.error)}`);
        pos.play(m.value);
      }
    });
  return out;
}

/**
 * Random playouts from the start (or from given positions): each game draws its own preferences for
 * captures, lion-power pieces, double moves and promotions, and keeps positions with probability `keep`.
 */
export function playoutPositions(r: () => number, count: number, keep = 0.25, starts: readonly string[] = []): Sample[] {
  const out: Sample[] = [];
  let game = 0;
  while (out.length < count) {
    game++;
    const start = starts.length ? pick(r, starts) : CHU_START_SFEN;
    const p = parseChuSfen(start);
    if (!p.ok) throw new Error(formatProblem(p.error));
    const pos = p.value;
    const cw = 1 + r() * 20;
    const lw = 1 + r() * 8;
    const dw = 1 + r() * 8;
    const pw = r() * 4;
    const lionHunt = 1 + r() * 20;
    const maxPlies = 50 + Math.floor(r() * 500);
    for (let ply = 0; ply < maxPlies && out.length < count; ply++) {
      if (royalsLost(pos)) break;
      const moves = legalMoves(pos);
      if (moves.length === 0) break;
      if (r() < keep) out.push({ sfen: sfenOf(pos), source: `playout:${game}@${ply}` });
      const b = pos.board;
      const w = moves.map((m) => {
        const from = m & 0xff;
        const to = (m >>> 8) & 0xff;
        const mid = ((m >>> 16) & 0xff) - 1;
        const capTo = to !== from ? b[to]! : 0;
        const capMid = mid >= 0 ? b[mid]! : 0;
        let x = 1;
        if (capTo || capMid) x *= cw;
        if (LION_CODE[capTo] || LION_CODE[capMid]) x *= lionHunt;
        if (pos.variant.special[b[from]!]) x *= lw;
        if (mid >= 0) x *= dw;
        if (m & 0x1000000) x *= 1 + pw;
        return x;
      });
      pos.play(moves[pickWeighted(r, w)]!);
      if (pos.sp > 3000) break;
    }
  }
  return out;
}

const BASE_IDS = ['elephant', 'tiger', 'leopard', 'gold', 'silver', 'copper', 'gobetween', 'pawn', 'lance', 'chariot',
  'sidemover', 'verticalmover', 'bishop', 'rook', 'horse', 'dragon', 'kirin', 'phoenix', 'queen', 'lion'];
const PROMOTED_IDS = ['+elephant', '+tiger', '+leopard', '+gold', '+silver', '+copper', '+gobetween', '+pawn', '+lance',
  '+chariot', '+sidemover', '+verticalmover', '+bishop', '+rook', '+horse', '+dragon', '+kirin', '+phoenix'];
const SLIDERS = ['rook', 'bishop', 'queen', 'dragon', 'horse', 'lance', 'chariot', 'sidemover', 'verticalmover', '+horse', '+dragon', '+tiger', '+sidemover', '+verticalmover', '+chariot', '+lance'];
const LIONISH = ['lion', '+kirin', '+horse', '+dragon'];

/**
 * Placements around the lion-trading rules (see the file comment). About a third have a
 * counter-strike square; a few have no royals at all, or only Crown Princes.
 */
export function duelPositions(r: () => number, count: number): Sample[] {
  const out: Sample[] = [];
  let tries = 0;
  while (out.length < count) {
    tries++;
    const pos = new Position(chushogi);
    const us = r() < 0.5 ? 0 : 1;
    const them = us ^ 1;
    const free = (s: number) => s >= 0 && pos.board[s] === 0;
    const place = (s: number, c: number) => {
      if (free(s)) pos.put(s, c);
    };
    const near = (s: number, d: number): number => at(xOf(s) + Math.floor(r() * (2 * d + 1)) - d, yOf(s) + Math.floor(r() * (2 * d + 1)) - d);
    // our lion-power piece and the enemy lion one or two squares away
    const L = at(1 + Math.floor(r() * 10), 1 + Math.floor(r() * 10));
    place(L, code(r() < 0.7 ? 'lion' : pick(r, LIONISH), us));
    const dist = r() < 0.75 ? 2 : 1;
    let E = -1;
    for (let k = 0; k < 20 && E < 0; k++) {
      const s = at(xOf(L) + Math.floor(r() * (2 * dist + 1)) - dist, yOf(L) + Math.floor(r() * (2 * dist + 1)) - dist);
      if (free(s)) E = s;
    }
    if (E < 0) continue;
    place(E, code(r() < 0.8 ? 'lion' : '+kirin', them));
    // a second enemy lion sometimes, and our own second lion-power piece
    if (r() < 0.3) place(near(L, 2), code(pick(r, ['lion', '+kirin']), them));
    if (r() < 0.5) place(near(E, 2), code(pick(r, LIONISH), us));
    // middle squares: pawns / go-betweens (no bridge) or other pieces (bridge) of the enemy
    const mids: number[] = [];
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const s = at(xOf(L) + dx, yOf(L) + dy);
        if (s >= 0 && s !== L && Math.max(Math.abs(xOf(s) - xOf(E)), Math.abs(yOf(s) - yOf(E))) === 1) mids.push(s);
      }
    for (const s of mids) {
      const x = r();
      if (x < 0.25) place(s, code(pick(r, ['pawn', 'gobetween']), them));
      else if (x < 0.4) place(s, code(pick(r, [...BASE_IDS, ...PROMOTED_IDS].filter((id) => id !== 'lion')), them));
      else if (x < 0.45) place(s, code(pick(r, ['pawn', 'gold', 'silver']), us));
    }
    // protectors of the enemy lion: near it, or a slider on the line behind our lion (X-ray)
    const protectors = Math.floor(r() * 3);
    for (let i = 0; i < protectors; i++) place(near(E, 2), code(pick(r, [...BASE_IDS, ...PROMOTED_IDS]), them));
    if (r() < 0.35) {
      const dx = Math.sign(xOf(L) - xOf(E));
      const dy = Math.sign(yOf(L) - yOf(E));
      if ((dx === 0 || dy === 0 || Math.abs(xOf(L) - xOf(E)) === Math.abs(yOf(L) - yOf(E))) && (dx || dy)) {
        const k = 1 + Math.floor(r() * 4);
        place(at(xOf(L) + dx * k, yOf(L) + dy * k), code(pick(r, SLIDERS), them));
      }
    }
    // our non-lion attackers of the enemy lion (the counter-strike rule), Falcons and Eagles
    const attackers = Math.floor(r() * 4);
    for (let i = 0; i < attackers; i++) place(near(E, 2), code(pick(r, [...BASE_IDS, ...PROMOTED_IDS].filter((id) => id !== 'lion' && id !== '+kirin')), us));
    // general clutter
    const clutter = Math.floor(r() * r() * 40);
    for (let i = 0; i < clutter; i++) place(Math.floor(r() * SIZE), code(pick(r, [...BASE_IDS, ...PROMOTED_IDS]), r() < 0.5 ? 0 : 1));
    // royals
    const royals = r();
    for (const side of [0, 1]) {
      if (royals < 0.05) continue;
      let s = -1;
      for (let k = 0; k < 50 && s < 0; k++) {
        const t = Math.floor(r() * SIZE);
        if (free(t)) s = t;
      }
      place(s, code(royals < 0.1 ? '+elephant' : 'king', side));
    }
    pos.setTurn(us as 0 | 1);
    // counter-strike square: where the opponent's non-lion stands, an empty square, or an opponent's +O
    if (r() < 0.35) {
      const cands: number[] = [];
      for (let s = 0; s < SIZE; s++) {
        const p = pos.board[s]!;
        if (p === 0 ? r() < 0.03 : (p & 1) === them && (!LION_CODE[p] || p >> 1 === kind('+kirin'))) cands.push(s);
      }
      if (cands.length) pos.setAux(pick(r, cands) + 1);
    }
    const sfen = sfenOf(pos);
    const back = parseChuSfen(sfen);
    if (!back.ok || royalsLost(back.value)) continue;
    out.push({ sfen, source: `duel:${tries}` });
  }
  return out;
}

/** Random boards: any pieces anywhere (promotion-zone edges, dead pawns and lances, crowds). */
export function randomPositions(r: () => number, count: number): Sample[] {
  const out: Sample[] = [];
  let tries = 0;
  while (out.length < count) {
    tries++;
    const pos = new Position(chushogi);
    const n = 2 + Math.floor(r() * r() * 70);
    for (let i = 0; i < n; i++) {
      const s = Math.floor(r() * SIZE);
      if (pos.board[s] === 0) pos.put(s, code(pick(r, r() < 0.7 ? BASE_IDS : PROMOTED_IDS), r() < 0.5 ? 0 : 1));
    }
    for (const side of [0, 1]) {
      const s = Math.floor(r() * SIZE);
      if (r() < 0.95) pos.put(s, code('king', side));
    }
    pos.setTurn(r() < 0.5 ? 0 : 1);
    const sfen = sfenOf(pos);
    const back = parseChuSfen(sfen);
    if (!back.ok || royalsLost(back.value)) continue;
    out.push({ sfen, source: `random:${tries}` });
  }
  return out;
}

/** Hand-made positions (spec reference positions and rule corner cases). */
export const HAND_MADE: readonly Sample[] = [
  CHU_START_SFEN,
  '12/12/12/12/12/12/5N6/12/12/12/12/12 b - 1',
  '12/12/12/12/12/12/5+H6/12/12/12/12/12 b - 1',
  '12/12/12/12/12/12/5+D6/12/12/12/12/12 b - 1',
  '12/12/12/12/4B2l4/4S7/5N6/7n4/12/12/12/12 b - 1',
  // lion two squares away: unprotected, protected, protected by an X-ray rook behind our lion
  'k11/12/12/12/12/5n6/12/5N6/12/12/12/11K b - 1',
  'k11/12/12/12/5p6/5n6/12/5N6/12/12/12/11K b - 1',
  'k11/12/12/12/12/5n6/12/5N6/12/5r6/12/11K b - 1',
  // bridge captures: a gold (bridge) or a pawn (no bridge) between the lions
  'k11/12/12/12/4g7/5n6/5g6/5N6/12/12/12/11K b - 1',
  'k11/12/12/12/4g7/5n6/5p6/5N6/12/12/12/11K b - 1',
  // counter-strike: a lion was just taken on 7e (igui, now empty): the gold may not take the lion on
  // 7f; a promoted Kirin that took a lion on 7f may be taken there
  'k11/12/12/12/12/5n6/5G6/4R7/12/12/12/11K b 7e 1',
  'k11/12/12/12/12/5+o6/5G6/4R7/12/12/12/11K b 7f 1',
].map((sfen, i) => ({ sfen, source: `hand:${i + 1}` }));

/** The real games: `$CHUHAN_SHARED/data`, else `../shared/data` beside the repository. */
export const DATA_DIR = join(process.env.CHUHAN_SHARED ?? fileURLToPath(new URL('../../../shared', import.meta.url)), 'data');
