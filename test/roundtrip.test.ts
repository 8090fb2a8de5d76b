/**
 * Round trips on positions from random legal play: every legal move → each notation → parse → the
 * same move, and no two legal moves of a position share a text.
 *
 * Each sweep checks a seeded sample of its positions (the same sample on every run); the whole set
 * with CHUHAN_FULL_TESTS=1 (test/helpers/sample.ts). The checks are the same in both modes.
 */
import { describe, expect, it } from 'vitest';
import { legalMoves } from '../src/core/perft.js';
import type { Position } from '../src/core/position.js';
import { formatChinese, parseChineseReason } from '../src/games/xiangqi/notation/chinese.js';
import { parseXiangqiCoordinateReason, parseXiangqiMoveReason } from '../src/games/xiangqi/notation/detect.js';
import { formatIccs, formatUci } from '../src/games/xiangqi/notation/iccs.js';
import { formatWxf, parseWxfReason } from '../src/games/xiangqi/notation/wxf.js';
import { readFileSync } from 'node:fs';
import { parseChuMoveReason } from '../src/games/chushogi/notation/detect.js';
import { parseRecords } from '../src/notation/pgn.js';
import { getGame } from '../src/games/registry.js';
import { formatUsi, parseUsi } from '../src/games/chushogi/notation/usi.js';
import { formatWestern, parseWesternReason } from '../src/games/chushogi/notation/western.js';
import { formatXboard } from '../src/games/chushogi/notation/xboard.js';
import { CHU_GAMES } from './helpers/fixtures.js';
import { howMany, sample, seededRandom as rng } from './helpers/sample.js';
import { xq } from './helpers/xiangqi.js';
import { formatProblem, type Problem } from '../src/core/problem.js';

/** Positions met along random games from each start position. */
function randomPositions(starts: string[], games: number, plies: number, seed: number): Position[] {
  const rand = rng(seed);
  const out: Position[] = [];
  for (let g = 0; g < games; g++) {
    const pos = xq(starts[g % starts.length]!);
    for (let i = 0; i < plies; i++) {
      const moves = legalMoves(pos);
      if (moves.length === 0) break;
      out.push(pos.clone());
      pos.play(moves[rand(moves.length)]!);
    }
  }
  return out;
}

const START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
/** Starts with tandem pieces and pawns (3, 4, 5 on a file, two files) for both sides. */
const CROWDED = [
  '3k2P2/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1',
  '3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1',
  '3k5/9/9/9/9/2p3p2/2p3p2/2p6/9/4K4 b - - 0 1',
  '2bak4/4a4/2n1b1n2/2P1r1r2/2P1c1c2/2P2R3/9/4R4/4A4/3AK4 w - - 0 1',
  'r1bak1b1r/4a4/2n3n2/p3p3p/4c4/4C4/P3P3P/2N1C1N2/4A4/R1BAK1B1R w - - 0 1',
];

type Parse = (pos: Position, text: string) => { ok: boolean; value?: number; error?: Problem };

const NOTATIONS: { id: string; format: (pos: Position, m: number) => string; parse: Parse }[] = [
  { id: 'iccs', format: (_p, m) => formatIccs(m), parse: (p, t) => parseXiangqiCoordinateReason(p, t, 'iccs') },
  { id: 'uci', format: (_p, m) => formatUci(m), parse: (p, t) => parseXiangqiCoordinateReason(p, t, 'uci') },
  { id: 'wxf', format: (p, m) => formatWxf(p, m), parse: parseWxfReason },
  { id: 'wxf=', format: (p, m) => formatWxf(p, m, { sideways: '=' }), parse: parseWxfReason },
  { id: 'chinese', format: formatChinese, parse: parseChineseReason },
  // the any-notation reader on the notations whose shapes do not overlap
  { id: 'any(iccs)', format: (_p, m) => formatIccs(m), parse: (p, t) => parseXiangqiMoveReason(p, t) },
  { id: 'any(wxf)', format: (p, m) => formatWxf(p, m), parse: (p, t) => parseXiangqiMoveReason(p, t) },
  { id: 'any(chinese)', format: formatChinese, parse: (p, t) => parseXiangqiMoveReason(p, t) },
];

function checkPositions(positions: Position[]): { moves: number; failures: string[] } {
  const failures: string[] = [];
  let moves = 0;
  for (const pos of positions) {
    const legal = legalMoves(pos);
    moves += legal.length;
    for (const n of NOTATIONS) {
      const seen = new Map<string, number>();
      for (const m of legal) {
        const text = n.format(pos, m);
        const other = seen.get(text);
        if (other !== undefined) failures.push(`${n.id}: ${formatIccs(m)} and ${formatIccs(other)} are both "${text}"`);
        seen.set(text, m);
        const back = n.parse(pos, text);
        if (!back.ok || back.value !== m)
          failures.push(`${n.id}: ${formatIccs(m)} → "${text}" → ${back.ok ? formatIccs(back.value!) : formatProblem(back.error!)}`);
      }
      if (failures.length > 20) return { moves, failures };
    }
  }
  return { moves, failures };
}

// the positions each sweep draws from, and how many of them a default run checks
const XQ_ALL = randomPositions([START], 20, 100, 1);
const XQ_SAMPLE = sample(XQ_ALL, 150, 11);
const CROWDED_ALL = randomPositions(CROWDED, 25, 40, 2);
const CROWDED_SAMPLE = sample(CROWDED_ALL, 200, 13);

describe('xiangqi notation round trips', () => {
  it(`every legal move of ${howMany(XQ_ALL.length, XQ_SAMPLE.length)} positions from random games survives every notation`, () => {
    expect(XQ_ALL.length).toBeGreaterThan(1900);
    const positions = XQ_SAMPLE;
    const { moves, failures } = checkPositions(positions);
    expect(failures).toEqual([]);
    // rich positions: over 25 legal moves each on average (50,000 on the 2,000)
    expect(moves).toBeGreaterThan(25 * positions.length);
  });

  it(`and ${howMany(CROWDED_ALL.length, CROWDED_SAMPLE.length)} positions with tandem pieces and pawns on one and two files`, () => {
    expect(CROWDED_ALL.length).toBeGreaterThan(900);
    const positions = CROWDED_SAMPLE;
    // the sample really holds the hard cases
    const texts = new Set(positions.flatMap((p) => legalMoves(p).map((m) => formatWxf(p, m).slice(0, 2))));
    for (const form of ['++', '--', 'P+', 'P-', 'R+', 'C-', '3+', '7-', '33']) expect(texts).toContain(form);
    const { failures } = checkPositions(positions);
    expect(failures).toEqual([]);
  });
});

// ------------------------------------------------------------------------------------------------
// Chu shogi

const chu = getGame('chushogi');
const chuStart = (): Position => {
  const r = chu.parseFen(chu.startFen);
  if (!r.ok) throw new Error(formatProblem(r.error));
  return r.value;
};

/** Positions along random games from the start. */
function randomChuPositions(games: number, plies: number, every: number, seed: number): Position[] {
  const rand = rng(seed);
  const out: Position[] = [];
  for (let g = 0; g < games; g++) {
    const pos = chuStart();
    for (let i = 0; i < plies; i++) {
      const moves = legalMoves(pos);
      if (moves.length === 0) break;
      if (i % every === 0) out.push(pos.clone());
      pos.play(moves[rand(moves.length)]!);
    }
  }
  return out;
}

/** Positions from the 49 lishogi games (lions, promoted pieces, late middlegames). */
function lishogiPositions(every: number): Position[] {
  const text = readFileSync(CHU_GAMES + 'lishogi_49_games.pgn', 'utf8');
  const out: Position[] = [];
  for (const rec of parseRecords(text)) {
    const start = chu.parseFen(rec.tags['FEN'] ?? chu.startFen);
    if (!start.ok) throw new Error(formatProblem(start.error));
    const pos = start.value;
    rec.moves.forEach((mv, i) => {
      if (i % every === 0) out.push(pos.clone());
      const r = parseUsi(pos, mv.text);
      if (!r.ok) throw new Error(formatProblem(r.error));
      pos.play(r.value);
    });
  }
  return out;
}

const CHU_NOTATIONS: { id: string; format: (pos: Position, m: number, legal: number[]) => string; parse: Parse }[] = [
  { id: 'usi', format: (_p, m) => formatUsi(m), parse: parseUsi },
  { id: 'xboard', format: (_p, m) => formatXboard(m), parse: parseUsi },
  { id: 'western', format: formatWestern, parse: parseWesternReason },
  { id: 'any(western)', format: formatWestern, parse: parseChuMoveReason },
  { id: 'any(xboard)', format: (_p, m) => formatXboard(m), parse: parseChuMoveReason },
];

function checkChuPositions(positions: Position[]): { moves: number; failures: string[]; texts: Set<string> } {
  const failures: string[] = [];
  const texts = new Set<string>();
  let moves = 0;
  for (const pos of positions) {
    const legal = legalMoves(pos);
    moves += legal.length;
    for (const n of CHU_NOTATIONS) {
      const seen = new Map<string, number>();
      for (const m of legal) {
        const text = n.format(pos, m, legal);
        if (n.id === 'western') texts.add(text.replace(/[0-9a-l]+/g, '·')); // shapes, squares blanked
        const other = seen.get(text);
        if (other !== undefined) failures.push(`${n.id}: ${formatUsi(m)} and ${formatUsi(other)} are both "${text}"`);
        seen.set(text, m);
        const back = n.parse(pos, text);
        if (!back.ok || back.value !== m)
          failures.push(`${n.id}: ${formatUsi(m)} → "${text}" → ${back.ok ? formatUsi(back.value!) : formatProblem(back.error!)}`);
      }
      if (failures.length > 20) return { moves, failures, texts };
    }
  }
  return { moves, failures, texts };
}

const CHU_ALL = [...randomChuPositions(6, 300, 6, 3), ...lishogiPositions(30)];
const CHU_SAMPLE = sample(CHU_ALL, 80, 7);

describe('chu shogi notation round trips', () => {
  it(`every legal move of ${howMany(CHU_ALL.length, CHU_SAMPLE.length)} positions (random games and the lishogi games) survives USI, XBoard legs and western`, () => {
    expect(CHU_ALL.length).toBeGreaterThan(550);
    const positions = CHU_SAMPLE;
    const { moves, failures, texts } = checkChuPositions(positions);
    expect(failures).toEqual([]);
    // rich positions: over 70 legal moves each on average (40,000 on the 563)
    expect(moves).toBeGreaterThan(70 * positions.length);
    // the sample holds lion double moves, igui, passes, promotions and disambiguated origins
    for (const form of ['Lnx·x·', 'Lnx·-·', 'Lnx!·', 'Ln-·-·', 'HFx·x·', 'SEx!·', '--', 'P-·+', 'P-·=', 'DK·-·', '+P-·']) expect(texts).toContain(form);
  });
});
