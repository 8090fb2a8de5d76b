/**
 * The engine client against scripted fake engines (fixtures/engines/fake-uci.mjs for UCI/USI/UCCI,
 * fixtures/matches/fake-engine.mjs for CECP): handshake and detection, what is sent, the answer
 * parsed into our moves, and each failure as a typed error. Real engines: test/engine-real.test.ts.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EngineClient, type EngineInfo, type EngineSpec } from '../src/engine-client/client.js';
import { listEngines, readConfig, resolveEngine } from '../src/engine-client/config.js';
import { splitCommand } from '../src/engine-client/process.js';
import { formatIccs, parseCoordinate } from '../src/games/xiangqi/notation/iccs.js';
import { formatUsi, parseUsi } from '../src/games/chushogi/notation/usi.js';
import { CHU_XBOARD as CHU } from '../src/games/chushogi/xboard.js';
import { XIANGQI_XBOARD as XIANGQI } from '../src/games/xiangqi/xboard.js';
import { formatProblem } from '../src/core/problem.js';

const node = JSON.stringify(process.execPath);
const fakeUci = (...args: string[]) => `${node} fixtures/engines/fake-uci.mjs ${args.join(' ')}`;
const fakeXboard = (...args: string[]) => `${node} fixtures/matches/fake-engine.mjs ${args.join(' ')}`;
const dir = mkdtempSync(join(tmpdir(), 'chuhan-client-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let logs = 0;

async function open(command: string, extra: Partial<EngineSpec> = {}, answerMs = 3000) {
  const log = join(dir, `log${++logs}.txt`);
  process.env.FAKE_ENGINE_LOG = log;
  const r = await EngineClient.open({ name: 'fake', command, ...extra }, { answerMs, graceMs: 300 });
  delete process.env.FAKE_ENGINE_LOG;
  const sent = () => readFileSync(log, 'utf8').split('\n');
  return { r, sent };
}

const xqStart = () => XIANGQI.start();

describe('engine client: UCI (Fairy-Stockfish style)', () => {
  it('finds UCI by handshake, sets UCI_Variant, sends ranks 1-10 and reads the move back as ours', async () => {
    const { r, sent } = await open(fakeUci('uci', 'script', 'h10g8'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const c = r.value;
    expect(c.protocol).toBe('uci');
    expect(c.name).toBe('Fake UCI');
    expect(c.games).toEqual(['xiangqi']);
    const start = xqStart();
    const h2e2 = parseCoordinate(start, 'h2e2', 'iccs');
    if (!h2e2.ok) throw new Error(formatProblem(h2e2.error));
    const infos: EngineInfo[] = [];
    const a = await c.search({ game: 'xiangqi', start, moves: [h2e2.value], limits: { timeMs: 50 }, onInfo: (i) => infos.push(i) }).promise;
    expect(a.ok).toBe(true);
    if (!a.ok) return;
    expect(formatIccs(a.value.move)).toBe('h9g7');
    expect(infos.map((i) => [i.depth, i.score, i.mate])).toEqual([
      [1, 12, null],
      [2, null, 3],
    ]);
    expect(infos[1]!.pv.map(formatIccs)).toEqual(['h9g7']);
    expect(a.value.info?.depth).toBe(2);
    await c.close();
    const lines = sent();
    expect(lines).toContain('setoption name UCI_Variant value xiangqi');
    expect(lines).toContain('position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h3e3');
    expect(lines).toContain('go movetime 50');
    expect(lines).toContain('quit');
  });

  it('passes clocks as wtime/btime and options as setoption', async () => {
    const { r, sent } = await open(fakeUci('uci', 'script', 'h3e3'), { options: { Hash: 64 } });
    if (!r.ok) throw new Error(r.error.message);
    const a = await r.value.search({ game: 'xiangqi', start: xqStart(), moves: [], limits: { clock: { mineMs: 60000, theirsMs: 50000, incMs: 1000 } } }).promise;
    expect(a.ok && formatIccs(a.value.move)).toBe('h2e2');
    await r.value.close();
    expect(sent()).toContain('setoption name Hash value 64');
    expect(sent()).toContain('go wtime 60000 btime 50000 winc 1000 binc 1000');
  });

  it('an engine move our rules do not allow is an illegal-move error, not a move', async () => {
    const { r } = await open(fakeUci('uci', 'script', 'a1a5'));
    if (!r.ok) throw new Error(r.error.message);
    const a = await r.value.search({ game: 'xiangqi', start: xqStart(), moves: [], limits: { timeMs: 20 } }).promise;
    expect(a.ok).toBe(false);
    if (!a.ok) {
      expect(a.error.kind).toBe('illegal-move');
      expect(a.error.message).toMatch(/played "a1a5", which is not a legal move/);
    }
    await r.value.close();
  });

  it('an engine that dies while thinking is a died error', async () => {
    const { r } = await open(fakeUci('uci', 'die'));
    if (!r.ok) throw new Error(r.error.message);
    const a = await r.value.search({ game: 'xiangqi', start: xqStart(), moves: [], limits: { timeMs: 20 } }).promise;
    expect(!a.ok && a.error.kind).toBe('died');
    expect(!a.ok && a.error.message).toMatch(/stopped \(exit code 3\)/);
    await r.value.close();
  });

  it('an engine that never moves is a no-answer error after its time and the grace', async () => {
    const { r } = await open(fakeUci('uci', 'silent'));
    if (!r.ok) throw new Error(r.error.message);
    // (a client that waited for ever would fail on the test's timeout)
    const a = await r.value.search({ game: 'xiangqi', start: xqStart(), moves: [], limits: { timeMs: 50 } }).promise;
    expect(!a.ok && a.error.kind).toBe('no-answer');
    r.value.kill();
  });

  it('go infinite runs until stop, then the move comes', async () => {
    const { r, sent } = await open(fakeUci('uci', 'infinite', 'b3e3'));
    if (!r.ok) throw new Error(r.error.message);
    const s = r.value.search({ game: 'xiangqi', start: xqStart(), moves: [], limits: { infinite: true } });
    let done = false;
    void s.promise.then(() => (done = true));
    await new Promise((res) => setTimeout(res, 150));
    expect(done).toBe(false);
    s.stop();
    const a = await s.promise;
    expect(a.ok && formatIccs(a.value.move)).toBe('b2e2');
    await r.value.close();
    expect(sent()).toContain('go infinite');
    expect(sent()).toContain('stop');
  });

  it('a game the engine does not play is refused before anything is sent', async () => {
    const { r } = await open(fakeUci('uci', 'script'));
    if (!r.ok) throw new Error(r.error.message);
    const a = await r.value.search({ game: 'chushogi', start: CHU.start(), moves: [], limits: { timeMs: 20 } }).promise;
    expect(!a.ok && a.error.kind).toBe('unsupported');
    await r.value.close();
  });
});

describe('engine client: failures to start', () => {
  it('a missing program is a missing error naming it', async () => {
    const r = await EngineClient.open({ name: 'nope', command: '/nonexistent/engine --x' });
    expect(!r.ok && r.error.kind).toBe('missing');
    expect(!r.ok && r.error.message).toMatch(/"\/nonexistent\/engine" was not found/);
  });

  it('an engine that does not answer the handshake is a no-answer error', async () => {
    const { r } = await open(fakeUci('uci', 'mute'), { protocol: 'uci' }, 400);
    expect(!r.ok && r.error.kind).toBe('no-answer');
  });
});

describe('engine client: UCCI, USI, CECP', () => {
  it('UCCI: found after uci and xboard fail; ICCS moves, seconds unless usemillisec', async () => {
    const { r, sent } = await open(fakeUci('ucci', 'script', 'h9g7'), {}, 1000);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.protocol).toBe('ucci');
    const start = xqStart();
    const m = parseCoordinate(start, 'h2e2', 'iccs');
    if (!m.ok) throw new Error(formatProblem(m.error));
    const a = await r.value.search({ game: 'xiangqi', start, moves: [m.value], limits: { timeMs: 1500 } }).promise;
    expect(a.ok && formatIccs(a.value.move)).toBe('h9g7');
    expect(a.ok && a.value.info?.score).toBe(-7);
    await r.value.close();
    expect(sent()).toContain('setoption usemillisec true');
    expect(sent()).toContain('position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2');
    expect(sent()).toContain('go time 1500 movestogo 1');
  });

  it('USI for chu: SFEN and lishogi moves, byoyomi for a fixed time', async () => {
    const { r, sent } = await open(fakeUci('usi', 'script', '7d7e'), { protocol: 'usi' });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.games).toEqual(['chushogi']);
    const start = CHU.start();
    const m = parseUsi(start, '7i7h');
    if (!m.ok) throw new Error(formatProblem(m.error));
    const a = await r.value.search({ game: 'chushogi', start, moves: [m.value], limits: { timeMs: 1000 } }).promise;
    expect(a.ok && formatUsi(a.value.move)).toBe('7d7e');
    await r.value.close();
    expect(sent()).toContain(
      'position sfen lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1 moves 7i7h',
    );
    expect(sent()).toContain('go btime 0 wtime 0 byoyomi 1000');
    expect(sent()).toContain('usinewgame');
  });

  it('CECP: found by handshake, games from variants, moves replayed with usermove, setboard for a position', async () => {
    const { r, sent } = await open(fakeXboard('script', 'i9h9'), {}, 1000);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.protocol).toBe('xboard');
    expect(r.value.games).toEqual(['xiangqi', 'chushogi']);
    const start = xqStart();
    const m = parseCoordinate(start, 'h2h9', 'iccs');
    if (!m.ok) throw new Error(formatProblem(m.error));
    const infos: EngineInfo[] = [];
    const a = await r.value.search({ game: 'xiangqi', start, moves: [m.value], limits: { timeMs: 1000 }, onInfo: (i) => infos.push(i) }).promise;
    if (!a.ok) throw new Error(a.error.message);
    expect(formatIccs(a.value.move)).toBe('i9h9');
    expect(infos[0]?.score).toBe(15);
    expect(infos[0]?.pv.map(formatIccs)).toEqual(['i9h9']);
    // a position that is not the start goes by setboard
    const f = XIANGQI.parseFen('3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1');
    if (!f.ok) throw new Error(formatProblem(f.error));
    const b = await r.value.search({ game: 'xiangqi', start: f.value, moves: [], limits: { depth: 2 } }).promise;
    // the fake starts its script again at `new`: i9h9 is no move in this position
    expect(!b.ok && b.error.kind).toBe('illegal-move');
    await r.value.close();
    const lines = sent();
    expect(lines).toContain('variant xiangqi');
    expect(lines).toContain('usermove h2h9');
    expect(lines).toContain('setboard 3k5/9/9/9/9/9/9/9/4R4/4K4 w 0 1');
    expect(lines).toContain('sd 2');
  });

  it('CECP chu: a lion double move sent in legs comes back as one move', async () => {
    // Sente lion on 6h (XBoard g5), gote pawns on 6g and 6f: it takes both
    const fen = '6k5/12/12/12/12/6p5/6p5/6N5/12/12/12/5K6 b - 1';
    const pos = CHU.parseFen(fen);
    if (!pos.ok) throw new Error(formatProblem(pos.error));
    const { r } = await open(fakeXboard('legs', 'g5g6,g6g7'), { protocol: 'xboard' });
    if (!r.ok) throw new Error(r.error.message);
    const a = await r.value.search({ game: 'chushogi', start: pos.value, moves: [], limits: { timeMs: 1000 } }).promise;
    expect(a.ok).toBe(true);
    if (a.ok) expect(formatUsi(a.value.move)).toBe('6h6g6f');
    expect(formatUsi(parseUsiOrThrow(pos.value, 'g5g6,g6g7'))).toBe('6h6g6f');
    await r.value.close();
  });
});

function parseUsiOrThrow(pos: ReturnType<typeof CHU.start>, text: string) {
  const r = CHU.parseMove(pos, text);
  if (!r.ok) throw new Error(formatProblem(r.error));
  return r.value;
}

describe('engines by name: engines.json and known engines', () => {
  it('reads engines.json from $CHUHAN_HOME, with protocol, games and options', () => {
    const home = mkdtempSync(join(dir, 'home-'));
    writeFileSync(
      join(home, 'engines.json'),
      JSON.stringify({ engines: { fake: { command: `${process.execPath} x.mjs`, protocol: 'uci', games: ['xq'], options: { Threads: 1, Hash: 32 } } } }),
    );
    const env = { CHUHAN_HOME: home, PATH: '' };
    const c = readConfig(env);
    expect(c.ok && c.value.map((e) => [e.name, e.protocol, e.games, e.options])).toEqual([['fake', 'uci', ['xiangqi'], { Threads: 1, Hash: 32 }]]);
    const all = listEngines(env);
    expect(all.ok && all.value.map((e) => e.name)).toEqual(['fake', 'eleeye', 'fairy-stockfish', 'hachu', 'maxqi', 'pikafish']);
    const r = resolveEngine('FAKE', env);
    expect(r.ok && r.value.kind === 'external' && r.value.entry.command).toBe(`${process.execPath} x.mjs`);
    expect(resolveEngine('builtin', env)).toEqual({ ok: true, value: { kind: 'builtin' } });
  });

  it('bad engines.json and unknown names are one-sentence errors', () => {
    const home = mkdtempSync(join(dir, 'bad-'));
    writeFileSync(join(home, 'engines.json'), '{"engines": {"x": {"protocol": "uci"}}}');
    const c = readConfig({ CHUHAN_HOME: home });
    expect(!c.ok && c.error).toMatch(/engine "x" needs a "command"/);
    const u = resolveEngine('no-such-engine-xyz', { CHUHAN_HOME: dir, PATH: '' });
    expect(!u.ok && u.error).toMatch(/^unknown engine "no-such-engine-xyz"/);
  });

  it('splits command lines with quotes', () => {
    expect(splitCommand(`node "a b.mjs" 'c d' e\\ f`)).toEqual(['node', 'a b.mjs', 'c d', 'e f']);
  });
});

describe('CLI: --engine and chuhan engines', () => {
  it('analyse --engine with an unknown name is a usage error (exit 2, one sentence)', async () => {
    const { runCli } = await import('./helpers/cli.js');
    const r = await runCli(['analyse', '--engine', 'no-such-engine-xyz'], { CHUHAN_HOME: dir, PATH: '' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^chuhan: unknown engine "no-such-engine-xyz": not in .*engines\.json/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('analyse --engine <configured fake> prints its lines and bestmove in the chosen notation', async () => {
    const { runCli } = await import('./helpers/cli.js');
    const home = mkdtempSync(join(dir, 'cli-'));
    const fake = join(process.cwd(), 'fixtures/engines/fake-uci.mjs');
    writeFileSync(join(home, 'engines.json'), JSON.stringify({ engines: { fk: { command: `${process.execPath} ${fake} uci script h10g8 c4c5`, protocol: 'uci' } } }));
    const r = await runCli(['analyse', '--engine', 'fk', '--moves', 'h2e2', '-n', 'wxf', '--time', '50'], { CHUHAN_HOME: home, PATH: process.env.PATH });
    expect(r.stderr).toBe('engine: Fake UCI (uci)\n');
    expect(r.stdout).toBe('depth 1 score 12 nodes 10 pv H8+7\ndepth 2 score #3 nodes 40 nps 4000 pv H8+7 P7+1\nbestmove H8+7\n');
    expect(r.code).toBe(0);
    const list = await runCli(['engines', '--json'], { CHUHAN_HOME: home, PATH: '' });
    const j = JSON.parse(list.stdout) as { engines: { name: string; protocol: string | null; installed: boolean }[] };
    expect(j.engines.slice(0, 2).map((e) => [e.name, e.protocol, e.installed])).toEqual([
      ['builtin', null, true],
      ['fk', 'uci', true],
    ]);
  });
});

describe('engine client against chuhan engine itself (built dist)', () => {
  it('USI for chu: a legal move and progress lines from `chuhan engine --protocol usi`', async () => {
    const r = await EngineClient.open({ name: 'self', command: `${node} bin/chuhan.js engine --protocol usi`, protocol: 'usi' });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.name).toBe('chuhan 0.1.0');
    const start = CHU.start();
    const m = parseUsi(start, '7i7h');
    if (!m.ok) throw new Error(formatProblem(m.error));
    const infos: EngineInfo[] = [];
    const a = await r.value.search({ game: 'chushogi', start, moves: [m.value], limits: { depth: 2 }, onInfo: (i) => infos.push(i) }).promise;
    await r.value.close();
    if (!a.ok) throw new Error(a.error.message);
    const after = start.clone();
    after.play(m.value);
    expect(parseUsi(after, formatUsi(a.value.move)).ok).toBe(true);
    expect(infos.at(-1)?.depth).toBe(2);
    expect(infos.at(-1)?.pv[0]).toBe(a.value.move);
  }, 30_000);
});
