/**
 * ECCO opening codes (src/games/xiangqi/ecco.ts) against the answers of xqbase's classifier as
 * vschess publishes it, recorded by scripts/oracle/ecco-oracle.ts: every one of the 2,516 master
 * games (fixtures/ecco/master-ecco.tsv) and lines that leave them (fixtures/ecco/mixed-ecco.tsv).
 */
import { textKey } from '../src/core/tables-file.js';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { plainMove, type Move } from '../src/core/move.js';
import type { Position } from '../src/core/position.js';
import { getGame, type OpeningNamer } from '../src/games/registry.js';
import { fixture, XQ_GAMES } from './helpers/fixtures.js';
import { runCli } from './helpers/cli.js';

const game = getGame('xiangqi');
let namer: OpeningNamer;
let start: Position;

beforeAll(async () => {
  namer = await game.openingNames!();
  const s = game.parseFen(game.startFen);
  if (!s.ok) throw new Error('start FEN');
  start = s.value;
});

/** ICCS moves (`h2e2`) as moves (the records are legal: no check needed). */
function moves(iccs: readonly string[]): Move[] {
  return iccs.map((t) => plainMove(game.squares.parse(t.slice(0, 2))!, game.squares.parse(t.slice(2, 4))!));
}


const rows = (file: string): string[][] =>
  readFileSync(fixture('ecco', file), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split('\t'));

describe('ECCO codes', () => {
  it('gives the oracle’s code and name on every master game', () => {
    const want = rows('master-ecco.tsv');
    expect(want).toHaveLength(2516);
    const got: string[][] = [];
    for (const file of ['Hu_Ronghua_1391_UCI_games.pgn', 'Liu_Dahua_1125_UCI_games.pgn']) {
      const games = readFileSync(XQ_GAMES + file, 'utf8').split(/\n(?=\[Event )/);
      games.forEach((text, i) => {
        const body = text.replace(/^\[.*\]$/gm, '');
        const iccs = (body.match(/\b[a-i]\d[a-i]\d\b/g) ?? []).slice(0, 20);
        const o = namer.name(start, moves(iccs));
        const name = o === null ? 'null' : o.variation ? `${o.name}#${o.variation}` : o.name;
        got.push([`${file}#${i + 1}`, textKey(iccs.join(' ')), o?.code ?? 'null', name]);
      });
    }
    const differ = got.filter((g, i) => g.join('\t') !== want[i]!.join('\t'));
    expect(differ.slice(0, 5)).toEqual([]);
    expect(got).toHaveLength(want.length);
  });

  it('gives the oracle’s code on lines that leave the master games (every code but B13 and D32)', () => {
    const want = rows('mixed-ecco.tsv');
    expect(new Set(want.map((r) => r[0])).size).toBeGreaterThan(250);
    const differ = want.filter(([code, plies]) => namer.name(start, moves(plies ? plies.split(' ') : []))?.code !== code);
    expect(differ.slice(0, 5)).toEqual([]);
  });

  it('classifies from the standard start only, and reads 20 plies', () => {
    const line = moves('h2e2 h9g7 h0g2 i9h9 i0h0 b9c7'.split(' '));
    expect(namer.name(start, line)).toEqual({ system: 'ECCO', code: 'C00', name: '中炮对屏风马' });
    const after = start.clone();
    after.play(line[0]!);
    expect(namer.name(after, line.slice(1))).toBeNull();
    expect(namer.plies).toBe(20);
    // mirrored: 炮8平5 is read as 炮二平五
    expect(namer.name(start, moves(['b2e2', 'b9c7']))?.code).toBe('B05');
    expect(namer.name(start, [])?.code).toBe('A00');
  });

  it('is offered by xiangqi only', () => {
    expect(getGame('chushogi').openingNames).toBeUndefined();
  });

  it('is written as ECCO/Opening/Variation tags by convert (a record that names its opening keeps its own)', async () => {
    const file = XQ_GAMES + 'bulk_games_uci.pgn';
    const r = await runCli(['convert', file]);
    expect(r.code).toBe(0);
    const first = r.stdout.split('\n\n')[0]!;
    expect(first).toContain('[ECCO "C11"]\n[Opening "中炮右横车对屏风马"]\n[Variation "红左马盘河"]');
    const d = await runCli(['convert', file, '--to', 'dhtmlxq']);
    expect(d.stdout).toContain('[DhtmlXQ_open]中炮右横车对屏风马[/DhtmlXQ_open]');
    // read back: the tags are the record's own now, kept as they are
    const again = await runCli(['convert', fixture('ecco', 'tagged.pgn')]);
    expect(again.stdout).toContain('[ECCO "X99"]');
    expect(again.stdout).not.toContain('[ECCO "C11"]');
  });

  it('is a field of validate --json', async () => {
    const r = await runCli(['validate', '--json', XQ_GAMES + 'bulk_games_uci.pgn']);
    expect(r.code).toBe(0);
    const games = JSON.parse(r.stdout).games as { opening?: unknown }[];
    expect(games[0]!.opening).toEqual({ system: 'ECCO', code: 'C11', name: '中炮右横车对屏风马', variation: '红左马盘河' });
    expect(games.every((g) => g.opening !== undefined)).toBe(true);
  });

  it('heads the review (text and --json)', async () => {
    const file = fixture('ecco', 'tagged.pgn');
    const r = await runCli(['review', file, '--depth', '1']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[1]).toBe('opening: B05 中炮对进左马');
    const j = await runCli(['review', file, '--depth', '1', '--json']);
    expect(JSON.parse(j.stdout).opening).toEqual({ system: 'ECCO', code: 'B05', name: '中炮对进左马' });
  });
});
