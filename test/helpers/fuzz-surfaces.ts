/**
 * The fuzz surfaces (issue 44): every place chuhan reads outside input, each with its in-process
 * entry points and what must hold for any input — a result or a one-sentence problem, never an
 * unexpected exception, never a raw control character in a message. Shared by the corpus test
 * (test/fuzz-corpus.test.ts replays fixtures/fuzz/<surface>/) and the mutation fuzzer
 * (scripts/fuzz-corpus.ts, which writes what breaks back into the corpus).
 *
 * `checkInput` resolves to null when the input is handled well, else to what went wrong (a thrown
 * exception with its stack, or the invariant broken).
 */
import { legalMoves } from '../../src/core/perft.js';
import { formatProblem } from '../../src/core/problem.js';
import type { Move } from '../../src/core/move.js';
import { parseFeatures } from '../../src/engine-client/cecp.js';
import { engineText, parseUciInfo, parseXboardThinking } from '../../src/engine-client/client.js';
import { lineSplitter, MAX_LINE_BYTES } from '../../src/engine-client/process.js';
import { getGame, type Game } from '../../src/games/registry.js';
import { WHOLE_READERS } from '../../src/notation/records/index.js';
import { openRecordSource, streamRecords } from '../../src/notation/records/open.js';
import { formatReportLine, Replayer } from '../../src/notation/replay.js';
import type { GameRecord } from '../../src/notation/pgn.js';
import { parseOptionLine } from '../../src/protocol/options.js';
import type { Thinker } from '../../src/protocol/thinker.js';
import { UciSession } from '../../src/protocol/uci.js';
import { XboardSession } from '../../src/protocol/xboard.js';
import { readRecord } from '../../src/tui/record.js';
import { Session } from '../../src/tui/session.js';

export const SURFACES = ['fen', 'moves', 'pgn', 'xqf', 'ccbridge', 'kif', 'dhtmlxq', 'wxf', 'protocol', 'engine-output', 'repl'] as const;
export type Surface = (typeof SURFACES)[number];

/** Record surfaces: files read through the one record opener. */
const RECORD_SURFACES: ReadonlySet<Surface> = new Set(['pgn', 'xqf', 'ccbridge', 'kif', 'dhtmlxq', 'wxf']);

const GAMES: Game[] = [getGame('xiangqi'), getGame('chushogi')];
/** Raw control characters (C0 but tab/newline, DEL, C1, bidi overrides) must never be printed. */
const RAW = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;
/** The longest message a problem may be (it quotes input, cut). */
const MAX_MESSAGE = 1000;

/** A sentence for the user: one line, bounded, nothing raw. */
function badMessage(what: string, m: string): string | null {
  if (RAW.test(m)) return `${what} holds a raw control character: ${JSON.stringify(m.slice(0, 300))}`;
  if (m.includes('\n')) return `${what} is more than one line: ${JSON.stringify(m.slice(0, 300))}`;
  if (m.length > MAX_MESSAGE) return `${what} is ${m.length} characters long`;
  return null;
}

/**
 * A failure a reader may report by throwing (the commands word it as `cannot read F: …`): a plain
 * `Error` with a clean one-line message. Anything else (TypeError, RangeError, a stack overflow) is
 * a crash.
 */
function thrown(e: unknown): string | null {
  if (e instanceof Error && e.constructor === Error) return badMessage('a thrown message', e.message);
  return `unexpected exception: ${e instanceof Error ? e.stack : String(e)}`;
}

/** Chunks of random sizes (1 to 4096 bytes) from a seeded generator, as a file stream might give them. */
async function* chunked(bytes: Uint8Array, seed: number): AsyncGenerator<Uint8Array> {
  let s = seed >>> 0 || 1;
  for (let o = 0; o < bytes.length; ) {
    s = (s * 1103515245 + 12345) >>> 0;
    const n = 1 + ((s >>> 8) % 4096);
    yield bytes.subarray(o, o + n);
    o += n;
  }
}

/** What a record reads as, for comparing the two openers. */
const shape = (r: GameRecord): string => JSON.stringify([r.index, r.moves.map((m) => m.text), r.tagList, r.result, r.errors.map((e) => e.message)]);

async function checkRecords(bytes: Uint8Array): Promise<string | null> {
  // the synchronous opener (load, saved games) and the stream opener in random chunks (validate, convert)
  let sync: GameRecord[];
  try {
    sync = [...streamRecords(bytes, WHOLE_READERS).records];
  } catch (e) {
    return thrown(e);
  }
  const streamed: GameRecord[] = [];
  try {
    const opened = await openRecordSource(chunked(bytes, bytes.length));
    for await (const r of opened.records) streamed.push(r);
  } catch (e) {
    return thrown(e);
  }
  if (streamed.length !== sync.length) return `the stream opener found ${streamed.length} games, the whole-file one ${sync.length}`;
  for (let i = 0; i < sync.length; i++)
    if (shape(sync[i]!) !== shape(streamed[i]!)) return `game ${i + 1} reads differently in chunks: ${shape(streamed[i]!).slice(0, 300)} vs ${shape(sync[i]!).slice(0, 300)}`;
  // every game replayed (validate, convert) with a clean report line
  const replayer = new Replayer({ keepMoves: true });
  for (const rec of sync) {
    try {
      const line = formatReportLine(replayer.replay(rec));
      const bad = badMessage('a report line', line);
      if (bad) return bad;
    } catch (e) {
      return `replaying game ${rec.index} threw: ${e instanceof Error ? e.stack : String(e)}`;
    }
  }
  // the board's `load` (game 1 of the file)
  try {
    const r = readRecord(bytes);
    if (!r.ok) return badMessage('a load error', r.error);
  } catch (e) {
    return thrown(e);
  }
  return null;
}

function checkFen(text: string): string | null {
  for (const game of GAMES) {
    const r = game.parseFen(text);
    if (!r.ok) {
      const bad = badMessage(`${game.id} FEN problem`, formatProblem(r.error));
      if (bad) return bad;
      continue;
    }
    const once = game.formatFen(r.value);
    const again = game.parseFen(once);
    if (!again.ok || game.formatFen(again.value) !== once) return `${game.id}: the FEN ${JSON.stringify(once)} it wrote does not read back the same`;
  }
  return null;
}

/** A move list: each token read in turn from the start position, in both games, until one is refused. */
function checkMoves(text: string): string | null {
  for (const game of GAMES) {
    const start = game.parseFen(game.startFen);
    if (!start.ok) return 'no start position';
    const pos = start.value;
    for (const tok of text.split(/\s+/).filter((t) => t !== '')) {
      game.classifyMove(tok);
      const r = game.parseMove(pos, tok);
      if (!r.ok) {
        const bad = badMessage(`${game.id} move problem`, formatProblem(r.error));
        if (bad) return bad;
        break;
      }
      if (!legalMoves(pos).includes(r.value)) return `${game.id}: ${JSON.stringify(tok)} read as a move that is not legal`;
      pos.play(r.value);
    }
  }
  return null;
}

/** A thinker that answers at once with the first legal move (the protocol is under test, not the search). */
const instantThinker = (): Thinker => ({
  think(req) {
    const m: Move = legalMoves(req.pos)[0] ?? 0;
    return { promise: Promise.resolve({ move: m, score: 0, depth: 1, nodes: 1, timeMs: 0, pv: m ? [m] : [] }), abort: () => undefined };
  },
  newGame: () => undefined,
  close: async () => undefined,
});

/** Protocol input: the lines a GUI sends `chuhan engine`, in the protocol the input's name starts with (all four otherwise). */
async function checkProtocol(text: string, name: string): Promise<string | null> {
  const named = (['uci', 'ucci', 'usi', 'xboard'] as const).filter((p) => name.startsWith(`${p}-`));
  for (const p of named.length > 0 ? named : (['uci', 'ucci', 'usi', 'xboard'] as const)) {
    for (const game of p === 'xboard' ? GAMES : [null]) {
      const out: string[] = [];
      const write = (t: string): void => void out.push(t);
      const thinker = instantThinker();
      try {
        const session =
          p === 'xboard'
            ? new XboardSession({ thinker, write, onQuit: () => undefined, level: null, game: game!.xboard })
            : new UciSession({ dialect: p, thinker, write, onQuit: () => undefined, level: null });
        for (const line of text.split(/\r?\n/)) {
          session.feed(line);
          await new Promise((res) => setImmediate(res));
        }
        await new Promise((res) => setImmediate(res));
      } catch (e) {
        return `${p}: unexpected exception: ${e instanceof Error ? e.stack : String(e)}`;
      }
      for (const l of out) if (RAW.test(l)) return `${p} wrote a raw control character: ${JSON.stringify(l.slice(0, 300))}`;
    }
  }
  return null;
}

/** Engine output: the bytes an engine client receives, split into capped lines and read as each protocol's answers. */
function checkEngineOutput(bytes: Uint8Array): string | null {
  const lines: string[] = [];
  let long = 0;
  const split = lineSplitter(MAX_LINE_BYTES, (l) => lines.push(l), () => long++);
  const buf = Buffer.from(bytes);
  for (let o = 0; o < buf.length; o += 777) split(buf.subarray(o, o + 777));
  split(Buffer.from('\n'));
  for (const l of lines) if (Buffer.byteLength(l) > MAX_LINE_BYTES) return `a line of ${Buffer.byteLength(l)} bytes passed the cap`;
  for (const game of GAMES) {
    const start = game.parseFen(game.startFen);
    if (!start.ok) return 'no start position';
    const pos = start.value;
    const wires = game.engineWire;
    for (const line of lines) {
      const words = line.trim().split(/\s+/);
      if (words[0] === 'id' && words[1] === 'name') {
        const shown = engineText(words.slice(2).join(' '));
        if (RAW.test(shown) || Array.from(shown).length > 60 * 4) return `engine name shown raw or long: ${JSON.stringify(shown)}`;
      }
      if (words[0] === 'feature') parseFeatures(line.slice(8));
      for (const p of ['uci', 'ucci', 'usi'] as const) {
        const wire = wires[p];
        if (!wire) continue;
        if (words[0] === 'info') parseUciInfo(line.trim().slice(5), pos, wire, p);
        if (words[0] === 'option') parseOptionLine(p, line.trim().slice(7));
        if (words[0] === 'bestmove' && words[1] !== undefined) {
          const r = wire.parseMove(pos, words[1]);
          if (r.ok && !legalMoves(pos).includes(r.value)) return `${p}: bestmove ${JSON.stringify(words[1])} read as a move that is not legal`;
        }
      }
      const xb = wires.xboard;
      if (xb) {
        parseXboardThinking(line.trim(), pos, xb);
        if (words[0] === 'move' && words[1] !== undefined) xb.parseMove(pos, words[1]);
      }
    }
  }
  return null;
}

/** repl lines: each line a command to a fresh session; what it prints is clean. */
function checkRepl(text: string): string | null {
  const s = new Session(GAMES[0]!, { players: ['human', 'human'] });
  for (const line of text.split('\n')) {
    const res = s.command(line);
    for (const l of [...res.out, ...res.err]) {
      if (RAW.test(l)) return `the session printed a raw control character: ${JSON.stringify(l.slice(0, 300))}`;
      if (l.length > MAX_MESSAGE * 4) return `the session printed a line of ${l.length} characters`;
    }
    if (res.quit) break;
  }
  return null;
}

/** Does `surface` handle this input well? null, or what went wrong. `name`: the input's file name (protocol inputs name theirs). */
export async function checkInput(surface: Surface, bytes: Uint8Array, name = ''): Promise<string | null> {
  const text = (): string => Buffer.from(bytes).toString('utf8');
  try {
    if (RECORD_SURFACES.has(surface)) return await checkRecords(bytes);
    if (surface === 'fen') return checkFen(text());
    if (surface === 'moves') return checkMoves(text());
    if (surface === 'protocol') return await checkProtocol(text(), name);
    if (surface === 'engine-output') return checkEngineOutput(bytes);
    return checkRepl(text());
  } catch (e) {
    return `unexpected exception: ${e instanceof Error ? e.stack : String(e)}`;
  }
}

/**
 * The inputs of a corpus file: a `.jsonl` file holds one input a line (a JSON string; `#` lines are
 * comments), any other file is one input, its bytes.
 */
export function corpusInputs(file: string, bytes: Uint8Array): Uint8Array[] {
  if (!file.endsWith('.jsonl')) return [bytes];
  return Buffer.from(bytes)
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((l) => Buffer.from(JSON.parse(l) as string, 'utf8'));
}
