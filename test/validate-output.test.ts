// The output side of `chuhan validate`, made faster without changing a byte: the FEN board field
// from a per-variant letter table (core/board-text.ts formatBoardField), the --json text that
// writes plain strings between quotes without JSON.stringify (notation/replay.ts reportJsonText),
// and the file reader (commands/validate.ts fileChunks: synchronous reads instead of a stream).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatBoardField, pieceLetter } from '../src/core/board-text.js';
import { legalMoves } from '../src/core/perft.js';
import type { Position } from '../src/core/position.js';
import { getGame } from '../src/games/registry.js';
import { reportJsonText, type GameReport } from '../src/notation/replay.js';
import { spawnCli } from './helpers/cli.js';
import { VALIDATE_V8_FLAGS } from '../src/cli/commands/validate.js';
import { readFileSync } from 'node:fs';

/** The board field as it was written before the letter table (the reference). */
function boardFieldBefore(pos: Position): string {
  const v = pos.variant;
  const { width: W, height: H } = v.geometry;
  const rows: string[] = [];
  for (let y = H - 1; y >= 0; y--) {
    let row = '';
    let empty = 0;
    for (let x = 0; x < W; x++) {
      const p = pos.board[y * W + x]!;
      if (p === 0) {
        empty++;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      row += pieceLetter(v, p);
    }
    if (empty) row += String(empty);
    rows.push(row);
  }
  return rows.join('/');
}

/** The start position of a game (from its start FEN). */
function startOf(id: 'xiangqi' | 'chushogi'): Position {
  const g = getGame(id);
  const r = g.parseFen(g.startFen);
  if (!r.ok) throw new Error('start FEN');
  return r.value;
}

/** A fixed-seed generator (the same playouts every run). */
function rng(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

describe('formatBoardField (letter table)', () => {
  for (const id of ['xiangqi', 'chushogi'] as const) {
    it(`writes the board field of ${id} as before, along random playouts (captures, promotions, empty boards rows)`, () => {
      const rand = rng(id === 'xiangqi' ? 7 : 11);
      let checked = 0;
      const promoted = new Set<string>();
      for (let g = 0; g < (id === 'xiangqi' ? 12 : 4); g++) {
        const pos = startOf(id);
        for (let ply = 0; ply < (id === 'xiangqi' ? 160 : 220); ply++) {
          const field = formatBoardField(pos);
          expect(field).toBe(boardFieldBefore(pos));
          for (const m of field.match(/\+[A-Za-z]/g) ?? []) promoted.add(m);
          checked++;
          const moves = legalMoves(pos);
          if (moves.length === 0) break;
          pos.play(moves[rand(moves.length)]!);
        }
      }
      expect(checked).toBeGreaterThan(400);
      if (id === 'chushogi') expect(promoted.size).toBeGreaterThan(0); // two-character letters were written
    });
  }

  it('writes runs of empty squares wider than any table (an empty chu rank is 12)', () => {
    const pos = startOf('chushogi');
    for (let sq = 0; sq < pos.board.length; sq++) if (pos.board[sq] !== 0 && pos.variant.royal[pos.board[sq]!] === 0) pos.board[sq] = 0;
    expect(formatBoardField(pos)).toBe(boardFieldBefore(pos));
    expect(formatBoardField(pos)).toContain('/12/');
  });
});

/** The --json text of a report as written before (every string through JSON.stringify). */
function jsonBefore(file: string, r: GameReport): string {
  const json = JSON.stringify;
  let s = `{"file":${json(file)},"index":${r.index}${r.status === 'ok' ? ',"ok":true' : ',"ok":false'},"variant":${json(r.variant)},"plies":${r.plies},"fen":${json(r.fen)},"result":${json(r.result)},"reason":${json(r.reason)}`;
  if (r.detail !== null) s += `,"detail":${json(r.detail)}`;
  if (r.endPly !== null) s += `,"endPly":${r.endPly}`;
  if (r.recorded !== null) s += `,"recorded":${json(r.recorded)}`;
  if (r.status === 'malformed') s += ',"malformed":true';
  return `${s},"error":${json(r.error)}}`;
}

describe('reportJsonText', () => {
  const base: GameReport = {
    index: 3,
    variant: 'xiangqi',
    status: 'ok',
    plies: 40,
    fen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1',
    result: '1-0',
    reason: 'checkmate',
    detail: null,
    endPly: null,
    rulings: [],
    recorded: '1-0',
    error: null,
  };
  // text that JSON.stringify escapes (quote, backslash, controls, lone surrogates) and text it does not
  const odd = ['a"b', 'back\\slash', 'tab\there', 'nl\n', '\u0000\u001f', '\ud800', 'x\udc00y', '😀 astral', '红胜', '\u2028\u2029', '\u007f', '', 'plain'];

  it('gives the JSON.stringify text for every string field, escaped or not', () => {
    for (const t of odd) {
      for (const r of [
        { ...base, fen: t },
        { ...base, reason: t },
        { ...base, result: t },
        { ...base, recorded: t },
        { ...base, variant: t as GameReport['variant'] },
        { ...base, status: 'malformed' as const, fen: null, reason: null, recorded: null, variant: null },
      ]) {
        const text = reportJsonText(`f${t}.pgn`, r);
        expect(text).toBe(jsonBefore(`f${t}.pgn`, r));
        expect(() => JSON.parse(text)).not.toThrow();
      }
    }
  });
});

describe('validate reads files in chunks (fileChunks)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chuhan-vio-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a file of many chunks (BOM, CRLF, a character split by the chunk size, a truncated last game) as standard input gives it', () => {
    const game = (i: number) => `[Event "第${i}局 ✓"]\r\n[Red "红"]\r\n\r\n1. h2e2 h9g7 2. h0g2 i9h9 ${i % 7 === 0 ? '{评注 comment} ' : ''}3. i0h0 b9c7 1-0\r\n\r\n`;
    let text = '\ufeff';
    for (let i = 0; text.length < 70_000; i++) text += game(i);
    text += '[Event "cut"]\r\n[Red "x"]\r\n';
    const bytes = Buffer.from(text, 'utf8');
    expect(bytes.length).toBeGreaterThan(4 * 16384);
    const file = join(dir, 'many.pgn');
    writeFileSync(file, bytes);
    for (const mode of [[], ['--json']]) {
      const fromFile = spawnCli(['validate', file, ...mode]);
      const fromStdin = spawnCli(['validate', '-', ...mode], bytes);
      expect(fromFile.code).toBe(2); // the cut last game is malformed
      expect(fromFile.stdout.length).toBeGreaterThan(1000);
      expect(fromFile.stdout.replaceAll(JSON.stringify(file), '"-"')).toBe(fromStdin.stdout);
    }
  });

  it('an ASCII start, then a chunk whose first non-ASCII character comes before a character it cuts in two: every game reads', () => {
    // the first 64 KB (the head the encoding is told from) are ASCII; the 16 KB chunk after them
    // holds a Chinese comment and ends in the middle of another (the decoder taking over from the
    // ASCII one must get the pending bytes: it lost them, and that game read as malformed)
    const game = (i: number) => `[Event "g${i}"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 1-0\n\n`;
    let text = '';
    for (let i = 0; Buffer.byteLength(text) < 65_536 + 1_000; i++) text += game(i);
    text += '[Event "\u4e2d"]\n\n1. h2e2 h9g7 1-0\n\n';
    const boundary = 65_536 + 16_384;
    while (Buffer.byteLength(text) < boundary - 40) text += game(9_000 + text.length);
    // pad so that the next character (3 bytes) starts one byte before the chunk boundary
    text += `[Event "${'x'.repeat(boundary - Buffer.byteLength(text) - 9)}\u8c61"]\n\n1. h2e2 h9g7 1-0\n\n`;
    const bytes = Buffer.from(text, 'utf8');
    expect(bytes.indexOf(Buffer.from('\u8c61', 'utf8'))).toBe(boundary - 1);
    const file = join(dir, 'split.pgn');
    writeFileSync(file, bytes);
    const games = text.split('[Event').length - 1;
    for (const r of [spawnCli(['validate', file]), spawnCli(['validate', '-'], bytes)]) {
      expect(r.stderr).toBe(`summary: 1 file, ${games} games: ${games} ok, 0 illegal, 0 malformed\n`);
      expect(r.code).toBe(0);
    }
  });

  it('says a missing file and an empty one in one sentence (exit 2)', () => {
    const missing = spawnCli(['validate', join(dir, 'none.pgn')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(`chuhan: cannot read ${join(dir, 'none.pgn')}: no such file\n`);
    writeFileSync(join(dir, 'e.pgn'), '');
    const r = spawnCli(['validate', join(dir, 'e.pgn')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('found no games');
  });
});

describe('validate V8 settings', () => {
  it('are the same in bin/chuhan.js (set before the quick bundle is compiled) and in the validate command', () => {
    const bin = readFileSync(join(import.meta.dirname, '..', 'bin', 'chuhan.js'), 'utf8');
    expect(bin).toContain(`['quick-validate.cjs', 'quickValidate', '${VALIDATE_V8_FLAGS}']`);
    expect(VALIDATE_V8_FLAGS).toContain('--max-inlined-bytecode-size-cumulative=50');
  });
});
