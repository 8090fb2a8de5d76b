/**
 * Issue 44, deliverable 2 in `play`: the board with a hostile engine as the computer
 * (fixtures/engines/hostile-uci.mjs). A line without end or a move made of escapes shows one
 * clean sentence under the board; the game was saved before the engine was asked; the escaped
 * engine name is what the eval line shows.
 */
import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { getGame } from '../src/games/registry.js';
import { App } from '../src/tui/App.js';
import { Session } from '../src/tui/session.js';
import { externalComputer } from '../src/tui/engine-computer.js';
import type { EngineEntry } from '../src/engine-client/config.js';

const xq = getGame('xiangqi');
const node = JSON.stringify(process.execPath);
const entry = (mode: string): EngineEntry => ({
  name: `h-${mode}`,
  command: `${node} fixtures/engines/hostile-uci.mjs ${mode}`,
  protocol: 'uci',
  games: ['xiangqi'],
  source: 'command',
  path: process.execPath,
});
/** Anything a terminal would act on (ESC, BEL, C1, bidi overrides); the frame's own newlines aside. */
const RAW = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

async function waitFor(frame: () => string | undefined, pred: (f: string) => boolean, what: string): Promise<string> {
  for (let i = 0; i < 1000; i++) {
    const f = frame() ?? '';
    if (pred(f)) return f;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`frame never showed ${what}:\n${frame()}`);
}

async function playOne(mode: string) {
  const s = new Session(xq, { players: ['human', 'computer'] });
  s.showEval = true;
  const computer = externalComputer(entry(mode), 200);
  const saves: string[] = [];
  const app = render(<App session={s} computer={computer} paint={{}} color={false} autosave={(x) => (saves.push(x.record()), null)} />);
  await waitFor(app.lastFrame, (x) => x.includes('red to move'), 'the start');
  app.stdin.write('h2e2');
  await waitFor(app.lastFrame, (x) => x.includes('> h2e2'), 'the typed move');
  app.stdin.write('\r');
  return { s, computer, saves, app };
}

describe('play against a hostile engine', () => {
  for (const [mode, sentence] of [
    ['endless', 'the computer failed: the engine h-endless was ended: it wrote a line longer than 64 KiB'],
    ['escape-move', 'the computer failed: the engine h-escape-move played "\\x1b]0;pwned\\x07\\x1b[2J", which is not a legal move here'],
  ] as const) {
    it(`${mode}: one clean sentence under the board, the game saved, the game goes on`, async () => {
      const { s, computer, saves, app } = await playOne(mode);
      const f = await waitFor(app.lastFrame, (x) => x.includes('the computer failed'), 'the failure');
      expect(f.replace(/\s*\n\s*/g, ' ')).toContain(sentence);
      expect(f).not.toMatch(RAW);
      expect(s.history).toHaveLength(1);
      // saved with the human move before the engine was asked
      expect(saves.some((t) => /1\. h2e2 \*/.test(t))).toBe(true);
      app.unmount();
      await computer.close();
    }, 20_000);
  }

  it('escapes in id name: the eval line shows it escaped', async () => {
    // the engine is red (its one move is red's cannon to the centre)
    const s = new Session(xq, { players: ['computer', 'human'] });
    s.showEval = true;
    const computer = externalComputer(entry('escapes'), 200);
    const app = render(<App session={s} computer={computer} paint={{}} color={false} />);
    const f = await waitFor(app.lastFrame, (x) => x.includes('eval '), 'the eval line');
    expect(s.history).toHaveLength(1);
    expect(f).toContain('Evil\\x1b]0;pwned');
    expect(f).not.toMatch(RAW);
    app.unmount();
    await computer.close();
  }, 20_000);
});
