// The fast paths of `chuhan validate`: plain games of coordinate moves read packed (pgn.ts
// PackedRecord, RecordReader option packedMoves) and replayed from their keys (replay.ts
// replayPacked), and the game-end test hasLegalMove. Each must give what the general path gives.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PackedRecord, RecordReader, type GameRecord } from '../src/notation/pgn.js';
import { Replayer, reportJsonText } from '../src/notation/replay.js';
import { hasLegalMove } from '../src/games/xiangqi/notation/legal-check.js';
import { xiangqi } from '../src/games/xiangqi/index.js';
import { getGame } from '../src/games/registry.js';
import { moveTo } from '../src/core/move.js';

const XQ = join(import.meta.dirname, '..', 'fixtures', 'games', 'xiangqi');
// a part of each master file (the tests stay quick): a few hundred games each, with rulings,
// repetitions, checkmates and the tag with unescaped quotes
const MASTER = [
  ['Hu_Ronghua_1391_UCI_games.pgn', 0, 250_000],
  ['Liu_Dahua_1125_UCI_games.pgn', 330_000, 250_000],
].map(([f, from, n]) => {
  const text = readFileSync(join(XQ, f as string), 'utf8');
  const start = text.indexOf('[Event', from as number);
  return text.slice(start, text.indexOf('[Event', start + (n as number)));
});

/** The games of a text read in chunks of `size` (packed or not). */
function read(text: string, size: number, packed: boolean): GameRecord[] {
  const r = new RecordReader({ packedMoves: packed });
  const out: GameRecord[] = [];
  for (let i = 0; i < text.length; i += size) out.push(...r.push(text.slice(i, i + size)));
  out.push(...r.end());
  return out;
}

/** A record as plain data (a packed record's moves made), for comparing. */
const plain = (r: GameRecord) =>
  JSON.stringify({ index: r.index, tags: { ...r.tags }, tagList: r.tagList, moves: r.moves, result: r.result, rl: r.resultLine, rc: r.resultColumn, startLine: r.startLine, errors: r.errors });

/** A fixed-seed generator (tests sample the same cases every run). */
function rng(seed: number): (n: number) => number {
  let s = seed;
  return (n) => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s % n;
  };
}

describe('packed records (RecordReader packedMoves)', () => {
  it('reads the master games packed, every one the same record as the general reader makes', () => {
    for (const text of MASTER) {
      const general = read(text, 1 << 14, false);
      for (const size of [text.length, 1001]) {
        const packed = read(text, size, true);
        expect(packed.map(plain)).toEqual(general.map(plain));
        // all but the game with unescaped quotes in a tag (`""Huangshan Cup" …"`) are read packed
        expect(packed.filter((r) => r instanceof PackedRecord).length).toBeGreaterThanOrEqual(packed.length - 1);
      }
    }
  });

  it('gives the same records as the general reader on every PGN fixture, and on edited plain games', () => {
    const dir = join(import.meta.dirname, '..', 'fixtures', 'games', 'xiangqi');
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.pgn'))) {
      const text = readFileSync(join(dir, f), 'utf8').slice(0, 30_000);
      for (const size of [text.length, 700, 13]) expect(read(text, size, true).map(plain)).toEqual(read(text, size, false).map(plain));
    }
    // plain games with edits that make them not plain (or still plain): CR, CR LF, comments, brackets,
    // results, other tokens, control and invalid characters, astral characters…
    const base = MASTER[0]!.slice(0, 3000);
    const bits = ['\r', '\n', '\r\n', ' ', '\t', '[', ']', '{', '}', '(', ')', ';', '%', '*', '1-0', '0-1', '1/2-1/2', '.', '12.', 'h2e2', 'a0a1', 'j1', '\u3000', '\uFFFD', '\x01', '$1', '!', '[Event "x"]', '[A "b"]\n', '"', '\\', 'é', '\u{1F600}', '\f', '1', '..'];
    const rnd = rng(2026);
    let changed = 0;
    for (let t = 0; t < 150; t++) {
      let s = base;
      for (let e = 0, ne = 1 + rnd(4); e < ne; e++) {
        const at = rnd(s.length);
        const bit = bits[rnd(bits.length)]!;
        const op = rnd(3);
        s = op === 0 ? s.slice(0, at) + bit + s.slice(at) : op === 1 ? s.slice(0, at) + s.slice(at + 1 + rnd(5)) : s.slice(0, at) + bit + s.slice(at + 1);
      }
      const size = [s.length, 1 << 14, 500, 7][rnd(4)]!;
      const a = read(s, size, false).map(plain);
      const b = read(s, size, true).map(plain);
      expect(b).toEqual(a);
      if (a.join() !== read(base, base.length, false).map(plain).join()) changed++;
    }
    expect(changed).toBeGreaterThan(120);
  });

  it('makes the moves of a packed record only when asked for, with the texts, lines and columns of the input', () => {
    const [rec] = read('[Event "e"]\r\n\r\n1. h2e2 h9g7\r\n2. h0g2 1-0\r\n', 1000, true);
    expect(rec).toBeInstanceOf(PackedRecord);
    const p = rec as PackedRecord;
    expect(p.moveCount).toBe(3);
    expect(p.moveText(2)).toBe('h0g2');
    expect(rec!.moves).toEqual([
      { text: 'h2e2', line: 3, column: 4 },
      { text: 'h9g7', line: 3, column: 9 },
      { text: 'h0g2', line: 4, column: 4 },
    ]);
    expect([rec!.result, rec!.resultLine, rec!.resultColumn, rec!.startLine]).toEqual(['1-0', 4, 9, 1]);
  });
});

describe('packed replay (Replayer.replayPacked)', () => {
  /** Every game's validate JSON, replayed from records read packed or not. */
  const reports = (text: string, packed: boolean, opts = {}): string[] => {
    const replayer = new Replayer(opts);
    return read(text, 1 << 14, packed).map((r) => reportJsonText('f', replayer.replay(r)));
  };

  it('gives the reports of the general replay on the master games (rulings, repetitions, checkmates included)', () => {
    for (const text of MASTER) {
      const a = reports(text, false);
      expect(reports(text, true)).toEqual(a);
      expect(a.some((j) => j.includes('"rulings"'))).toBe(true);
      expect(a.some((j) => j.includes('"reason":"perpetual check"'))).toBe(true);
      expect(a.some((j) => j.includes('"reason":"checkmate"'))).toBe(true);
    }
    const some = MASTER[1]!.slice(0, 60_000);
    expect(reports(some, true, { explain: true })).toEqual(reports(some, false, { explain: true }));
  });

  it('words an illegal move, a move in the other numbering and a game ended by the rules as the general replay does', () => {
    const games = [
      // an illegal move (a chariot through a piece)
      '[Event "a"]\n\n1. a0a5 h9g7 *\n',
      // a move off the board in ICCS numbering read as UCI (Format tag), and a rank 0 in UCI
      '[Event "b"]\n[Format "UCI"]\n\n1. h3e3 h8g8 2. a1a2 *\n',
      '[Event "c"]\n[Format "UCI"]\n\n1. h2e2 h0g2 *\n',
      // no rank 0: the numbering is a guess, tried both ways
      '[Event "d"]\n\n1. h3e3 h8g8 2. b1c3 *\n',
      // checkmate before the record ends, and moves after it
      '[Event "e"]\n\n1. h2e2 h7e7 2. e2e6 e7e3 3. e6e9 1-0\n',
      // a FEN start and a Variant tag
      '[Event "f"]\n[FEN "4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1"]\n\n1. e0e1 e9e8 *\n',
      '[Event "g"]\n[Variant "chushogi"]\n\n1. h2e2 h9g7 *\n',
    ].join('\n');
    const a = reports(games, false);
    expect(reports(games, true)).toEqual(a);
    expect(a.filter((j) => j.includes('"ok":false')).length).toBeGreaterThanOrEqual(3);
  });
});

describe('hasLegalMove', () => {
  it('answers generateLegal > 0 on random playouts (checkmates and stalemates included)', () => {
    const game = getGame('xiangqi');
    const start = game.parseFen(game.startFen);
    if (!start.ok) throw new Error('start position');
    const buf = new Int32Array(1024);
    const rnd = rng(99);
    let none = 0;
    for (let g = 0; g < 60; g++) {
      const pos = start.value.clone(400);
      for (let ply = 0; ply < 300; ply++) {
        const n = xiangqi.generateLegal(pos, buf, 0);
        expect(hasLegalMove(pos)).toBe(n > 0);
        if (n === 0) {
          none++;
          break;
        }
        // captures first, more often than not: games that end on the board
        const caps: number[] = [];
        for (let i = 0; i < n; i++) if (pos.board[moveTo(buf[i]!)]) caps.push(buf[i]!);
        pos.play(caps.length > 0 && rnd(3) > 0 ? caps[rnd(caps.length)]! : buf[rnd(n)]!);
      }
    }
    expect(none).toBeGreaterThan(8);
  });
});
