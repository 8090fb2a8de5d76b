/**
 * Scripted GUI conversations with `chuhan engine` (CECP for xiangqi and chu, UCI and UCCI for
 * xiangqi), asserting the engine's replies. The searches run inline at small fixed depths so the
 * replies are reproducible; the real-process path is covered at the end with the built CLI.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseUciMove } from '../src/protocol/dialect.js';
import { CHU_XBOARD as CHU } from '../src/games/chushogi/xboard.js';
import { XIANGQI_XBOARD as XIANGQI } from '../src/games/xiangqi/xboard.js';
import { inlineThinker, type Thinker, type ThinkLimits } from '../src/protocol/thinker.js';
import { UciSession, type UciDialect } from '../src/protocol/uci.js';
import { waitUntil } from './helpers/wait.js';
import { XboardSession } from '../src/protocol/xboard.js';

interface Script {
  send(...lines: string[]): Promise<string[]>;
  readonly all: string[];
}

/** A GUI that sends lines and collects the replies to each batch (after the engine is idle). */
function xboard(opts: { depth?: number; thinker?: Thinker } = {}): Script {
  const all: string[] = [];
  let batch: string[] = [];
  const s = new XboardSession({
    thinker: opts.thinker ?? inlineThinker(),
    write: (l) => {
      all.push(l);
      batch.push(l);
    },
    limits: { depth: opts.depth ?? 2 },
  });
  return {
    all,
    async send(...lines) {
      batch = [];
      for (const l of lines) s.feed(l);
      await s.idle();
      return batch;
    },
  };
}

function uci(dialect: UciDialect, depth = 2): Script {
  const all: string[] = [];
  let batch: string[] = [];
  const s = new UciSession({
    dialect,
    thinker: inlineThinker(),
    write: (l) => {
      all.push(l);
      batch.push(l);
    },
    limits: { depth },
  });
  return {
    all,
    async send(...lines) {
      batch = [];
      for (const l of lines) s.feed(l);
      await s.idle();
      return batch;
    },
  };
}

const moves = (lines: readonly string[]) => lines.filter((l) => l.startsWith('move ')).map((l) => l.slice(5));

describe('CECP (xboard) handshake and housekeeping', () => {
  it('announces its features, variants and done=1, and answers ping', async () => {
    const gui = xboard();
    const r = await gui.send('xboard', 'protover 2');
    expect(r[0]).toBe('feature done=0');
    expect(r.at(-1)).toBe('feature done=1');
    const features = r.join(' ');
    expect(features).toContain('variants="xiangqi,chu"');
    for (const f of ['setboard=1', 'usermove=1', 'ping=1', 'colors=0', 'sigint=0']) expect(features).toContain(f);
    expect(await gui.send('ping 42')).toEqual(['pong 42']);
  });

  it('never crashes on unknown commands, bad parameters and unsupported variants', async () => {
    const gui = xboard();
    expect(await gui.send('frobnicate 3')).toEqual(['Error (unknown command): frobnicate']);
    expect(await gui.send('level x y z')).toEqual(['Error (bad parameters): level x y z']);
    expect(await gui.send('variant shogi')).toEqual(['Error (unsupported variant): shogi']);
    expect(await gui.send('undo')).toEqual(['Error (command not legal now): undo']);
    expect(await gui.send('', '   ', 'accepted usermove', 'rejected san')).toEqual([]);
    expect(await gui.send('ping 1')).toEqual(['pong 1']);
  });

  it('smp=1: cores N sets the search threads of the next searches', async () => {
    const limits: ThinkLimits[] = [];
    const inline = inlineThinker();
    const thinker: Thinker = { ...inline, think: (req) => (limits.push(req.limits), inline.think(req)) };
    const gui = xboard({ thinker });
    expect((await gui.send('xboard', 'protover 2')).join(' ')).toContain('smp=1');
    await gui.send('new', 'usermove h2e2');
    expect(limits[0]!.threads).toBeUndefined();
    expect(await gui.send('cores 0')).toEqual(['Error (bad parameters): cores 0']);
    await gui.send('cores 2', 'new', 'usermove h2e2');
    expect(limits[1]!.threads).toBe(2);
  });
});

describe('CECP xiangqi', () => {
  it('plays a legal reply in XBoard coordinates (ranks 0-9) after the GUI move, pong after the move', async () => {
    const gui = xboard();
    await gui.send('xboard', 'protover 2', 'new', 'variant xiangqi', 'level 40 5 0', 'post');
    // the engine plays Black after new: the move makes it think; ping waits for the move
    const r = await gui.send('time 30000', 'otim 30000', 'usermove h2e2', 'ping 9');
    const m = moves(r);
    expect(m).toHaveLength(1);
    expect(m[0]).toMatch(/^[a-i][0-9][a-i][0-9]$/);
    const pos = XIANGQI.start();
    pos.play(XIANGQI.parseMove(pos, 'h2e2').ok ? (XIANGQI.parseMove(pos, 'h2e2') as { value: number }).value : 0);
    expect(XIANGQI.parseMove(pos, m[0]!).ok).toBe(true);
    // thinking output "depth score time nodes pv" came before the move, pong after it
    const thinking = r.filter((l) => /^\d+ -?\d+ \d+ \d+ /.test(l));
    expect(thinking.length).toBeGreaterThan(0);
    expect(r.indexOf('pong 9')).toBeGreaterThan(r.indexOf(`move ${m[0]}`));
  });

  it('refuses illegal moves and keeps the game', async () => {
    const gui = xboard();
    await gui.send('new', 'variant xiangqi', 'force');
    expect(await gui.send('usermove a0a5')).toEqual([expect.stringMatching(/^Illegal move \(.+\): a0a5$/)]);
    expect(await gui.send('usermove h2e2', 'usermove e2e9')).toEqual([expect.stringMatching(/^Illegal move.*: e2e9$/)]);
    // force mode: no thinking, the moves are just recorded
    expect(await gui.send('usermove h9g7', 'ping 2')).toEqual(['pong 2']);
  });

  it("reads XBoard's FEN dialect (H horse, E elephant, no castling fields) and mates in one", async () => {
    const gui = xboard({ depth: 3 });
    await gui.send('new', 'variant xiangqi', 'force');
    expect(await gui.send('setboard rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w 0 1', 'ping 1')).toEqual(['pong 1']);
    // two chariots: b0b9 mates (the a8 chariot covers e8)
    const r = await gui.send('setboard 4k4/R8/9/9/9/9/9/9/9/1R1K5 w 0 1', 'go');
    expect(moves(r)).toEqual(['b0b9']);
    expect(r.at(-1)).toBe('1-0 {Red mates}');
    expect(await gui.send('usermove e9e8')).toEqual([expect.stringMatching(/^Illegal move \(the game is over/)]);
  });

  it('refuses an impossible position and every move until the next one', async () => {
    const gui = xboard();
    await gui.send('new', 'variant xiangqi', 'force');
    expect(await gui.send('setboard rheakaehr/9/9 w 0 1')).toEqual([expect.stringMatching(/^tellusererror Illegal position/)]);
    expect(await gui.send('usermove h2e2')).toEqual([expect.stringMatching(/^Illegal move/)]);
    expect(await gui.send('new', 'force', 'usermove h2e2', 'ping 3')).toEqual(['pong 3']);
  });

  it('undo and remove take moves back; force stops a search without a move', async () => {
    const gui = xboard();
    await gui.send('new', 'variant xiangqi', 'force', 'usermove h2e2', 'usermove h9g7', 'usermove b0c2');
    expect(await gui.send('remove', 'usermove h9g7', 'usermove b0c2', 'ping 1')).toEqual(['pong 1']);
    expect(await gui.send('undo', 'undo', 'undo', 'undo')).toEqual(['Error (command not legal now): undo']);
    const r = await gui.send('go', 'force', 'ping 5');
    // the inline search may finish before force is read, but never answers after it
    expect(r.at(-1)).toBe('pong 5');
  });
});

/** A thinker that thinks until stopped, then answers with the first legal move. */
function stubbornThinker(): Thinker & { started: number } {
  const t = {
    started: 0,
    think(req: Parameters<Thinker['think']>[0]) {
      t.started++;
      let stop!: () => void;
      const done = new Promise<void>((resolve) => (stop = resolve));
      const move = XIANGQI.parseMove(req.pos, 'h9g7');
      const promise = done.then(() => ({ move: move.ok ? move.value : 0, score: 0, depth: 1, nodes: 1, timeMs: 1, pv: [] }));
      return { promise, abort: () => stop() };
    },
    newGame() {},
    close: async () => {},
  };
  return t;
}

describe('CECP interrupts while thinking', () => {
  it('? moves now and ping waits for the move; force and new drop the search', async () => {
    const thinker = stubbornThinker();
    const out: string[] = [];
    const s = new XboardSession({ thinker, write: (l) => out.push(l) });
    for (const l of ['new', 'variant xiangqi', 'usermove h2e2', 'ping 1', 'post', 'time 100']) s.feed(l);
    await waitUntil(() => thinker.started === 1);
    expect(thinker.started).toBe(1);
    expect(out).toEqual([]); // still thinking: the pong waits
    s.feed('?');
    await s.idle();
    expect(out).toEqual(['move h9g7', 'pong 1']);
    out.length = 0;
    for (const l of ['usermove b0c2', 'force', 'ping 2']) s.feed(l);
    await s.idle();
    expect(out).toEqual(['pong 2']); // no move after force
    out.length = 0;
    for (const l of ['go', 'new', 'ping 3']) s.feed(l);
    await s.idle();
    expect(out).toEqual(['pong 3']);
    s.feed('quit');
  });

  it('analyze prints thinking lines, restarts on a move, exit leaves it', async () => {
    const gui = xboard({ depth: 2 });
    await gui.send('new', 'variant xiangqi', 'force');
    const r = await gui.send('post', 'analyze');
    expect(r.filter((l) => /^\d+ -?\d+ \d+ \d+ [a-i][0-9][a-i][0-9]/.test(l)).length).toBeGreaterThan(0);
    expect(moves(r)).toEqual([]);
    const r2 = await gui.send('usermove h2e2');
    expect(r2.some((l) => / [a-i][0-9][a-i][0-9]/.test(l))).toBe(true);
    expect(await gui.send('exit', 'ping 4')).toEqual(['pong 4']);
  });
});

describe('CECP chu shogi', () => {
  const twoGolds = 's10k/12/12/12/5g6/5g6/5N6/12/12/12/12/K11 w - 0 1';

  it('accepts a lion double move in comma form, igui and a pass, and answers the GUI', async () => {
    const gui = xboard();
    await gui.send('new', 'variant chu', 'force', `setboard ${twoGolds}`);
    // capture on f7, then step on to capture f8
    expect(await gui.send('usermove f6f7,f7f8', 'undo', 'usermove f6f7,f7f6', 'undo', 'usermove f6e6,e6f6', 'undo', 'ping 1')).toEqual([
      'pong 1',
    ]);
    expect(await gui.send('usermove f6f7,f7f9')).toEqual([expect.stringMatching(/^Illegal move.*f6f7,f7f9$/)]);
    // CECP's null move is a lion pass (HaChu writes and reads passes so)
    expect(await gui.send('usermove @@@@', 'undo', 'ping 2')).toEqual(['pong 2']);
    const pos = CHU.parseFen(twoGolds);
    expect(pos.ok).toBe(true);
    if (pos.ok) {
      const pass = CHU.parseMove(pos.value, 'f6e6,e6f6');
      expect(pass.ok && CHU.formatMove(pass.value, pos.value)).toBe('@@@@');
      const igui = CHU.parseMove(pos.value, 'f6f7,f7f6');
      expect(igui.ok && CHU.formatMove(igui.value, pos.value)).toBe('f6f7,f7f6');
    }
  });

  it("plays the lion's double capture as two move lines (XBoard's multi-leg form)", async () => {
    const gui = xboard();
    await gui.send('new', 'variant chu', 'force', `setboard ${twoGolds}`, 'post');
    const r = await gui.send('go');
    const m = r.filter((l) => l.startsWith('move '));
    expect(m).toEqual(['move f6f7,', 'move f7f8']);
  });

  it('promotes with a + suffix and reads promotions and declined promotions', async () => {
    const gui = xboard({ depth: 1 });
    await gui.send('new', 'variant chu', 'force');
    // a lone pawn about to enter the zone: promoting to a tokin is worth more
    const r = await gui.send('setboard 11k/12/12/12/5P6/12/12/12/12/12/12/K11 w - 0 1', 'go');
    expect(moves(r)).toEqual(['f8f9+']);
    // the tokin is a real piece: Gote is left with a bare king (lishogi's rule)
    expect(r.at(-1)).toBe('1-0 {Sente wins: bare king}');
    // the GUI's own promotion and a declined one (=) for a Gote pawn entering Gote's zone
    const gui2 = xboard();
    await gui2.send('new', 'variant chu', 'force', 'setboard s10k/12/12/12/12/12/12/5p6/12/12/12/K10S b - 0 1');
    expect(await gui2.send('usermove f5f4+', 'undo', 'usermove f5f4=', 'undo', 'usermove f5f4', 'ping 1')).toEqual(['pong 1']);
    // inside the zone without a capture: no promotion (lishogi rules)
    expect(await gui2.send('usermove l1l2', 'usermove f4f3+')).toEqual([expect.stringMatching(/^Illegal move \(the Pawn may not promote on this move\): f4f3\+$/)]);
    // reasons name squares the XBoard way
    expect(await gui2.send('usermove f6f5')).toEqual(['Illegal move (there is no piece on f6): f6f5']);
  });

  it("reads XBoard's chu FEN (w = Sente to move) and lishogi SFEN, and reports the royals' capture", async () => {
    const gui = xboard();
    await gui.send('new', 'variant chu', 'force');
    // XBoard dialect: w, then "-", half-move clock, move number; Sente (upper case) to move
    expect(await gui.send('setboard 12/12/12/12/12/12/12/12/12/12/k11/K11 w - 0 1', 'go')).toEqual([
      'move a1a2',
      '1-0 {Sente wins: the royals are captured}',
    ]);
    // lishogi SFEN: b = Sente too (read as SFEN because of its "-" and missing clock)
    const pos = CHU.parseFen('12/12/12/12/12/12/12/12/12/12/k11/K11 b - 1');
    expect(pos.ok && pos.value.turn).toBe(0);
    const gote = CHU.parseFen('12/12/12/12/12/12/12/12/12/12/k11/K11 b - 0 1');
    expect(gote.ok && gote.value.turn).toBe(1);
    expect(CHU.formatFen(CHU.start())).toBe(
      'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 0 1',
    );
    expect(XIANGQI.formatFen(XIANGQI.start())).toBe('rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w 0 1');
  });

  it('ranks 10-12 are written with two digits', async () => {
    const gui = xboard();
    await gui.send('new', 'variant chu', 'force', 'usermove h4h5');
    const r = await gui.send('go');
    const m = moves(r)[0]!;
    expect(m).toMatch(/^[a-l](9|1[0-2])[a-l]([7-9]|1[0-2])\+?$/);
  });
});

describe('UCI (Fairy-Stockfish xiangqi) and UCCI', () => {
  it('UCI: uciok, readyok, UCI_Variant, ranks 1-10 (b3b10), bestmove', async () => {
    const gui = uci('uci');
    const hello = await gui.send('uci');
    expect(hello).toContain('option name UCI_Variant type combo default xiangqi var xiangqi');
    expect(hello.at(-1)).toBe('uciok');
    expect(await gui.send('setoption name UCI_Variant value xiangqi', 'isready')).toEqual(['readyok']);
    expect(await gui.send('setoption name UCI_Variant value shogi')).toEqual(['info string variant shogi is not supported (only xiangqi)']);
    expect(await gui.send('ucinewgame', 'position startpos moves b3b10')).toEqual([]);
    const r = await gui.send('go depth 2');
    const best = r.at(-1)!;
    expect(best).toMatch(/^bestmove [a-i](10|[1-9])[a-i](10|[1-9])$/);
    expect(r.some((l) => /^info depth \d+ seldepth \d+ score (cp|mate) -?\d+ nodes \d+ nps \d+ time \d+ pv /.test(l))).toBe(true);
    const pos = XIANGQI.start();
    const first = parseUciMove(pos, 'b3b10');
    expect(first.ok).toBe(true);
    if (first.ok) pos.play(first.value);
    expect(parseUciMove(pos, best.slice(9)).ok).toBe(true);
    expect(await gui.send('position startpos moves h2e2')).toEqual([expect.stringMatching(/^info string bad move h2e2/)]);
    expect(await gui.send('quit')).toEqual([]);
  });

  it('UCI: mate in one from a FEN, and bestmove (none) when mated', async () => {
    const gui = uci('uci', 3);
    // UCI_Variant set: Fairy-Stockfish's ranks 1-10 (without it, Pikafish's ICCS: protocol-pikafish.test.ts)
    await gui.send('setoption name UCI_Variant value xiangqi');
    expect(await gui.send('position fen 4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1', 'go depth 3')).toContain('bestmove b1b10');
    expect((await gui.send('position fen 4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1 moves b1b10', 'go depth 3')).at(-1)).toBe('bestmove (none)');
  });

  it('UCCI: ucciok, ICCS moves, banmoves excludes root moves, nobestmove, bye', async () => {
    const gui = uci('ucci');
    const hello = await gui.send('ucci');
    expect(hello.at(-1)).toBe('ucciok');
    expect(await gui.send('setoption usemillisec true', 'isready')).toEqual(['readyok']);
    await gui.send('position startpos moves h2e2');
    const free = (await gui.send('go depth 2')).at(-1)!;
    expect(free).toMatch(/^bestmove [a-i][0-9][a-i][0-9]$/);
    const banned = free.slice(9);
    const r = await gui.send(`banmoves ${banned}`, 'go depth 2');
    const best = r.at(-1)!;
    expect(best).toMatch(/^bestmove [a-i][0-9][a-i][0-9]$/);
    expect(best.slice(9)).not.toBe(banned);
    expect(r.some((l) => /^info depth \d+ score -?\d+ time \d+ nodes \d+ pv /.test(l))).toBe(false); // sub-searches are silent
    // the only legal move banned: nothing left
    expect((await gui.send('position fen 4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1 moves b0b9', 'go depth 1')).at(-1)).toBe('nobestmove');
    expect(await gui.send('quit')).toEqual(['bye']);
  });

  it('UCCI probe is refused in words and closed with a bare pophash; UCI and USI do not know probe', async () => {
    const gui = uci('ucci');
    await gui.send('ucci');
    await gui.send('position startpos moves h2e2', 'go depth 2');
    expect(await gui.send('probe startpos moves h2e2')).toEqual([
      'info probe is not supported: chuhan does not expose its hash table (pophash carries no entry)',
      'pophash',
    ]);
    // the session goes on as before
    expect(await gui.send('isready')).toEqual(['readyok']);
    expect(await uci('uci').send('probe startpos')).toEqual(['info string unknown command: probe']);
    expect(await uci('usi').send('probe startpos')).toEqual(['info string unknown command: probe']);
  });

  it('UCI: isready is answered while searching; stop gives the bestmove', async () => {
    const out: string[] = [];
    const s = new UciSession({ dialect: 'uci', thinker: stubbornThinker(), write: (l) => out.push(l) });
    for (const l of ['uci', 'position startpos moves h3e3', 'go infinite', 'isready']) s.feed(l);
    await waitUntil(() => out.includes('readyok'));
    expect(out.at(-1)).toBe('readyok');
    expect(out.some((l) => l.startsWith('bestmove'))).toBe(false);
    s.feed('stop');
    await s.idle();
    expect(out.at(-1)).toBe('bestmove h10g8');
  });

  it('UCCI go time is in seconds unless usemillisec', async () => {
    // the limits the session asks of its thinker (no wall-clock measure: the tests run under load)
    const asked: ThinkLimits[] = [];
    const inner = inlineThinker();
    const thinker: Thinker = { ...inner, think: (req) => (asked.push(req.limits), inner.think({ ...req, limits: { depth: 1 } })) };
    const out: string[] = [];
    const s = new UciSession({ dialect: 'ucci', thinker, write: (l) => out.push(l) });
    const go = async (...lines: string[]) => {
      for (const l of lines) s.feed(l);
      await s.idle();
    };
    await go('ucci', 'position startpos', 'go time 1 increment 0');
    await go('setoption usemillisec true', 'position startpos', 'go time 1000 increment 0');
    await go('position startpos', 'go time 1 increment 0');
    expect(out.filter((l) => l.startsWith('bestmove'))).toHaveLength(3);
    const [sec, ms, oneMs] = asked.map((l) => l.timeMs);
    // 1 s on the clock: a budget within that second, the same as 1000 ms with usemillisec
    expect(sec).toBeGreaterThan(0);
    expect(sec).toBeLessThan(1000);
    expect(ms).toBe(sec);
    // and with usemillisec, 1 means a millisecond
    expect(oneMs).toBeLessThan(sec!);
  });
});

describe('chuhan engine, the real process', () => {
  it('speaks xboard over stdin/stdout and quits', async () => {
    const proc = spawn(process.execPath, ['bin/chuhan.js', 'engine', '--protocol', 'xboard'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const code = new Promise<number | null>((resolve) => proc.on('exit', resolve));
    proc.stdin.write('xboard\nprotover 2\nnew\nvariant chu\nsd 2\nusermove h4h5\nping 3\n');
    // generous: a loaded machine starts node slowly (the loop ends as soon as the pong comes)
    const deadline = Date.now() + 50_000;
    while (!out.includes('pong 3') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    proc.stdin.write('quit\n');
    expect(await code).toBe(0);
    expect(out).toContain('feature done=1');
    expect(out).toMatch(/move [a-l]\d+[a-l]\d+\+?\n(?:.*\n)*pong 3\n/);
  });

  it('rejects an unknown protocol with exit code 2', async () => {
    const proc = spawn(process.execPath, ['bin/chuhan.js', 'engine', '--protocol', 'shogi'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => proc.on('exit', resolve));
    expect(code).toBe(2);
    expect(err).toContain('unknown protocol "shogi"');
  });
});
