/**
 * Round trip over every writer (issue 44): random legal games of both games (set-up positions,
 * games of 0, 1 and 2 plies, promotions, chu lion double moves, igui and passes, every piece kind)
 * written in every form we write — each notation of the chuhan dialect, each PGN dialect with each
 * notation it lets one choose (SAN for pychess and XBoard), every entry of each game's
 * `recordWriters` (KIF; formats added there are covered without a change here), and the FEN of
 * each dialect — then read back through the one record opener (notation/records/open.ts, the
 * bytes streamed in random chunks) and replayed: the same moves, start position (move counters
 * included), result and tags.
 *
 * A seeded sample by default (a few seconds); CHUHAN_FULL_TESTS=1 runs thousands of games.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Move } from '../src/core/move.js';
import type { Position } from '../src/core/position.js';
import type { Game, RecordFormatId } from '../src/games/game.js';
import { GAMES } from '../src/games/registry.js';
import { DIALECTS, dialectFen, writeDialectPgn, writeRecordFormat, type DialectOptions } from '../src/notation/convert.js';
import type { GameRecord } from '../src/notation/pgn.js';
import { cleanTagValue } from '../src/notation/pgn-write.js';
import { holdsGame, openRecordSource } from '../src/notation/records/open.js';
import { Replayer } from '../src/notation/replay.js';
import { randomGame, type RandomGame } from './helpers/random-games.js';
import { FULL_TESTS, seededRandom } from './helpers/sample.js';

const SEED = 44;
/** Games per game: the sample, or thousands under CHUHAN_FULL_TESTS=1. */
const COUNT: Readonly<Record<string, number>> = FULL_TESTS ? { xiangqi: 3000, chushogi: 1500 } : { xiangqi: 40, chushogi: 32 };

/** A form we write: a PGN dialect with a notation, or a record format of the game's own. */
type Form = { readonly name: string; readonly pgn: DialectOptions } | { readonly name: string; readonly format: RecordFormatId };

/** Every form a game is written in. */
function formsOf(game: Game): Form[] {
  const forms: Form[] = [];
  for (const dialect of DIALECTS) {
    if (dialect === 'chuhan') {
      for (const notation of game.notations.keys()) forms.push({ name: `chuhan ${notation}`, pgn: { dialect, notation } });
      continue;
    }
    const d = game.pgnDialects[dialect];
    if (!d) continue;
    if (d.notationFormats) for (const notation of d.notationFormats.keys()) forms.push({ name: `${dialect} ${notation}`, pgn: { dialect, notation } });
    else forms.push({ name: dialect, pgn: { dialect } });
  }
  for (const format of Object.keys(game.recordWriters ?? {}) as RecordFormatId[]) forms.push({ name: format, format });
  return forms;
}

/** The bytes in random chunks, as a file or standard input arrives. */
async function* chunks(bytes: Uint8Array, rand: (n: number) => number): AsyncGenerator<Uint8Array, void, undefined> {
  let k = 0;
  while (k < bytes.length) {
    const n = 1 + rand(rand(2) === 0 ? 64 : 8192);
    yield bytes.subarray(k, k + n);
    k += n;
  }
}

/** The games of a written text or file, read through the opener. */
async function readBack(bytes: Uint8Array, seed: number): Promise<GameRecord[]> {
  const opened = await openRecordSource(chunks(bytes, seededRandom(seed)));
  const out: GameRecord[] = [];
  for await (const rec of opened.records) if (holdsGame(rec)) out.push(rec);
  return out;
}

const moveList = (ms: readonly Move[]): string => ms.map((m) => m.toString(16)).join(' ');

/** The first player's name in a record, under whichever tag the dialect wrote it. */
const firstPlayer = (tags: Readonly<Record<string, string>>): string | undefined => tags['Red'] ?? tags['White'] ?? tags['Sente'];
const secondPlayer = (tags: Readonly<Record<string, string>>): string | undefined => tags['Black'] ?? tags['Gote'];

/** What went wrong with one game read back, or null. */
function compare(g: RandomGame, form: Form, rec: GameRecord | undefined, replayer: Replayer): string | null {
  if (!rec) return 'missing';
  const r = replayer.replay(rec);
  if (r.status !== 'ok') return `${r.status}: ${r.error?.message ?? ''}`;
  if (r.variant !== g.game.id) return `read as ${r.variant}`;
  const fen = g.game.formatFen(g.start);
  // XBoard's FEN and KIF's board have no field for chu's counter-strike square (a set-up where a
  // lion was just taken): a start read back from them may lack it, nothing else
  const bare = g.start.clone();
  bare.setAux(0);
  const own = 'pgn' in form && form.pgn.dialect === 'chuhan';
  let got = r.start ? g.game.formatFen(r.start) : null;
  // DhtmlXQ and XQF have no field for the move counters (the writer says so): the rest must match
  const counters = 'pgn' in form || g.game.recordWriters?.[form.format]?.counters !== false;
  const noCounters = (f: string | null): string | null => f?.split(' ').slice(0, -2).join(' ') ?? null;
  if (!counters && noCounters(got) === noCounters(fen)) got = fen;
  if (got !== fen && (own || got !== g.game.formatFen(bare))) return `start ${got}, not ${fen}`;
  if (moveList(r.moves ?? []) !== moveList(g.moves)) return `moves ${moveList(r.moves ?? [])}, not ${moveList(g.moves)}`;
  if ((r.recorded ?? '*') !== g.result) return `result ${r.recorded}, not ${g.result}`;
  if ('pgn' in form) {
    // what a PGN tag holds: control characters (line breaks, tabs, escapes) as one space per run
    const want = new Map(g.tags.map(([k, v]) => [k, cleanTagValue(v)]));
    for (const k of ['Event', 'Site', 'Date', 'Round', 'Annotator']) {
      if ((rec.tags[k] ?? '') !== want.get(k)) return `tag ${k} ${JSON.stringify(rec.tags[k])}, not ${JSON.stringify(want.get(k))}`;
    }
    const first = want.get(g.game.pgnTags.firstPlayer);
    if ((firstPlayer(rec.tags) ?? '') !== first) return `first player ${JSON.stringify(firstPlayer(rec.tags))}, not ${JSON.stringify(first)}`;
    if ((secondPlayer(rec.tags) ?? '') !== want.get('Black')) return `second player ${JSON.stringify(secondPlayer(rec.tags))}, not ${JSON.stringify(want.get('Black'))}`;
  } else {
    // a record format carries what its header has room for: what it gives back must be what was written
    const want = new Map(g.tags.map(([k, v]) => [k, cleanTagValue(v).trim()]));
    const got: Array<[string, string | undefined, string | undefined]> = [
      ['Event', rec.tags['Event'], want.get('Event')],
      ['Site', rec.tags['Site'], want.get('Site')],
      ['first player', firstPlayer(rec.tags), want.get(g.game.pgnTags.firstPlayer)],
      ['second player', secondPlayer(rec.tags), want.get('Black')],
    ];
    // a header keeps what its encoding and field sizes allow (XQF: GBK, 15-byte names; DhtmlXQ: no
    // brackets): a plain value comes back exactly
    const plain = (v: string | undefined): boolean => v !== undefined && /^[\w .,:-]{0,15}$/.test(v);
    for (const [name, value, written] of got)
      if (value !== undefined && plain(written) && value.trim() !== written) return `${name} ${JSON.stringify(value)}, not ${JSON.stringify(written)}`;
  }
  return null;
}

/** Writes the games in one form as `convert` does (PGN: one text; a record format: a file per game) and reads them back. */
async function roundTrip(games: readonly RandomGame[], form: Form, seed: number): Promise<string[]> {
  const failures: string[] = [];
  const replayer = new Replayer({ keepMoves: true });
  const write = (g: RandomGame): string | Uint8Array => {
    const rec = { game: g.game, start: g.start, moves: g.moves, tags: g.tags, result: g.result };
    const w = 'pgn' in form ? writeDialectPgn(rec, form.pgn) : writeRecordFormat(rec, form.format);
    if (!w.ok) throw new Error(`${form.name}: ${w.error}`);
    return w.value;
  };
  const bytes = (out: string | Uint8Array): Uint8Array => (typeof out === 'string' ? new TextEncoder().encode(out) : out);
  // a failure shows the text written (a binary record: its bytes in hex)
  const shown = (out: string | Uint8Array): string => (typeof out === 'string' ? out : Buffer.from(out).toString('hex'));
  const describe = (i: number, g: RandomGame, why: string, text: string): string =>
    `${g.game.id} game ${i} (${g.setUp ? `set-up ${g.game.formatFen(g.start)}` : 'start'}, ${g.moves.length} plies, ${g.result}) in ${form.name}: ${why}\n${text}`;
  if ('pgn' in form) {
    const texts = games.map((g) => shown(write(g)));
    const back = await readBack(new TextEncoder().encode(texts.join('\n')), seed);
    games.forEach((g, i) => {
      const why = compare(g, form, back[i], replayer);
      if (why) failures.push(describe(i, g, why, texts[i]!));
    });
    if (back.length !== games.length) failures.push(`${form.name}: ${back.length} games read back, not ${games.length}`);
  } else {
    for (const [i, g] of games.entries()) {
      // DhtmlXQ cannot say Black moves first in a game without moves: the writer refuses it, in one sentence
      if (!('pgn' in form) && form.format === 'dhtmlxq' && g.start.turn === 1 && g.moves.length === 0) {
        const refused = writeRecordFormat({ game: g.game, start: g.start, moves: g.moves, tags: g.tags, result: g.result }, form.format);
        if (refused.ok || !refused.error.includes('no field for the side to move')) failures.push(describe(i, g, 'written, though DhtmlXQ cannot hold its side to move', ''));
        continue;
      }
      const out = write(g);
      const back = await readBack(bytes(out), seed + i);
      const why = back.length === 1 ? compare(g, form, back[0], replayer) : `${back.length} games read back`;
      if (why) failures.push(describe(i, g, why, shown(out)));
    }
  }
  return failures;
}

/** The FEN of each dialect of the start and final positions, read back by the game. */
function fenFailures(games: readonly RandomGame[]): string[] {
  const out: string[] = [];
  for (const g of games) {
    const end = g.start.clone();
    for (const m of g.moves) end.play(m);
    for (const pos of [g.start, end] as Position[]) {
      const want = g.game.formatFen(pos);
      const fens: Array<[string, string]> = [
        ['standard', want],
        ['xboard protocol', g.game.xboard.formatFen(pos)],
      ];
      for (const dialect of DIALECTS) {
        const f = dialectFen(g.game, pos, { dialect });
        if (f.ok) fens.push([dialect, f.value]);
      }
      // XBoard's FEN has no field for chu's counter-strike square (the game's own FEN has): a
      // position read back from it may lack that, nothing else
      const bare = pos.clone();
      bare.setAux(0);
      const wantBare = g.game.formatFen(bare);
      for (const [name, fen] of fens) {
        const a = g.game.parseFen(fen);
        const b = g.game.xboard.parseFen(fen);
        const xboard = fen !== want && fen !== g.game.formatFen(pos);
        const same = (p: Position): boolean => g.game.formatFen(p) === want || (xboard && g.game.formatFen(p) === wantBare);
        if (!a.ok) out.push(`${g.game.id} ${name} FEN ${fen} not read back`);
        else if (!same(a.value)) out.push(`${g.game.id} ${name} FEN ${fen} read back as ${g.game.formatFen(a.value)}, not ${want}`);
        if (name !== 'standard' && (!b.ok || !same(b.value))) out.push(`${g.game.id} ${name} FEN ${fen} read back by the XBoard reader as ${b.ok ? g.game.formatFen(b.value) : 'an error'}`);
      }
    }
  }
  return out;
}

describe.each(GAMES.map((g) => [g.id, g] as const))('round trip of random %s games through every writer', (_id, game) => {
  const n = COUNT[game.id] ?? 20;
  const games = Array.from({ length: n }, (_, i) => randomGame(game, SEED, i));

  it(`the ${n} games cover set-ups, short games, every piece kind and every kind of move`, () => {
    expect(games.some((g) => g.setUp)).toBe(true);
    for (const plies of [0, 1, 2]) expect(games.some((g) => g.moves.length === plies), `a game of ${plies} plies`).toBe(true);
    const kinds = new Set(games.flatMap((g) => [...g.kinds]));
    // a royal that is alone on its side may have no legal move left, the others all move
    const missing = game.variant.pieces.map((_, k) => k + 1).filter((k) => !kinds.has(k));
    expect(missing, 'piece kinds that never moved').toEqual([]);
    if (game.variant.pieces.some((p) => p.promotesTo)) expect(games.reduce((s, g) => s + g.promotions, 0)).toBeGreaterThan(0);
    if (game.variant.pieces.some((p) => p.special === 'lion')) {
      expect(games.reduce((s, g) => s + g.doubleMoves, 0)).toBeGreaterThan(0);
      expect(games.reduce((s, g) => s + g.igui, 0)).toBeGreaterThan(0);
      expect(games.reduce((s, g) => s + g.passes, 0)).toBeGreaterThan(0);
    }
  });

  it.each(formsOf(game).map((f) => [f.name, f] as const))('written in %s and read back: the same moves, start, counters, result and tags', async (_name, form) => {
    const failures = await roundTrip(games, form, SEED);
    expect(failures.slice(0, 3).join('\n\n'), `${failures.length} of ${n} games`).toBe('');
  });

  it('the FEN of every dialect reads back to the same position and counters', () => {
    expect(fenFailures(games).slice(0, 5)).toEqual([]);
  });
});

/** A game of a fixture file, replayed (the moves and start kept). */
const fixtureFiles = new Map<string, Promise<GameRecord[]>>();
async function fixtureGame(file: string, index: number): Promise<{ rec: GameRecord; report: ReturnType<Replayer['replay']> }> {
  if (!fixtureFiles.has(file)) fixtureFiles.set(file, readBack(new Uint8Array(readFileSync(file)), 1));
  const recs = await fixtureFiles.get(file)!;
  const rec = recs[index - 1]!;
  return { rec, report: new Replayer({ keepMoves: true }).replay(rec) };
}

describe('what the round trip found stays fixed', () => {
  // the master games and lishogi games that `convert --dialect pychess|xboard` changed (issue 44)
  const cases: ReadonlyArray<readonly [string, number, 'pychess' | 'xboard']> = [
    ['fixtures/games/xiangqi/Liu_Dahua_1125_UCI_games.pgn', 2204 - 1391, 'pychess'],
    ['fixtures/games/xiangqi/Liu_Dahua_1125_UCI_games.pgn', 2399 - 1391, 'pychess'],
    ['fixtures/games/xiangqi/Liu_Dahua_1125_UCI_games.pgn', 2204 - 1391, 'xboard'],
    ['fixtures/games/xiangqi/Liu_Dahua_1125_UCI_games.pgn', 2399 - 1391, 'xboard'],
    ...[1, 15, 16, 33, 40].map((n) => ['fixtures/games/chushogi/lishogi_49_games.pgn', n, 'xboard'] as const),
  ];
  it.each(cases)('%s game %i in the %s dialect (SAN naming its origin rank: C9e8, H3h5, A8e9, G4h5) replays to the same end', async (file, index, dialect) => {
    const { rec, report } = await fixtureGame(file, index);
    expect(report.status).toBe('ok');
    const game = GAMES.find((g) => g.id === report.variant)!;
    const w = writeDialectPgn({ game, start: report.start!, moves: report.moves!, tags: rec.tagList, result: '*' }, { dialect });
    if (!w.ok) throw new Error(w.error);
    const back = await readBack(new TextEncoder().encode(w.value), 2);
    const again = new Replayer({ keepMoves: true }).replay(back[0]!);
    expect([again.status, again.plies, again.fen]).toEqual(['ok', report.plies, report.fen]);
  });

  it('a record whose first move is SAN naming its origin rank (A1e2) is read as SAN', async () => {
    const text = '[Variant "xiangqi"]\n[SetUp "1"]\n[FEN "4k4/9/9/9/9/9/9/3A5/9/3A1K3 w - - 0 1"]\n\n1. A1e2 Kd10 *\n';
    const [rec] = await readBack(new TextEncoder().encode(text), 3);
    const r = new Replayer().replay(rec!);
    expect([r.status, r.fen]).toEqual(['ok', '3k5/9/9/9/9/9/9/3A5/4A4/5K3 w - - 2 2']);
  });

  it('an XBoard FEN keeps its move counters (`w 7 23`)', () => {
    for (const g of GAMES) {
      const p = g.parseFen(g.startFen);
      if (!p.ok) throw new Error(g.id);
      p.value.halfmove = 7;
      p.value.fullmove = 23;
      const back = g.parseFen(g.xboard.formatFen(p.value));
      expect(back.ok && g.formatFen(back.value)).toBe(g.formatFen(p.value));
    }
  });

  it('a tag value with control characters is written as one a reader takes (each run a space)', async () => {
    const g = GAMES[0]!;
    const start = g.parseFen(g.startFen);
    if (!start.ok) throw new Error(g.id);
    const w = writeDialectPgn({ game: g, start: start.value, moves: [], tags: [['Event', 'a\u0001b\u001b[31mc\td\r\ne "q" \\']], result: '*' }, { dialect: 'chuhan' });
    if (!w.ok) throw new Error(w.error);
    const [rec] = await readBack(new TextEncoder().encode(w.value), 4);
    expect(rec!.errors).toEqual([]);
    expect(rec!.tags['Event']).toBe('a b [31mc d e "q" \\');
  });
});
