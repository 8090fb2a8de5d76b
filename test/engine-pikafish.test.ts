/**
 * Pikafish's dialect from the client side: a UCI engine whose `uci` answer lists no `UCI_Variant`
 * is spoken to in ICCS (ranks 0–9) and its moves read so, unless engines.json says otherwise
 * (`"dialect"`). The engine is the scripted stand-in fixtures/engines/pikafish-standin.mjs (it
 * exits as Pikafish does on a move it cannot read), driven through the client, `analyse --engine`,
 * `review --engine` and a whole game in the play shell; and `chuhan engine --protocol uci` spoken
 * to as a Pikafish GUI speaks, for a whole game against itself spoken to as Fairy-Stockfish's GUIs do.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { EngineClient, type EngineInfo, type EngineSpec } from '../src/engine-client/client.js';
import { findProgram } from '../src/engine-client/process.js';
import { readConfig, resolveEngine, type EngineEntry } from '../src/engine-client/config.js';
import { formatIccs, parseCoordinate } from '../src/games/xiangqi/notation/iccs.js';
import { XIANGQI_XBOARD as XIANGQI } from '../src/games/xiangqi/xboard.js';
import { getGame } from '../src/games/registry.js';
import { closeComputer, externalComputer, sideComputers } from '../src/tui/engine-computer.js';
import { runRepl } from '../src/tui/repl.js';
import { Session } from '../src/tui/session.js';
import { engineComputer, type ComputerPlayer } from '../src/tui/computer.js';
import { runCli } from './helpers/cli.js';
import { runMatch } from '../src/match/runner.js';
import { pikafishGame } from './helpers/fixtures.js';

const node = JSON.stringify(process.execPath);
const STANDIN = join(process.cwd(), 'fixtures/engines/pikafish-standin.mjs');
const standin = (...moves: string[]) => `${node} ${JSON.stringify(STANDIN)} ${moves.join(' ')}`;
const fakeUci = (...args: string[]) => `${node} fixtures/engines/fake-uci.mjs ${args.join(' ')}`;
/** The game of fixtures/engines/pikafish-game.pgn: red mates in 23 plies. */
const GAME = pikafishGame();
/** Red's two rooks on its back rank (ICCS rank 0) against black's bare king, no mate in one (whatever the search's depth): red wins in a few moves. */
const ROOKS_ENDING = '3k5/9/9/9/9/9/9/9/9/R4K2R w - - 0 1';
const START_FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

const dir = mkdtempSync(join(tmpdir(), 'chuhan-pikafish-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let logs = 0;

async function open(command: string, extra: Partial<EngineSpec> = {}) {
  const log = join(dir, `log${++logs}.txt`);
  process.env.FAKE_ENGINE_LOG = log;
  const r = await EngineClient.open({ name: 'pf', command, ...extra }, { answerMs: 3000, graceMs: 300 });
  delete process.env.FAKE_ENGINE_LOG;
  return { r, sent: () => readFileSync(log, 'utf8').split('\n') };
}

function iccs(texts: readonly string[]) {
  const pos = XIANGQI.start();
  const moves = texts.map((t) => {
    const r = parseCoordinate(pos, t, 'iccs');
    if (!r.ok) throw new Error(t);
    pos.play(r.value);
    return r.value;
  });
  return moves;
}

/** A directory with an executable `pikafish` on it (the stand-in with its script), for `--engine pikafish`. */
function pikafishOnPath(moves: readonly string[]): Record<string, string | undefined> {
  const bin = mkdtempSync(join(dir, 'bin-'));
  const file = join(bin, 'pikafish');
  writeFileSync(file, `#!/bin/sh\nexec ${node} ${JSON.stringify(STANDIN)} ${moves.join(' ')}\n`);
  chmodSync(file, 0o755);
  const home = mkdtempSync(join(dir, 'home-'));
  return { CHUHAN_HOME: home, PATH: `${bin}:${process.env.PATH ?? ''}` };
}

describe('engine client: a UCI engine without UCI_Variant is spoken to in Pikafish\'s dialect', () => {
  it('found from its uci answer: no UCI_Variant set, ICCS moves sent, its c0e2 / pv / ponder read as ICCS', async () => {
    // before, the client sent ranks 1-10 and refused this first move: "c0e2" is not a coordinate move
    const { r, sent } = await open(standin('c0e2', 'h9g7', 'h0g2'));
    if (!r.ok) throw new Error(r.error.message);
    const c = r.value;
    expect([c.protocol, c.dialect, c.name, c.games]).toEqual(['uci', 'pikafish', 'Pikafish dev-20260101-standin', ['xiangqi']]);
    const infos: EngineInfo[] = [];
    const a = await c.search({ game: 'xiangqi', start: XIANGQI.start(), moves: [], limits: { timeMs: 50 }, onInfo: (i) => infos.push(i) }).promise;
    if (!a.ok) throw new Error(a.error.message);
    expect(formatIccs(a.value.move)).toBe('c0e2');
    expect(a.value.ponder && formatIccs(a.value.ponder)).toBe('h9g7');
    expect(infos.map((i) => i.pv.map(formatIccs))).toEqual([['c0e2'], ['c0e2', 'h9g7']]);
    const b = await c.search({ game: 'xiangqi', start: XIANGQI.start(), moves: iccs(['c0e2', 'h9g7']), limits: { depth: 5 } }).promise;
    if (!b.ok) throw new Error(b.error.message);
    expect(formatIccs(b.value.move)).toBe('h0g2');
    await c.close();
    const lines = sent();
    expect(lines.some((l) => /UCI_Variant/i.test(l))).toBe(false);
    expect(lines).toContain(`position fen ${START_FEN}`);
    expect(lines).toContain(`position fen ${START_FEN} moves c0e2 h9g7`);
    expect(lines).toContain('go depth 5');
  });

  it('engines.json "dialect" overrides the answer: pikafish for an engine listing UCI_Variant, fairy-stockfish for one that does not', async () => {
    // a Fairy-Stockfish-like engine told to be spoken to as Pikafish: no UCI_Variant, ICCS
    const fs = await open(fakeUci('uci', 'script', 'h9g7'), { dialect: 'pikafish' });
    if (!fs.r.ok) throw new Error(fs.r.error.message);
    expect(fs.r.value.dialect).toBe('pikafish');
    const a = await fs.r.value.search({ game: 'xiangqi', start: XIANGQI.start(), moves: iccs(['h2e2']), limits: { timeMs: 30 } }).promise;
    expect(a.ok && formatIccs(a.value.move)).toBe('h9g7');
    await fs.r.value.close();
    expect(fs.sent().some((l) => /UCI_Variant/i.test(l))).toBe(false);
    expect(fs.sent()).toContain(`position fen ${START_FEN} moves h2e2`);
    // the stand-in told to be spoken to as Fairy-Stockfish gets h3e3 and ends as Pikafish does
    const pf = await open(standin('h2e2', 'h9g7'), { dialect: 'fairy-stockfish' });
    if (!pf.r.ok) throw new Error(pf.r.error.message);
    expect(pf.r.value.dialect).toBe('fairy-stockfish');
    const b = await pf.r.value.search({ game: 'xiangqi', start: XIANGQI.start(), moves: iccs(['h2e2']), limits: { timeMs: 30 } }).promise;
    expect(!b.ok && b.error.kind).toBe('died');
    pf.r.value.kill();
    expect(pf.sent()).toContain(`position fen ${START_FEN} moves h3e3`);
  });

  it('engines.json: "dialect" read (pikafish | fairy-stockfish), anything else one sentence; pikafish is a known engine speaking its dialect', () => {
    const home = mkdtempSync(join(dir, 'cfg-'));
    writeFileSync(join(home, 'engines.json'), JSON.stringify({ engines: { a: { command: 'x', dialect: 'Pikafish' }, b: { command: 'y', dialect: 'fairy-stockfish' }, c: { command: 'z' } } }));
    const c = readConfig({ CHUHAN_HOME: home, PATH: '' });
    expect(c.ok && c.value.map((e) => [e.name, e.dialect])).toEqual([
      ['a', 'pikafish'],
      ['b', 'fairy-stockfish'],
      ['c', undefined],
    ]);
    writeFileSync(join(home, 'engines.json'), JSON.stringify({ engines: { a: { command: 'x', dialect: 'iccs' } } }));
    const bad = readConfig({ CHUHAN_HOME: home, PATH: '' });
    expect(!bad.ok && bad.error).toMatch(/engine "a": dialect must be one of pikafish, fairy-stockfish/);
    const env = pikafishOnPath([]);
    const r = resolveEngine('pikafish', env);
    expect(r.ok && r.value.kind === 'external' && [r.value.entry.protocol, r.value.entry.dialect]).toEqual(['uci', 'pikafish']);
    // not installed: how to get it
    const none = resolveEngine('pikafish', { CHUHAN_HOME: mkdtempSync(join(dir, 'empty-')), PATH: '' });
    expect(!none.ok && none.error).toMatch(/the engine pikafish is not installed \(.*Pikafish\/releases/);
  });
});

describe('chuhan with --engine pikafish (the stand-in on PATH)', () => {
  it('analyse --engine pikafish --moves h2e2: its lines and move in our notation', async () => {
    const env = pikafishOnPath(['h2e2', 'h9g7', 'h0g2']);
    const r = await runCli(['analyse', '--engine', 'pikafish', '--moves', 'h2e2', '--time', '50'], env);
    expect(r.stderr).toBe('engine: Pikafish dev-20260101-standin (uci)\n');
    expect(r.stdout).toBe('depth 1 score 18 nodes 44 nps 22000 pv h9g7\ndepth 2 score 21 nodes 180 nps 60000 pv h9g7 h0g2\nbestmove h9g7\n');
    expect(r.code).toBe(0);
    const w = await runCli(['analyse', '--engine', 'pikafish', '--moves', 'h2e2', '--time', '50', '-n', 'wxf'], env);
    expect(w.stdout.trim().split('\n').at(-1)).toBe('bestmove H8+7');
  });

  it('engines --check --json: pikafish found on PATH, its dialect from its answer', async () => {
    const r = await runCli(['engines', '--check', '--json'], pikafishOnPath([]));
    const j = JSON.parse(r.stdout) as { engines: { name: string; protocol: string; dialect?: string; id?: string; installed: boolean }[] };
    const pf = j.engines.find((e) => e.name === 'pikafish')!;
    expect([pf.installed, pf.protocol, pf.dialect, pf.id]).toEqual([true, 'uci', 'pikafish', 'Pikafish dev-20260101-standin']);
  });

  it('review --engine pikafish: every position of a whole game asked in ICCS (from the start, and from a FEN)', async () => {
    const env = pikafishOnPath(GAME);
    const r = await runCli(['review', 'fixtures/engines/pikafish-game.pgn', '--engine', 'pikafish', '--time', '50', '--json'], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as { plies: { move: string; best: string | null; drop: number }[] };
    expect(j.plies.map((p) => p.move)).toEqual(GAME);
    // the stand-in's best move at every position is the game's move
    expect(j.plies.map((p) => p.best)).toEqual(GAME);
    expect(j.plies.every((p) => p.drop === 0)).toBe(true);
    const f = await runCli(['review', 'fixtures/review/drops-chariot.pgn', '--engine', 'pikafish', '--time', '50', '--json'], pikafishOnPath(['d0e0', 'f9f8', 'a0a6', 'c7a6']));
    expect(f.code).toBe(0);
    expect((JSON.parse(f.stdout) as { plies: { best: string }[] }).plies.map((p) => p.best)).toEqual(['d0e0', 'f9f8', 'a0a6', 'c7a6']);
  });
});

async function play(computer: ComputerPlayer, fen?: string) {
  const session = new Session(getGame('xiangqi'), { players: ['computer', 'computer'], ...(fen ? { fen } : {}) });
  let out = '';
  let err = '';
  try {
    const code = await runRepl({ session, computer, input: Readable.from(['go\n']), io: { out: (t) => void (out += t), err: (t) => void (err += t) } });
    return { code, out, err, session };
  } finally {
    await closeComputer(computer);
  }
}

const entry = (name: string, command: string, extra: Partial<EngineEntry> = {}): EngineEntry => ({ name, command, games: [], source: 'command', path: null, ...extra });

describe('whole games in the play shell', () => {
  it('the Pikafish stand-in on both sides plays the 23-ply game to its mate', async () => {
    const side = () => externalComputer(entry('pikafish', standin(...GAME)), 30);
    const r = await play(sideComputers([side(), side()], side()));
    expect(r.err).toBe('');
    const moves = r.out.split('\n').flatMap((l) => /^computer as \w+: \d+\.+ (\S+)/.exec(l)?.[1] ?? []);
    expect(moves).toEqual(GAME);
    expect(r.session.history.length).toBe(23);
    expect(r.out).toContain('game over: 1-0 red wins by checkmate');
    // the players line names the engines by their id name, as the saved game does (not `computer (level 3)`)
    expect(r.session.playersLine()).toBe('red: Pikafish dev-20260101-standin · black: Pikafish dev-20260101-standin');
  });

  it('the players line: an external engine by its name (ours until it has answered), the built-in one as `computer (level N)`', async () => {
    const computer = sideComputers([externalComputer(entry('pikafish', standin(...GAME)), 30), null], engineComputer());
    const session = new Session(getGame('xiangqi'), { players: ['computer', 'computer'] });
    session.computerEngineName = (side) => computer.engineName!(side);
    expect(session.playersLine()).toBe('red: pikafish · black: computer (level 3)');
    await closeComputer(computer);
  });

  it('chuhan engine --protocol uci spoken to as a Pikafish GUI (no UCI_Variant, ICCS) against itself spoken to as Fairy-Stockfish\'s GUIs', async () => {
    // each side's engine behind a tee that keeps what the GUI said to it
    const wrapped = (name: string) => {
      const file = join(dir, `${name}.sh`);
      writeFileSync(file, `#!/bin/sh\ntee -a ${JSON.stringify(join(dir, `${name}.log`))} | ${node} bin/chuhan.js engine --protocol uci --level 2\n`);
      chmodSync(file, 0o755);
      return file;
    };
    const pika = externalComputer(entry('as-pikafish', wrapped('pika'), { protocol: 'uci', dialect: 'pikafish' }), 20);
    const fairy = externalComputer(entry('as-fairy', wrapped('fairy'), { protocol: 'uci' }), 20);
    // an ending (two rooks on red's back rank, ICCS rank 0, against a bare king) keeps the whole
    // game to a few plies of search: the full-board game of the match runner below costs seconds
    const r = await play(sideComputers([pika, fairy], fairy), ROOKS_ENDING);
    expect(r.err).toBe('');
    // the game went to its end (every move legal by our rules: the session played them)
    expect(r.session.history.length).toBeGreaterThanOrEqual(3);
    expect(r.out).toMatch(/^game over: 1-0 red wins by (checkmate|stalemate)/m);
    const said = (name: string) => readFileSync(join(dir, `${name}.log`), 'utf8').split('\n');
    const positions = (lines: string[]) => lines.filter((l) => l.startsWith('position ')).map((l) => l.split(' moves ')[1] ?? '').filter((m) => m !== '');
    // red's engine: never a UCI_Variant, moves with ranks 0-9 (a 0 rank seen, never a 10)
    expect(said('pika').some((l) => /UCI_Variant/.test(l))).toBe(false);
    const red = positions(said('pika')).join(' ').split(' ');
    expect(red.every((m) => /^[a-i][0-9][a-i][0-9]$/.test(m))).toBe(true);
    expect(red.some((m) => /^[a-i]0|^[a-i][0-9][a-i]0$/.test(m))).toBe(true);
    // black's engine: UCI_Variant xiangqi, ranks 1-10
    expect(said('fairy')).toContain('setoption name UCI_Variant value xiangqi');
    const black = positions(said('fairy')).join(' ').split(' ');
    expect(black.every((m) => /^[a-i](10|[1-9])[a-i](10|[1-9])$/.test(m))).toBe(true);
  }, 180_000);

  it.skipIf(findProgram('fairy-stockfish') === null)(
    `chuhan engine --protocol uci in Pikafish's dialect against the real Fairy-Stockfish, a game to its end${findProgram('fairy-stockfish') === null ? ' — SKIPPED: fairy-stockfish is not installed' : ''}`,
    async () => {
      const file = join(dir, 'pika-vs-fsf.sh');
      writeFileSync(file, `#!/bin/sh\ntee -a ${JSON.stringify(join(dir, 'pika-vs-fsf.log'))} | ${node} bin/chuhan.js engine --protocol uci --level 2\n`);
      chmodSync(file, 0o755);
      const pika = externalComputer(entry('as-pikafish', file, { protocol: 'uci', dialect: 'pikafish' }), 20);
      const fsf = externalComputer(entry('fairy-stockfish', findProgram('fairy-stockfish')!, { protocol: 'uci' }), 20);
      // from the rooks' ending: a short game (from the start, FSF at 20 ms a move drags it out)
      const r = await play(sideComputers([pika, fsf], fsf), ROOKS_ENDING);
      expect(r.err).toBe('');
      expect(r.out).toMatch(/^game over: /m);
      const said = readFileSync(join(dir, 'pika-vs-fsf.log'), 'utf8');
      expect(said).not.toMatch(/UCI_Variant/);
      expect(said).toMatch(/^position fen \S+ w - - 0 1 moves [a-i][0-9][a-i][0-9]/m);
    },
    300_000,
  );
});

describe('the match runner speaks UCI in both dialects (--engine-protocol / --opponent-protocol)', () => {
  const base = { game: XIANGQI, tc: { kind: 'level', movesPerSession: 0, baseMs: 60_000, incMs: 0 }, maxPlies: 300, timeMarginMs: 1000 } as const;

  it('the stand-in against the stand-in: the 23-ply game to its mate, with colours swapped', async () => {
    const log: string[] = [];
    const games = await runMatch({
      ...base,
      engines: [
        { command: standin(...GAME), label: 'a', protocol: 'uci' },
        { command: standin(...GAME), label: 'b', protocol: 'uci', dialect: 'pikafish' },
      ],
      games: 2,
      log: (l) => log.push(l),
    });
    expect(games.map((g) => [g.result, g.plies, g.reason])).toEqual([
      ['1-0', 23, 'checkmate'],
      ['1-0', 23, 'checkmate'],
    ]);
    expect(games[0]!.moves).toEqual(GAME);
    // (the runner's log: `>first: …` what the first engine was sent)
    expect(log.some((l) => /^>(first|second): .*UCI_Variant/.test(l))).toBe(false);
    expect(log.some((l) => /^>first: go wtime \d+ btime \d+$/.test(l))).toBe(true);
  });

  it('chuhan engine --protocol uci driven in Pikafish\'s dialect against itself in Fairy-Stockfish\'s: a game', async () => {
    const cmd = `${node} bin/chuhan.js engine --protocol uci --level 2`;
    const log: string[] = [];
    const games = await runMatch({
      ...base,
      // 16 plies show both dialects at work; the game is then adjudicated a draw
      maxPlies: 16,
      tc: { kind: 'st', seconds: 0.05 },
      // the dialects are under test, not the clock: a loaded machine must not end the game on time
      timeMarginMs: 60_000,
      engines: [
        { command: cmd, label: 'pika', protocol: 'uci', dialect: 'pikafish' },
        { command: cmd, label: 'fairy', protocol: 'uci', dialect: 'fairy-stockfish' },
      ],
      games: 1,
      log: (l) => log.push(l),
    });
    expect(games[0]!.result).not.toBe('*');
    expect(games[0]!.plies).toBeGreaterThan(10);
    const sent = (who: string) => log.filter((l) => l.startsWith(`>${who}: `)).map((l) => l.slice(who.length + 3));
    // engine 0 (Pikafish's dialect) is `first`, engine 1 `second`
    expect(sent('first').some((l) => /UCI_Variant/.test(l))).toBe(false);
    expect(sent('second')).toContain('setoption name UCI_Variant value xiangqi');
    const moves = (who: string) => sent(who).filter((l) => l.includes(' moves ')).flatMap((l) => l.split(' moves ')[1]!.split(' '));
    expect(moves('first').length).toBeGreaterThan(5);
    expect(moves('first').every((m) => /^[a-i][0-9][a-i][0-9]$/.test(m))).toBe(true);
    expect(moves('second').every((m) => /^[a-i](10|[1-9])[a-i](10|[1-9])$/.test(m))).toBe(true);
  }, 300_000);
});

