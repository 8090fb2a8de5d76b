// The lean xiangqi replay of packed records (games/xiangqi/lean-replay.ts) must give what the
// history gives move by move (replay.ts replayPacked) and what the general replay of the record's
// move texts gives: the same reports, rulings, repetition explanations, and the same history
// (hashes, check flags, the position, walking back included). Compared on master games and on
// random playouts made to repeat, give check, chase, capture down to bare material, run into the
// 60-move rule, and with illegal moves at random plies.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FLAG_CHECK, GameHistory } from '../src/core/history.js';
import { moveFrom, moveTo, plainMove, type Move } from '../src/core/move.js';
import { generatePseudo } from '../src/core/movegen.js';
import type { Position } from '../src/core/position.js';
import { PackedRecord, RecordReader, type GameRecord } from '../src/notation/pgn.js';
import { Replayer, reportJsonText } from '../src/notation/replay.js';
import { xiangqiEndRules } from '../src/games/xiangqi/end.js';
import { xiangqi, XIANGQI_START_FEN } from '../src/games/xiangqi/index.js';
import { leanReplay } from '../src/games/xiangqi/lean-replay.js';
import { forgetChases } from '../src/games/xiangqi/chase.js';
import { isLegalMove } from '../src/games/xiangqi/notation/legal-check.js';
import { formatIccs } from '../src/games/xiangqi/notation/iccs.js';
import { packedCoordinateMove } from '../src/games/xiangqi/notation/record.js';
import { getGame } from '../src/games/registry.js';
import { formatXiangqiFen } from '../src/games/xiangqi/notation/fen.js';
import { formatBoardField } from '../src/core/board-text.js';

const game = getGame('xiangqi');
const startOf = (fen: string): Position => {
  const r = game.parseFen(fen);
  if (!r.ok) throw new Error(`bad FEN ${fen}`);
  return r.value;
};

/** A fixed-seed generator (the same cases every run). */
function rng(seed: number): (n: number) => number {
  let s = seed;
  return (n) => {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
    return (s >>> 8) % n;
  };
}

interface Style {
  /** Percent of plies that move the piece moved two plies before back (repetitions). */
  back: number;
  /** Percent that give check when one does. */
  check: number;
  /** Percent that capture when one does (0: never, for the 60-move rule). */
  capture: number;
  /** Side 0 forces: a check whenever it has one (back to where it came from first), else a move that attacks a piece (a chase). */
  forcing?: boolean;
}

const buf = new Int32Array(1024);
const buf2 = new Int32Array(1024);

/** A random legal game from `start` in the given style. */
function playout(rnd: (n: number) => number, start: Position, plies: number, style: Style): Move[] {
  const pos = start.clone(plies + 16);
  const moves: Move[] = [];
  for (let k = 0; k < plies; k++) {
    const n = xiangqi.generateLegal(pos, buf, 0);
    if (n === 0) break;
    const legal = Array.from(buf.subarray(0, n));
    let m = -1;
    const back = moves.length >= 2 ? plainMove(moveTo(moves[moves.length - 2]!), moveFrom(moves[moves.length - 2]!)) : -1;
    if (style.forcing && pos.turn === 0) {
      const after = (c: Move, test: () => boolean): boolean => {
        pos.play(c);
        const yes = test();
        pos.undo();
        return yes;
      };
      const checks = legal.filter((c) => after(c, () => xiangqi.inCheck(pos)));
      // a move after which the moved piece can take something
      const attacks = legal.filter((c) =>
        after(c, () => {
          pos.setTurn(0);
          const k = generatePseudo(pos, buf2, 0);
          pos.setTurn(1);
          for (let i = 0; i < k; i++) if (moveFrom(buf2[i]!) === moveTo(c) && pos.board[moveTo(buf2[i]!)] !== 0) return true;
          return false;
        }),
      );
      const pick = checks.length > 0 ? checks : attacks;
      if (pick.includes(back) && rnd(100) < 80) m = back;
      else if (pick.length > 0) m = pick[rnd(pick.length)]!;
    }
    if (m < 0 && back >= 0 && rnd(100) < style.back && legal.includes(back)) m = back;
    if (m < 0 && rnd(100) < style.check) {
      const checks = legal.filter((c) => {
        pos.play(c);
        const yes = xiangqi.inCheck(pos);
        pos.undo();
        return yes;
      });
      if (checks.length > 0) m = checks[rnd(checks.length)]!;
    }
    const quiet = legal.filter((c) => pos.board[moveTo(c)] === 0);
    if (m < 0 && rnd(100) < style.capture) {
      const caps = legal.filter((c) => pos.board[moveTo(c)] !== 0);
      if (caps.length > 0) m = caps[rnd(caps.length)]!;
    }
    if (m < 0 && style.capture === 0 && quiet.length > 0) m = quiet[rnd(quiet.length)]!;
    if (m < 0) m = legal[rnd(n)]!;
    pos.play(m);
    moves.push(m);
  }
  return moves;
}

/** A move that is not legal at the end of `moves` from start: one that exposes the general, a move of the wrong side, or any key. */
function illegalAfter(rnd: (n: number) => number, start: Position, moves: readonly Move[]): Move {
  const pos = start.clone(moves.length + 16);
  for (const m of moves) pos.play(m);
  const kind = rnd(3);
  if (kind === 0) {
    const n = generatePseudo(pos, buf, 0);
    const bad: Move[] = [];
    for (let i = 0; i < n; i++) if (!isLegalMove(pos, buf[i]!)) bad.push(buf[i]!);
    if (bad.length > 0) return bad[rnd(bad.length)]!;
  }
  if (kind === 1) {
    pos.setTurn((pos.turn ^ 1) as 0 | 1);
    const n = xiangqi.generateLegal(pos, buf, 0);
    if (n > 0) return buf[rnd(n)]!;
  }
  return plainMove(rnd(90), rnd(90));
}

/** A PGN game of the moves (ICCS, or UCI numbering with a Format tag when every rank fits one digit). */
function pgnOf(i: number, fen: string | null, moves: readonly Move[], uci: boolean): string {
  let texts = moves.map((m) => formatIccs(m));
  let format = '';
  if (uci && texts.every((t) => !t.includes('9'))) {
    texts = texts.map((t) => t.replace(/[0-8]/g, (d) => String(Number(d) + 1)));
    format = '[Format "UCI"]\n';
  }
  let body = '';
  texts.forEach((t, k) => {
    body += (k % 2 === 0 ? `${k / 2 + 1}. ` : '') + t + ' ';
  });
  return `[Event "g${i}"]\n${format}${fen ? `[FEN "${fen}"]\n` : ''}\n${body}*\n`;
}

function read(text: string, packed: boolean): GameRecord[] {
  const r = new RecordReader({ packedMoves: packed });
  return [...r.push(text), ...r.end()];
}

/** Each game's validate JSON (with the explanation lines), by the lean replay, the history move by move, and the general replay. */
function threeWays(text: string, explain: boolean): [string[], string[], string[], number] {
  const packed = read(text, true);
  const run = (recs: GameRecord[], opts: object): string[] => {
    const r = new Replayer({ ...opts, ...(explain ? { explain: true } : {}) });
    return recs.map((rec) => {
      const rep = r.replay(rec);
      return reportJsonText('f', rep) + (rep.explanation ? `\n${rep.explanation.lines.join('\n')}` : '');
    });
  };
  return [run(packed, {}), run(packed, { lean: false }), run(read(text, false), {}), packed.filter((r) => r instanceof PackedRecord).length];
}

/** Start positions: the start, and positions of capture-heavy playouts (few pieces; some in check; clocks far on). */
function starts(rnd: (n: number) => number, count: number): (string | null)[] {
  const out: (string | null)[] = [null];
  const s = startOf(XIANGQI_START_FEN);
  while (out.length < count) {
    const moves = playout(rnd, s, 40 + rnd(120), { back: 0, check: 20, capture: 70 });
    const pos = s.clone(400);
    for (const m of moves) pos.play(m);
    const fields = game.formatFen(pos).split(' ');
    // a halfmove clock far on: the 60-move rule soon
    if (rnd(3) === 0) fields[4] = String(60 + rnd(60));
    out.push(fields.join(' '));
  }
  return out;
}

describe('lean replay (games/xiangqi/lean-replay.ts)', () => {
  it('gives the reports of the history move by move and of the general replay on random playouts', () => {
    const rnd = rng(12);
    const fens = starts(rnd, 30);
    const styles: Style[] = [
      { back: 70, check: 10, capture: 10 },
      { back: 40, check: 60, capture: 5 },
      { back: 20, check: 20, capture: 30 },
      { back: 10, check: 30, capture: 0 },
      { back: 0, check: 10, capture: 60 },
      { back: 80, check: 0, capture: 5, forcing: true },
    ];
    let text = '';
    let illegal = 0;
    for (let g = 0; g < 180; g++) {
      const fen = fens[rnd(fens.length)]!;
      const start = startOf(fen ?? XIANGQI_START_FEN);
      const moves = playout(rnd, start, 20 + rnd(220), styles[g % styles.length]!);
      if (rnd(4) === 0 && moves.length > 0) {
        const at = rnd(moves.length);
        moves.splice(at, moves.length - at, illegalAfter(rnd, start, moves.slice(0, at)), ...moves.slice(at + 1, at + 3));
        illegal++;
      }
      text += pgnOf(g, fen, moves, rnd(5) === 0) + '\n';
    }
    for (const explain of [false, true]) {
      const [lean, stepwise, general, packedCount] = threeWays(text, explain);
      expect(packedCount).toBeGreaterThan(110);
      expect(lean).toEqual(stepwise);
      expect(lean).toEqual(general);
      if (!explain) {
        // the sample has what it is meant to have
        const all = lean.join('\n');
        const count = (re: RegExp): number => all.match(re)?.length ?? 0;
        expect(count(/"ok":false/g)).toBeGreaterThan(illegal / 2);
        expect(count(/"reason":"repetition"/g)).toBeGreaterThan(5);
        expect(count(/"reason":"perpetual check"/g)).toBeGreaterThan(3);
        expect(count(/"reason":"perpetual chase"/g)).toBeGreaterThan(0);
        expect(count(/"reason":"move limit"/g)).toBeGreaterThan(2);
        expect(count(/"reason":"insufficient material"/g)).toBeGreaterThan(0);
        expect(count(/"reason":"checkmate"|"reason":"stalemate"/g)).toBeGreaterThan(0);
        expect(count(/"rulings"/g)).toBeGreaterThan(10);
      }
    }
  });

  it('gives the reports of the history move by move on master games', () => {
    const file = join(import.meta.dirname, '..', 'fixtures', 'games', 'xiangqi', 'Liu_Dahua_1125_UCI_games.pgn');
    const all = readFileSync(file, 'utf8');
    const text = all.slice(0, all.indexOf('[Event', 150_000));
    const [lean, stepwise, , packedCount] = threeWays(text, false);
    expect(packedCount).toBeGreaterThan(100);
    expect(lean).toEqual(stepwise);
    expect(lean.join().includes('"rulings"')).toBe(true);
  });

  it('writes the FEN board field as formatBoardField does', () => {
    const rnd = rng(5);
    const s = startOf(XIANGQI_START_FEN);
    let n = 0;
    for (let g = 0; g < 20; g++) {
      const pos = s.clone(400);
      for (const m of playout(rnd, s, 30 + rnd(200), { back: 0, check: 10, capture: 50 })) {
        pos.play(m);
        expect(formatXiangqiFen(pos).split(' ')[0]).toBe(formatBoardField(pos));
        n++;
      }
    }
    expect(n).toBeGreaterThan(1000);
  });

  it('judges each cycle as it is judged without the chases kept from the cycles judged before', () => {
    const rnd = rng(31);
    const file = join(import.meta.dirname, '..', 'fixtures', 'games', 'xiangqi', 'Hu_Ronghua_1391_UCI_games.pgn');
    const recs = read(readFileSync(file, 'utf8').slice(0, 400_000), true).filter((r): r is PackedRecord => r instanceof PackedRecord);
    // master games, and playouts of a side that checks or attacks whenever it can while the other goes back and forth
    const s = startOf(XIANGQI_START_FEN);
    const games: Int32Array[] = recs.map((r) => r.packed);
    for (let g = 0; g < 40; g++) {
      const moves = playout(rnd, s, 60 + rnd(120), { back: 80, check: 0, capture: 5, forcing: true });
      const packed = new Int32Array(moves.length * 3);
      moves.forEach((m, k) => {
        const from = moveFrom(m);
        const to = moveTo(m);
        packed[k * 3] = (from % 9) * 900 + ((from / 9) | 0) * 90 + (to % 9) * 10 + ((to / 9) | 0);
      });
      games.push(packed);
    }
    const h = new GameHistory(xiangqiEndRules, s);
    const judged = (packed: Int32Array, forget: boolean): string[] => {
      const out: string[] = [];
      h.reset(s);
      if (forget) forgetChases();
      const n = leanReplay(h, packed, false, (ply, e) => {
        out.push(`${ply} ${e.reason} ${e.detail}`);
        if (ply < packed.length / 3) h.overrule();
        if (forget) forgetChases();
        return true;
      });
      const e = h.result();
      if (e && /repetition|perpetual/.test(e.reason)) {
        if (forget) forgetChases();
        out.push(JSON.stringify(h.explain()));
      }
      out.push(String(n));
      return out;
    };
    let chases = 0;
    for (const packed of games) {
      const kept = judged(packed, false);
      expect(kept).toEqual(judged(packed, true));
      chases += kept.filter((x) => x.includes('chase')).length;
    }
    expect(chases).toBeGreaterThan(20);
  });

  it('leaves the history as recording every move does: hashes, flags, position, walking back', () => {
    const rnd = rng(7);
    const fens = starts(rnd, 8);
    for (let g = 0; g < 40; g++) {
      const fen = fens[g % fens.length] ?? XIANGQI_START_FEN;
      const start = startOf(fen);
      const moves = playout(rnd, start, 10 + rnd(150), { back: 50, check: 30, capture: 10 });
      const packed = new Int32Array(moves.length * 3);
      moves.forEach((m, k) => {
        const from = moveFrom(m);
        const to = moveTo(m);
        packed[k * 3] = (from % 9) * 900 + ((from / 9) | 0) * 90 + (to % 9) * 10 + ((to / 9) | 0);
        expect(packedCoordinateMove(packed[k * 3]!, false)).toBe(m);
      });
      const ref = new GameHistory(xiangqiEndRules, start);
      const refEnds: string[] = [];
      let checked = -1;
      for (const m of moves) {
        expect(isLegalMove(ref.position, m, checked)).toBe(true);
        const e = ref.record(m);
        if (e) {
          refEnds.push(`${ref.plies} ${e.reason} ${e.detail}`);
          ref.overrule();
        }
        checked = ref.flagsAt(ref.plies) & FLAG_CHECK ? 1 : 0;
      }
      const h = new GameHistory(xiangqiEndRules, start);
      const ends: string[] = [];
      const n = leanReplay(h, packed, false, (ply, e) => {
        ends.push(`${ply} ${e.reason} ${e.detail}`);
        h.overrule();
        return true;
      });
      expect(n).toBe(moves.length);
      expect(ends).toEqual(refEnds);
      expect(h.plies).toBe(ref.plies);
      for (let k = 0; k <= n; k++) {
        expect([h.hashLoAt(k), h.hashHiAt(k), h.flagsAt(k), h.sinceAt(k), k > 0 ? h.moveAt(k) : 0]).toEqual([ref.hashLoAt(k), ref.hashHiAt(k), ref.flagsAt(k), ref.sinceAt(k), k > 0 ? ref.moveAt(k) : 0]);
      }
      expect(game.formatFen(h.currentPosition())).toBe(game.formatFen(ref.position));
      expect(h.finish()).toEqual(ref.finish());
      expect(h.moveList()).toEqual(ref.moveList());
      // walking back from the position settled at the end (no undo history until it is needed)
      const back = rnd(Math.min(n, 12) + 1);
      for (let k = 0; k < back; k++) {
        h.undo();
        ref.undo();
      }
      expect([h.position.hashLo, h.position.hashHi, game.formatFen(h.position)]).toEqual([ref.position.hashLo, ref.position.hashHi, game.formatFen(ref.position)]);
      const [hl, hh] = h.position.computeHash();
      expect([hl, hh]).toEqual([h.position.hashLo, h.position.hashHi]);
    }
  });
});
