/**
 * Xiangqi positions for differential testing: master-game positions, capture/check-biased random
 * playouts (sparse endgames, checks, double checks), random legal placements crowded around the
 * generals (pins along the file, cannon screens, horse legs, flying general), and hand-made ones.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { legalMoves } from '../../src/core/perft.js';
import { Position } from '../../src/core/position.js';
import { xiangqi } from '../../src/games/xiangqi/index.js';
import { ADVISOR, CANNON, CHARIOT, ELEPHANT, HORSE, KING, SOLDIER } from '../../src/games/xiangqi/pieces.js';
import { xiangqiPlacementError } from '../../src/games/xiangqi/validate.js';
import { formatXiangqiFen, parseXiangqiFen, xiangqiStartPosition } from '../../src/games/xiangqi/notation/fen.js';
import { parseCoordinate } from '../../src/games/xiangqi/notation/iccs.js';
import { formatProblem } from '../../src/core/problem.js';
import { pick, pickWeighted } from './lib.js';

export interface Sample {
  fen: string;
  source: string;
}

/** FEN with the clocks reset (the oracle must not apply a move-count rule). */
export const fenOf = (pos: Position): string => formatXiangqiFen(pos).replace(/ \d+ \d+$/, ' 0 1');

/** Every `every`-th position (from ply `offset`) of the ICCS games in the given PGN files. */
export function gamePositions(files: readonly string[], every: number, limit: number): Sample[] {
  const out: Sample[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const games = text.split(/\n(?=\[Event )/);
    games.forEach((g, gi) => {
      const moves = g.replace(/\[[^\]]*\]/g, ' ').match(/\b[a-i][0-9][a-i][0-9]\b/g) ?? [];
      const pos = xiangqiStartPosition();
      const offset = gi % every;
      for (let ply = 0; ply <= moves.length; ply++) {
        if (ply % every === offset) out.push({ fen: fenOf(pos), source: `game:${file.split('/').pop()}#${gi + 1}@${ply}` });
        if (ply === moves.length) break;
        const m = parseCoordinate(pos, moves[ply]!, 'iccs');
        if (!m.ok) throw new Error(`${file} game ${gi + 1} ply ${ply + 1}: ${formatProblem(m.error)}`);
        pos.play(m.value);
      }
    });
    if (out.length >= limit) break;
  }
  return out.slice(0, limit);
}

/** Does move m give check? */
function givesCheck(pos: Position, m: number): boolean {
  pos.play(m);
  const c = xiangqi.inCheck(pos);
  pos.undo();
  return c;
}

/**
 * Random playouts from the start (or from `startFens`), preferring captures and checks so they reach
 * sparse endgames and positions in check; records each position with probability `keep`.
 */
export function playoutPositions(r: () => number, count: number, keep = 0.35, startFens: readonly string[] = []): Sample[] {
  const out: Sample[] = [];
  let game = 0;
  while (out.length < count) {
    game++;
    const start = startFens.length && r() < 0.5 ? pick(r, startFens) : null;
    const parsed = start ? parseXiangqiFen(start) : null;
    const pos = parsed?.ok ? parsed.value : xiangqiStartPosition();
    const captureWeight = 2 + r() * 10;
    const checkWeight = 1 + r() * 8;
    const maxPlies = 40 + Math.floor(r() * 260);
    for (let ply = 0; ply < maxPlies && out.length < count; ply++) {
      const moves = legalMoves(pos);
      if (r() < keep) out.push({ fen: fenOf(pos), source: `playout:${game}@${ply}` });
      if (moves.length === 0) break;
      const w = moves.map((m) => {
        let x = 1;
        if (pos.board[(m >>> 8) & 0xff] !== 0) x *= captureWeight;
        if (givesCheck(pos, m)) x *= checkWeight;
        return x;
      });
      pos.play(moves[pickWeighted(r, w)]!);
      if (pos.sp > 1000) break;
    }
  }
  return out;
}

const W = 9;
const sq = (x: number, y: number) => y * W + x;
/** Rank from the owner's side. */
const own = (y: number, side: number) => (side === 0 ? y : 9 - y);

function squaresFor(kind: number, side: number): number[] {
  const out: number[] = [];
  for (let y = 0; y < 10; y++)
    for (let x = 0; x < W; x++) {
      const ry = own(y, side);
      const palace = x >= 3 && x <= 5 && ry <= 2;
      let ok = true;
      if (kind === KING) ok = palace;
      else if (kind === ADVISOR) ok = palace && (x + ry) % 2 === 1;
      else if (kind === ELEPHANT) ok = ((ry === 0 || ry === 4) && (x === 2 || x === 6)) || (ry === 2 && (x === 0 || x === 4 || x === 8));
      else if (kind === SOLDIER) ok = ry >= 5 || (ry >= 3 && x % 2 === 0);
      if (ok) out.push(sq(x, y));
    }
  return out;
}

const SQUARES: number[][][] = [0, 1].map((side) => [0, 1, 2, 3, 4, 5, 6, 7].map((k) => (k === 0 ? [] : squaresFor(k, side))));
const MAX = [0, 1, 2, 2, 2, 2, 2, 5];

/**
 * Random legal placements. With `crowd`, attacking pieces are put near the enemy general (checks,
 * double checks, pins on the general's file and rank, cannon screens, horse legs).
 */
export function placementPositions(r: () => number, count: number): Sample[] {
  const out: Sample[] = [];
  let tries = 0;
  while (out.length < count) {
    tries++;
    const pos = new Position(xiangqi);
    const used = new Set<number>();
    const put = (s: number, code: number) => {
      used.add(s);
      pos.put(s, code);
    };
    const kings = [pick(r, SQUARES[0]![KING]!), pick(r, SQUARES[1]![KING]!)];
    put(kings[0]!, (KING << 1) | 0);
    put(kings[1]!, (KING << 1) | 1);
    const density = r(); // 0: bare endgames … 1: crowded middlegames
    const crowd = r() < 0.6;
    for (const side of [0, 1]) {
      const enemyKing = kings[side ^ 1]!;
      const ex = enemyKing % W;
      const ey = (enemyKing / W) | 0;
      for (let kind = ADVISOR; kind <= SOLDIER; kind++) {
        const n = Math.floor(r() * (MAX[kind]! + 1) * density + (r() < 0.15 ? 1 : 0));
        for (let i = 0; i < Math.min(n, MAX[kind]!); i++) {
          let cands = SQUARES[side]![kind]!.filter((s) => !used.has(s));
          if (crowd && (kind === CHARIOT || kind === CANNON || kind === HORSE || kind === SOLDIER) && r() < 0.7) {
            const near = cands.filter((s) => {
              const x = s % W;
              const y = (s / W) | 0;
              return x === ex || y === ey || (Math.abs(x - ex) <= 2 && Math.abs(y - ey) <= 2);
            });
            if (near.length) cands = near;
          }
          if (cands.length) put(pick(r, cands), (kind << 1) | side);
        }
      }
    }
    // blockers on the generals' files: pins by the flying general and by chariots/cannons
    if (crowd && r() < 0.5) {
      const x = kings[0]! % W;
      for (const y of [3, 4, 5, 6]) {
        if (r() < 0.3 && !used.has(sq(x, y))) {
          const side = r() < 0.5 ? 0 : 1;
          const kind = pick(r, [HORSE, CHARIOT, CANNON]);
          put(sq(x, y), (kind << 1) | side);
        }
      }
    }
    pos.setTurn(r() < 0.5 ? 0 : 1);
    if (xiangqiPlacementError(pos) !== null) continue;
    // too many pieces of a kind (the blockers above) is caught by the placement check
    out.push({ fen: fenOf(pos), source: `placement:${tries}` });
  }
  return out;
}

/** Hand-made positions for the rules that are easy to get wrong. */
export const HAND_MADE: readonly Sample[] = [
  // spec perft positions
  'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1',
  '1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1',
  '4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1',
  'r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1',
  '1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1',
  '5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1',
  // flying general: the only piece between the generals is pinned to the file; a chariot check on it
  '4k4/9/9/9/9/4r4/9/9/9/4K4 w - - 0 1',
  '4k4/9/9/9/4N4/9/9/9/9/4K4 w - - 0 1',
  '4k4/9/9/9/4C4/9/9/9/9/4K4 w - - 0 1',
  '4k4/9/9/9/4p4/9/9/9/9/4K4 b - - 0 1',
  // a general may not step onto the other general's open file
  '3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1',
  '5k3/9/9/9/9/9/9/9/9/3K5 w - - 0 1',
  // cannon checks over a screen of either colour
  '3k5/9/3P5/9/3C5/9/9/9/9/4K4 b - - 0 1',
  '4k4/4a4/9/9/4C4/9/9/9/9/3K5 b - - 0 1',
  '3ak4/4a4/4C4/9/9/9/9/9/9/3K5 b - - 0 1',
  '4k4/4a4/4c4/9/9/9/9/4C4/4A4/3K5 w - - 0 1',
  // horse checks and blocked horse legs (the leg next to the horse, not next to the general)
  '3k5/9/4N4/9/9/9/9/9/9/4K4 b - - 0 1',
  '3k5/4a4/4N4/9/9/9/9/9/9/4K4 b - - 0 1',
  '4k4/9/3N5/9/9/9/9/9/9/3K5 b - - 0 1',
  // double checks: horse + chariot, horse + cannon
  '4k4/9/3N5/9/9/9/9/9/9/3KR4 b - - 0 1',
  '3k5/9/4N4/9/3P5/9/9/3C5/9/4K4 b - - 0 1',
  // discovered check by moving the piece on the file
  '3k5/9/9/9/3N5/9/9/9/3R5/4K4 w - - 0 1',
  // soldiers on the last rank and next to the general
  '3k5/3P5/9/9/9/9/9/9/9/4K4 b - - 0 1',
  '3kP4/9/9/9/9/9/9/9/9/4K4 b - - 0 1',
  '3k1P3/9/9/9/9/9/9/9/9/4K4 w - - 0 1',
  // elephants with a blocked eye; advisors in the palace
  '3k5/9/9/9/9/2B3B2/3p5/9/9/4K4 w - - 0 1',
  '3ak4/4a4/9/9/9/9/9/9/4A4/3AK4 w - - 0 1',
  // no legal move without check (a loss), checkmates
  '3k5/4P4/4P4/9/9/9/9/9/9/4K4 b - - 0 1',
  '4k4/4P4/4R4/9/9/9/9/9/9/3K5 b - - 0 1',
  '3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1',
].map((fen, i) => ({ fen, source: `hand:${i + 1}` }));

/** Hand-made FENs that our own reader accepts (a typo in the list above is caught here). */
export function handPositions(): Sample[] {
  const out: Sample[] = [];
  for (const s of HAND_MADE) {
    const p = parseXiangqiFen(s.fen);
    if (p.ok) out.push({ fen: fenOf(p.value), source: s.source });
    else console.error(`skipping ${s.source} ${s.fen}: ${formatProblem(p.error)}`);
  }
  return out;
}

/** The real games: `$CHUHAN_SHARED/data`, else `../shared/data` beside the repository. */
export const DATA_DIR = join(process.env.CHUHAN_SHARED ?? fileURLToPath(new URL('../../../shared', import.meta.url)), 'data');
