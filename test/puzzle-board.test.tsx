// The trainer as a mode of play's Ink board (App's `trainer`): a click plays the solver's move through
// the trainer, the reply follows after the pause, a move typed in another notation finishes it; the
// title, header, status and keys are the trainer's.
import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { getGame } from '../src/games/registry.js';
import { App } from '../src/tui/App.js';
import type { ComputerPlayer } from '../src/tui/computer.js';
import { boardGeometry } from '../src/tui/mouse.js';
import { PuzzleTrainer, coordinateMove } from '../src/tui/trainer.js';
import { builtinPuzzles } from './helpers/puzzles.js';
import { emptyProgress } from '../src/puzzle/progress.js';
import { DEFAULT_SETTINGS } from '../src/tui/settings.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const noComputer: ComputerPlayer = { name: 'none', placeholder: false, choose: async () => null };

describe('the trainer in the board', () => {
  it('click, reply, a move in another notation: solved, with the rating change', async () => {
    const xq = getGame('xiangqi');
    const p = builtinPuzzles('xiangqi').find((x) => x.solution.length === 3 && x.fen.includes(' w '))!;
    const t = new PuzzleTrainer({ game: xq, library: 'test', puzzles: [p], progress: emptyProgress() });
    const greeting = t.next();
    const { stdin, lastFrame, unmount } = render(<App session={t.session} computer={noComputer} paint={{}} color={false} greeting={greeting} delayMs={10} trainer={t} />);
    const until = async (what: string) => {
      for (let i = 0; i < 200 && !lastFrame()!.includes(what); i++) await sleep(20);
      expect(lastFrame()).toContain(what);
    };
    await until(`puzzle ${p.id}`);
    expect(lastFrame()).toContain('hint · solution · next · retry');
    expect(lastFrame()).toContain('red to move: find the best move (1 of 2)');
    // the first move with two clicks (red at the bottom: rank r is row 9 - r)
    const lines = lastFrame()!.split('\n');
    const g = boardGeometry(lines, 9);
    const click = async (sq: string) => {
      const file = sq.charCodeAt(0) - 97;
      const rank = Number(sq.slice(1));
      const x = g.columns[file]![0] + 1;
      const y = g.rows[9 - rank]! + 1;
      stdin.write(`\x1b[<0;${x};${y}M`);
      await sleep(20);
      stdin.write(`\x1b[<0;${x};${y}m`);
      await sleep(20);
    };
    await click(p.solution[0]!.slice(0, 2));
    await click(p.solution[0]!.slice(2, 4));
    await until('your move');
    expect(t.session.moveTexts()).toEqual(p.solution.slice(0, 2));
    // the last move in WXF (the session's notations read any)
    const last = coordinateMove(xq, t.session.pos, p.solution[2]!)!;
    const wxf = xq.notations.get('wxf')!.format(t.session.pos, last);
    stdin.write(`${wxf}\r`);
    await until('solved!');
    expect(lastFrame()).toMatch(/your rating 1500 → \d+ \(\+\d+\)/);
    expect(lastFrame()).toContain('next: another puzzle');
    unmount();
  });

  it('bell on (config.json): a BEL when the reply is played, none without it', async () => {
    const xq = getGame('xiangqi');
    const p = builtinPuzzles('xiangqi').find((x) => x.solution.length === 3 && x.fen.includes(' w '))!;
    for (const bell of [true, false]) {
      const t = new PuzzleTrainer({ game: xq, library: 'test', puzzles: [p], progress: emptyProgress() });
      const greeting = t.next();
      const app = render(<App session={t.session} computer={noComputer} paint={{}} color={false} greeting={greeting} delayMs={10} trainer={t} settings={{ ...DEFAULT_SETTINGS, bell }} />);
      for (let i = 0; i < 200 && !app.lastFrame()!.includes(`puzzle ${p.id}`); i++) await sleep(20);
      app.stdin.write(`${p.solution[0]}\r`);
      for (let i = 0; i < 200 && !app.lastFrame()!.includes('your move'); i++) await sleep(20);
      expect(app.lastFrame()).toContain('your move');
      expect(app.frames.some((x) => x.includes('\x07')), String(bell)).toBe(bell);
      app.unmount();
    }
  });
});
