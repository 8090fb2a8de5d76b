import { describe, expect, it } from 'vitest';
import { legalMoves, Perft } from '../src/core/perft.js';
import type { Position } from '../src/core/position.js';
import { formatXiangqiFen, parseXiangqiFen } from '../src/games/xiangqi/notation/fen.js';
import { positionStatus } from '../src/notation/status.js';
import { getGame } from '../src/games/registry.js';
import { iccsMoves, movesFrom, xq } from './helpers/xiangqi.js';

// Kings tucked away on different files so they never face each other unless a test wants it.
const K = (rows: string) => xq(rows);

describe('horse', () => {
  it('moves to all eight points when free', () => {
    expect(movesFrom(K('3k5/9/9/9/9/4N4/9/9/9/5K3 w - - 0 1'), 'e4').sort()).toEqual(
      ['c3', 'c5', 'd2', 'd6', 'f2', 'f6', 'g3', 'g5'].sort(),
    );
  });
  it('is blocked at the leg', () => {
    // a piece on e5 (the leg towards rank 6) blocks d6 and f6
    expect(movesFrom(K('3k5/9/9/9/4P4/4N4/9/9/9/5K3 w - - 0 1'), 'e4').sort()).toEqual(['c3', 'c5', 'd2', 'f2', 'g3', 'g5'].sort());
    // an enemy piece on the leg blocks just the same
    expect(movesFrom(K('3k5/9/9/9/9/3pN4/9/9/9/5K3 w - - 0 1'), 'e4')).not.toContain('c5');
    expect(movesFrom(K('3k5/9/9/9/9/3pN4/9/9/9/5K3 w - - 0 1'), 'e4')).not.toContain('c3');
  });
});

describe('elephant', () => {
  it('moves two points diagonally and stays on its side of the river', () => {
    expect(movesFrom(K('3k5/9/9/9/9/9/9/9/9/2B2K3 w - - 0 1'), 'c0').sort()).toEqual(['a2', 'e2']);
    // from e4? elephants stand on c4/g4 at most: from g4 it cannot cross to e6 or i6
    expect(movesFrom(K('3k5/9/9/9/9/6B2/9/9/9/5K3 w - - 0 1'), 'g4').sort()).toEqual(['e2', 'i2']);
  });
  it('is blocked at the eye', () => {
    expect(movesFrom(K('3k5/9/9/9/9/9/9/9/3N5/2B2K3 w - - 0 1'), 'c0')).toEqual(['a2']);
  });
  it('black elephants stay on ranks 5-9', () => {
    expect(movesFrom(K('3k5/9/9/9/2b6/9/9/9/9/5K3 b - - 0 1'), 'c5').sort()).toEqual(['a7', 'e7']);
  });
});

describe('chariot and cannon', () => {
  it('the cannon captures only over exactly one screen', () => {
    // cannon e2, screen e5 (own pawn), black pieces e6 and e7
    const p = K('3k5/9/4r4/4n4/4P4/9/9/4C4/9/5K3 w - - 0 1');
    const m = movesFrom(p, 'e2');
    expect(m).toContain('e6'); // one screen
    expect(m).not.toContain('e7'); // two screens
    expect(m).not.toContain('e5'); // cannot capture own/adjacent without screen
    expect(m).toContain('e4');
    expect(m).not.toContain('e5');
  });
  it('the cannon cannot capture without a screen, and screens of either colour count', () => {
    const noScreen = K('3k5/9/9/9/9/4n4/9/4C4/9/5K3 w - - 0 1');
    expect(movesFrom(noScreen, 'e2')).not.toContain('e4');
    const enemyScreen = K('3k5/9/9/4r4/9/4n4/9/4C4/9/5K3 w - - 0 1');
    expect(movesFrom(enemyScreen, 'e2')).toContain('e6');
    expect(movesFrom(enemyScreen, 'e2')).not.toContain('e4');
  });
  it('the chariot slides until blocked and captures the first enemy', () => {
    const p = K('3k5/9/9/9/4p4/9/9/4R4/9/5K3 w - - 0 1');
    const m = movesFrom(p, 'e2');
    expect(m).toContain('e5');
    expect(m).not.toContain('e6');
    expect(m.length).toBe(8 + 3 + 2); // rank 2 (8), up to e5 (3), down (2)
  });
});

describe('palace', () => {
  it('the general steps orthogonally inside the palace only', () => {
    expect(movesFrom(K('3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1'), 'f0').sort()).toEqual(['e0', 'f1']);
  });
  it('the advisor steps diagonally inside the palace only', () => {
    expect(movesFrom(K('4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1'), 'e1').sort()).toEqual(['d2', 'f0', 'f2']);
    expect(movesFrom(K('5k3/9/9/9/9/9/9/3A5/9/4K4 w - - 0 1'), 'd2')).toEqual(['e1']);
  });
});

describe('flying general', () => {
  it('3k5/9/9/9/9/9/9/9/9/4K4 w has exactly 2 moves', () => {
    expect(iccsMoves(K('3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1'))).toEqual(['e0e1', 'e0f0']);
  });
  it('a piece between the generals is pinned to the file', () => {
    const p = K('4k4/9/9/9/9/9/9/9/4C4/4K4 w - - 0 1');
    expect(movesFrom(p, 'e1')).toEqual(['e2', 'e3', 'e4', 'e5', 'e6', 'e7', 'e8']);
  });
});

describe('soldier', () => {
  it('moves only forward before the river', () => {
    expect(movesFrom(K('3k5/9/9/9/9/9/4P4/9/9/5K3 w - - 0 1'), 'e3')).toEqual(['e4']);
    expect(movesFrom(K('3k5/9/9/9/9/4P4/9/9/9/5K3 w - - 0 1'), 'e4')).toEqual(['e5']);
  });
  it('moves forward and sideways after the river, never back', () => {
    expect(movesFrom(K('3k5/9/9/9/4P4/9/9/9/9/5K3 w - - 0 1'), 'e5').sort()).toEqual(['d5', 'e6', 'f5']);
  });
  it('on the last rank moves only sideways', () => {
    expect(movesFrom(K('P2k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1'), 'a9')).toEqual(['b9']);
  });
  it('black soldiers move down the board', () => {
    expect(movesFrom(K('3k5/9/9/9/9/4p4/9/9/9/5K3 b - - 0 1'), 'e4').sort()).toEqual(['d4', 'e3', 'f4']);
    expect(movesFrom(K('3k5/9/9/4p4/9/9/9/9/9/5K3 b - - 0 1'), 'e6')).toEqual(['e5']);
  });
});

describe('check, checkmate and stalemate', () => {
  const xqGame = getGame('xiangqi');
  it('no move may leave the own general attacked', () => {
    // red general e0 checked by a chariot on e9? use a black chariot on e5
    const p = K('3k5/9/9/9/4r4/9/9/9/9/4K4 w - - 0 1');
    expect(p.variant.inCheck(p)).toBe(true);
    // e0d0 would face the black general on d9
    expect(iccsMoves(p)).toEqual(['e0f0']);
  });
  it('recognises checkmate (double chariot) as a loss', () => {
    const p = K('3k5/9/9/9/9/9/9/9/r8/r3K4 w - - 0 1');
    expect(legalMoves(p)).toEqual([]);
    expect(positionStatus(xqGame, p)).toEqual({ reason: 'checkmate', winner: 'black' });
  });
  it('recognises stalemate, which also loses', () => {
    // red general e0 cannot move: d0 faces the black general, f0 is on the chariot's file, the horse covers e1
    const p = K('3k1r3/9/9/9/9/9/9/2n6/9/4K4 w - - 0 1');
    expect(p.variant.inCheck(p)).toBe(false);
    expect(legalMoves(p)).toEqual([]);
    expect(positionStatus(xqGame, p)).toEqual({ reason: 'stalemate', winner: 'black' });
  });
  it('a horse check is blocked by a piece on the leg', () => {
    const checked = K('3k5/9/9/9/9/9/9/3n5/9/4K4 w - - 0 1'); // horse d2 attacks e0 over the empty leg d1
    expect(checked.variant.inCheck(checked)).toBe(true);
    const blocked = K('3k5/9/9/9/9/9/9/3n5/3p5/4K4 w - - 0 1');
    expect(blocked.variant.inCheck(blocked)).toBe(false);
  });
});

describe('FEN', () => {
  it('reads w/r/b, H/E synonyms and missing counters', () => {
    const a = xq('rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r');
    expect(formatXiangqiFen(a)).toBe('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1');
  });
  it.each([
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w', 'FEN field 1: expected 10 ranks'],
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w', 'has more than 9 files'],
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w', 'has 8 files instead of 9'],
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w', 'unknown piece letter "X"'],
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w', 'red has no general'],
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x', 'FEN field 2'],
    ['3k5/9/9/9/9/9/9/9/9/3K5 w', 'the generals face each other on file d'],
    ['3k5/9/9/9/9/9/9/9/9/2K6 w', 'red general on c0 is outside the palace'],
    ['3k5/9/9/9/9/9/9/9/9/A3K4 w', 'red advisor on a0 is outside the palace'],
    ['3k5/9/9/9/9/9/9/9/4A4/4K3A w', 'red advisor on i0 is outside the palace'],
    ['3k5/9/9/9/9/9/9/9/9/4AK3 w', 'red advisor on e0 is not'],
    ['3k5/9/9/9/B8/9/9/9/9/4K4 w', 'red elephant on a5 has crossed the river'],
    ['3k5/9/9/9/9/9/9/9/9/4KB3 w', 'red elephant on f0 is not on one of'],
    ['3k5/9/9/9/9/9/9/9/P8/4K4 w', 'red soldier on a1 is behind its starting rank'],
    ['3k5/9/9/9/9/9/1P7/9/9/4K4 w', 'cannot have left its file'],
    ['3k5/9/9/9/9/9/9/9/9/4K4 w - - x 1', 'FEN field 5'],
    ['3k5/9/9/9/9/9/RRR6/9/9/4K4 w', 'red has 3 chariots'],
    ['4k4/9/9/9/9/9/9/9/9/4K4 b', 'the generals face'],
  ])('rejects %s', (fen, message) => {
    const r = parseXiangqiFen(fen);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(formatProblem(r.error)).toContain(message);
  });
});

/** Random playouts: FEN round trip, make/unmake restores board and hash, incremental hash matches. */
function randomWalk(start: Position, plies: number, seed: number, visit: (p: Position) => void): void {
  let s = seed;
  const rnd = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const p = start;
  for (let i = 0; i < plies; i++) {
    visit(p);
    const moves = legalMoves(p);
    if (moves.length === 0) break;
    p.play(moves[Math.floor(rnd() * moves.length)]!);
  }
  visit(p);
}

describe('position invariants on random games', () => {
  it('FEN round trip, incremental hash, make/unmake on 40 random games', () => {
    // every check on every position and move; the failures are collected and asserted once at the
    // end (an expect() per move made this test 15 times slower than the work it checks)
    let positions = 0;
    const failures: string[] = [];
    const fail = (fen: string, what: string) => {
      if (failures.length < 20) failures.push(`${fen}: ${what}`);
    };
    const sameHash = (h: readonly number[], pos: Position) => h[0] === pos.hashLo && h[1] === pos.hashHi;
    const state = (pos: Position) =>
      JSON.stringify({ board: Array.from(pos.board), h: [pos.hashLo, pos.hashHi], turn: pos.turn, half: pos.halfmove });
    for (let g = 0; g < 40; g++) {
      const p = xq('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1');
      randomWalk(p, 150, g + 1, (pos) => {
        positions++;
        const fen = formatXiangqiFen(pos);
        const back = parseXiangqiFen(fen);
        if (!back.ok) fail(fen, `does not parse back: ${back.error}`);
        else {
          const again = formatXiangqiFen(back.value);
          if (again !== fen) fail(fen, `parses back as ${again}`);
          if (back.value.hashLo !== pos.hashLo || back.value.hashHi !== pos.hashHi) fail(fen, 'parsed hash differs from the incremental one');
        }
        if (!sameHash(pos.computeHash(), pos)) fail(fen, 'incremental hash differs from computeHash()');
        const before = state(pos);
        for (const m of legalMoves(pos)) {
          pos.play(m);
          if (!sameHash(pos.computeHash(), pos)) fail(fen, `after ${m}: incremental hash differs from computeHash()`);
          pos.undo();
        }
        const after = state(pos);
        if (after !== before) fail(fen, `play/undo of every move changed the position: ${after}`);
      });
    }
    expect(failures).toEqual([]);
    expect(positions).toBeGreaterThan(2000);
  });
  it('perft from a random middlegame agrees with a slow reference filter', () => {
    // the fast sensitive-square legality filter must agree with "play, test the own general, undo"
    let checked = 0;
    for (let g = 0; g < 30; g++) {
      const p = xq('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1');
      randomWalk(p, 80, 1000 + g, (pos) => {
        const fast = new Set(legalMoves(pos));
        const slow = slowLegal(pos);
        expect([...fast].sort()).toEqual([...slow].sort());
        checked++;
      });
    }
    expect(checked).toBeGreaterThan(1000);
  });
  it('perft is stable under repetition of the same object', () => {
    const p = xq('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1');
    const perft = new Perft();
    expect(perft.count(p, 3)).toBe(79666);
    expect(perft.count(p, 3)).toBe(79666);
    expect(formatXiangqiFen(p)).toBe('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1');
  });
});

import { generatePseudo, isAttacked } from '../src/core/movegen.js';
import { kingSquare } from '../src/games/xiangqi/index.js';
import { formatProblem } from '../src/core/problem.js';

/** Reference legality: every pseudo-legal move, played, must not leave the own general attacked or facing. */
function slowLegal(pos: Position): number[] {
  const buf = new Int32Array(1024);
  const n = generatePseudo(pos, buf, 0);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const m = buf[i]!;
    const us = pos.turn;
    pos.play(m);
    const k = kingSquare(pos, us);
    const other = kingSquare(pos, us ^ 1);
    let facing = k % 9 === other % 9;
    if (facing) for (let s = Math.min(k, other) + 9; s < Math.max(k, other); s += 9) if (pos.board[s]) facing = false;
    if (!isAttacked(pos, k, us ^ 1) && !facing) out.push(m);
    pos.undo();
  }
  return out;
}
