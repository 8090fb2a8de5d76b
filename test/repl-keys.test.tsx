/** The repl at a terminal (Tab, Ctrl-C), the play screen's key help, help panel, no-colour marks. */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { getGame } from '../src/games/registry.js';
import { App } from '../src/tui/App.js';
import type { ComputerPlayer } from '../src/tui/computer.js';
import { monoPainter } from '../src/tui/paint.js';
import { completeLine, runRepl } from '../src/tui/repl.js';
import { Screen, wrapTo } from '../src/tui/Screen.js';
import { HELP } from '../src/tui/commands.js';
import { Session } from '../src/tui/session.js';
import { chooseLayout } from '../src/render/layout.js';
import { sleep, waitUntil } from './helpers/wait.js';

const xq = getGame('xiangqi');
const chu = getGame('chushogi');
const noComputer: ComputerPlayer = { name: 'none', placeholder: true, choose: async () => null };

describe('repl keys', () => {
  it('Tab completes commands and legal moves', () => {
    const s = new Session(xq);
    expect(completeLine(s, 'un')).toEqual([['undo'], 'un']);
    const [moves, word] = completeLine(s, 'h2');
    expect(word).toBe('h2');
    expect(moves).toContain('h2e2');
    expect(moves.every((m) => m.startsWith('h2'))).toBe(true);
    expect(completeLine(s, 'move h0')[0]).toEqual(['h0g2', 'h0i2']);
  });

  it('Ctrl-C cancels the typed line; a second one on an empty line quits', async () => {
    const s = new Session(xq);
    const input = new PassThrough();
    const output = new PassThrough();
    output.resume();
    let out = '';
    const done = runRepl({ session: s, computer: noComputer, input, output, interactive: true, io: { out: (t) => void (out += t), err: () => undefined } });
    input.write('h2e');
    await sleep(20);
    input.write('\x03'); // Ctrl-C: the line is dropped
    await sleep(20);
    input.write('h9g7\r'); // not "h2eh9g7"
    await sleep(20);
    expect(s.history).toHaveLength(0); // h9g7 is not red's move: refused, nothing played
    input.write('h2e2\r');
    await waitUntil(() => s.history.length > 0);
    expect(s.moveTexts()).toEqual(['h2e2']);
    input.write('\x03');
    await waitUntil(() => out.includes('Ctrl-C again'));
    expect(out).toContain('Ctrl-C again');
    input.write('\x03');
    expect(await done).toBe(1); // one command failed (h9g7)
  });
});

describe('play screen text', () => {
  it('the key help shows the game’s own examples (chu: USI and western, no xiangqi moves)', async () => {
    const s = new Session(chu, { players: ['human', 'human'] });
    const { lastFrame, unmount } = render(<App session={s} computer={noComputer} paint={{}} color={false} />);
    await waitUntil(() => (lastFrame() ?? '').split('\n').some((l) => l.startsWith('type a move')));
    const f = lastFrame()!;
    const line = f.split('\n').find((l) => l.startsWith('type a move'))!;
    // one legal move, in USI and (the same move) in western notation, and the square it starts from
    const m = /^type a move: (\d+[a-l])(\d+[a-l]) \(also [A-Z][^)]*\) · \?(\d+[a-l]) its moves/.exec(line)!;
    expect(m).not.toBeNull();
    expect(m[3]).toBe(m[1]);
    expect(s.legalTexts()).toContain(m[1]! + m[2]!);
    expect(s.movesFrom(s.parseSquare(m[3]!)!).length).toBeGreaterThan(0);
    expect(line).not.toContain('h2e2');
    unmount();
  });

  it('help beside the board: wrapped to the room beside it, no word cut off', () => {
    const s = new Session(chu);
    const board = s.boardLines({ paint: {} });
    const sizes = { full: { columns: 53, rows: board.length }, compact: { columns: 53, rows: 15 } };
    // ink-testing-library's screen is 100 columns: 45 beside the chu board
    const fit = chooseLayout({ columns: 100, rows: 40, reservedRows: 5, boards: sizes });
    const { lastFrame } = render(
      <Screen title="t" players="p" board={board} moves={[]} panel={[...HELP]} status="s" messages={[]} input="" color={false} fit={fit} />,
    );
    const f = lastFrame()!;
    for (const word of HELP.join(' ').split(/\s+/)) expect(f, word).toContain(word);
    expect(wrapTo('aaa bbb ccc', 7)).toEqual(['aaa bbb', '    ccc']);
  });

  it('without colour the cursor and the last move keep a mark (inverse, underline)', () => {
    const s = new Session(xq);
    s.command('h2e2');
    const lines = s.boardLines({ paint: monoPainter(), cursor: s.parseSquare('a0') });
    const text = lines.join('\n');
    expect(text).toContain('\x1b[7m');
    expect(text).toContain('\x1b[4m');
    expect(text).not.toMatch(/\x1b\[3\dm/); // no colours
  });
});
