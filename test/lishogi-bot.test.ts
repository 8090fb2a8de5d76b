/**
 * `chuhan engine --protocol usi` as Lishogi-Bot drives it (docs/engines.md, "Running chuhan as a
 * lishogi bot"). The dialogue is the one its USI controller writes, read from its source
 * (engine_ctrl/usi.py and engine_wrapper.py of TheYoBots/Lishogi-Bot): `usi` (waits for `usiok`),
 * its config's `usi_options` as `setoption name N value V`, `isready`; before a search
 * `setoption name USI_Variant value chushogi` (once, when the variant changes), `position sfen
 * <lishogi's initial SFEN> moves <lishogi's moves>` (`moves` with nothing after it on the first
 * move), and `go movetime 1000` for each side's first move, else `go btime B wtime W [binc I winc I]
 * byoyomi Y` with B and W less the byoyomi and increment (0 once in byoyomi); with pondering
 * `go ponder …` on the position after its move and the move it expects, then `ponderhit` or `stop`;
 * at the end the final `position` (no `go`), `stop` and `quit`. No `usinewgame` is sent.
 *
 * The game is lishogi chushogi game 36 of fixtures/games/chushogi/lishogi_49_games.pgn (14 plies,
 * with lion double moves `5g4h3g`, `3g2h2i` and igui `2i2j2i` as lishogi writes them), both sides
 * asked at every ply; every answer must be a legal move there and nothing the bot sends refused.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Position } from '../src/core/position.js';
import { parseUsi } from '../src/games/chushogi/notation/usi.js';
import { CHU_XBOARD as CHU } from '../src/games/chushogi/xboard.js';

const RECORD = readFileSync('fixtures/games/chushogi/lishogi_49_games.pgn', 'utf8').split(/\n(?=\[Event )/).find((g) => g.includes('[Event "lishogi chushogi game 36"]'))!;
const START = /\[FEN "([^"]+)"\]/.exec(RECORD)![1]!;
const GAME = RECORD.replace(/\[[^\]]*\]/g, '')
  .split(/\s+/)
  .filter((w) => /^(\d+[a-l]){2,3}\+?$/.test(w));

function after(moves: readonly string[]): Position {
  const pos = CHU.parseFen(START);
  if (!pos.ok) throw new Error(START);
  const p = pos.value;
  for (const m of moves) {
    const r = parseUsi(p, m);
    if (!r.ok) throw new Error(`${m} is not legal in lishogi game 36`);
    p.play(r.value);
  }
  return p;
}

/** The engine process, spoken to line by line as the bot does (it waits for each answer). */
function engine() {
  const proc = spawn(process.execPath, ['bin/chuhan.js', 'engine', '--protocol', 'usi'], { stdio: ['pipe', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let partial = '';
  let stderr = '';
  let waiter: (() => void) | null = null;
  proc.stdout.on('data', (d: Buffer) => {
    const parts = (partial + d.toString()).split('\n');
    partial = parts.pop()!;
    lines.push(...parts.map((l) => l.replace(/\r$/, '')));
    waiter?.();
  });
  proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exit = new Promise<number | null>((resolve) => proc.on('exit', resolve));
  let read = 0;
  return {
    lines,
    stderr: () => stderr,
    exit,
    send(...ls: string[]) {
      for (const l of ls) proc.stdin.write(l + '\n');
    },
    /** The lines up to and including the first that `done` accepts (as the bot's recv loop). */
    async until(done: (l: string) => boolean, ms = 30_000): Promise<string[]> {
      const deadline = Date.now() + ms;
      for (;;) {
        const k = lines.slice(read).findIndex(done);
        if (k >= 0) {
          const got = lines.slice(read, read + k + 1);
          read += k + 1;
          return got;
        }
        if (Date.now() > deadline) throw new Error(`no answer; the engine said: ${lines.slice(read).join(' | ')}`);
        await new Promise<void>((resolve) => {
          waiter = resolve;
          setTimeout(resolve, 100);
        });
      }
    },
  };
}

const position = (moves: readonly string[]) => `position sfen ${START} moves ${moves.join(' ')}`;
const bestmove = (l: string) => l.startsWith('bestmove ');
/** What an engine says that a bot would log as a refusal or an error. */
const REFUSAL = /unknown|bad |refus|not supported|error|illegal|cannot|already searching|expected/i;

describe("chuhan engine --protocol usi under Lishogi-Bot's dialogue", () => {
  it('lishogi chushogi game 36, both sides asked at every ply, pondering on: legal moves, nothing refused, exit 0', async () => {
    expect(GAME).toHaveLength(14);
    const e = engine();
    e.send('usi');
    const hello = await e.until((l) => l === 'usiok');
    expect(hello).toContain('option name USI_Variant type combo default chushogi var chushogi');
    // config.yml's usi_options (Threads: 1 by default; USI_Ponder so that the engine names a move to ponder on)
    e.send('setoption name Threads value 1', 'setoption name USI_Hash value 64', 'setoption name USI_Ponder value true', 'isready');
    expect(await e.until((l) => l === 'readyok')).toEqual(['readyok']);
    e.send('setoption name USI_Variant value chushogi');
    // clocks as lishogi reports them (ms), small for a short test: 4 s each, a 300 ms byoyomi or a 200 ms increment
    let btime = 4000;
    let wtime = 4000;
    let ponders = 0;
    for (let ply = 0; ply < GAME.length; ply++) {
      const moves = GAME.slice(0, ply);
      e.send(position(moves));
      // the first move of each side: a fixed second (the book answers at once)
      if (ply < 2) e.send('go movetime 300'); // the bot's first-move time (1000 in its default config; shorter here)
      else if (ply < 6) e.send(`go btime ${btime - 300} wtime ${wtime - 300} byoyomi 300`);
      else if (ply < 10) e.send(`go btime ${Math.max(0, btime - 200 - 100)} wtime ${Math.max(0, wtime - 200 - 100)} binc 200 winc 200 byoyomi 100`);
      // in byoyomi: the main time is spent, the bot sends 0
      else e.send('go btime 0 wtime 0 byoyomi 300');
      const said = await e.until(bestmove);
      const m = /^bestmove (\S+)(?: ponder (\S+))?$/.exec(said.at(-1)!);
      expect(m, said.at(-1)).not.toBeNull();
      const pos = after(moves);
      expect(parseUsi(pos, m![1]!).ok, `${m![1]} at ply ${ply}`).toBe(true);
      expect(said.filter((l) => REFUSAL.test(l))).toEqual([]);
      if (ply < 10) {
        btime -= 300;
        wtime -= 300;
      }
      // the bot ponders on the position after its move and the reply it names (as the engine wrote them)
      if (m![2] && (ply === 4 || ply === 7)) {
        e.send(position([...moves, m![1]!, m![2]!]), 'go ponder btime 0 wtime 0 byoyomi 300');
        // the reply came (ponderhit) at ply 4; another move came (stop) at ply 7
        e.send(ply === 4 ? 'ponderhit' : 'stop');
        const pondered = await e.until(bestmove);
        const p = /^bestmove (\S+)/.exec(pondered.at(-1)!)![1]!;
        expect(parseUsi(after([...moves, m![1]!, m![2]!]), p).ok, `${p} after pondering at ply ${ply}`).toBe(true);
        expect(pondered.filter((l) => REFUSAL.test(l))).toEqual([]);
        ponders++;
      }
    }
    expect(ponders).toBe(2);
    // the game is over: its last position, then stop and quit (the bot's end of game)
    e.send(position(GAME), 'stop', 'quit');
    expect(await e.exit).toBe(0);
    expect(e.stderr()).toBe('');
    expect(e.lines.filter((l) => REFUSAL.test(l))).toEqual([]);
  }, 90_000);

  it("its other forms: `position startpos moves` with none after, `go movetime` with a decimal, `go nodes`/`go depth` from go_commands, `gameover`", async () => {
    const e = engine();
    e.send('usi');
    await e.until((l) => l === 'usiok');
    e.send('isready');
    await e.until((l) => l === 'readyok');
    e.send('setoption name USI_Variant value chushogi', 'position startpos moves ', 'go movetime 200.0');
    const first = await e.until(bestmove);
    expect(parseUsi(CHU.start(), /^bestmove (\S+)/.exec(first.at(-1)!)![1]!).ok).toBe(true);
    e.send(position(GAME.slice(0, 5)), 'go nodes 2000 btime 0 wtime 0 byoyomi 1000');
    const second = await e.until(bestmove);
    expect(parseUsi(after(GAME.slice(0, 5)), /^bestmove (\S+)/.exec(second.at(-1)!)![1]!).ok).toBe(true);
    e.send(position(GAME.slice(0, 6)), 'go depth 1 btime 0 wtime 0 byoyomi 1000');
    const third = await e.until(bestmove);
    expect(parseUsi(after(GAME.slice(0, 6)), /^bestmove (\S+)/.exec(third.at(-1)!)![1]!).ok).toBe(true);
    e.send('gameover lose', 'quit');
    expect(await e.exit).toBe(0);
    expect(e.lines.filter((l) => REFUSAL.test(l))).toEqual([]);
  }, 60_000);
});
