/** The opening's name (xiangqi ECCO) in the `play` board's title, once a move is played. */
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { getGame } from '../src/games/registry.js';
import { App } from '../src/tui/App.js';
import type { ComputerPlayer } from '../src/tui/computer.js';
import { Session } from '../src/tui/session.js';

const never: ComputerPlayer = {
  name: 'none (test)',
  placeholder: false,
  choose: () => new Promise(() => {}),
};

async function frameWith(frame: () => string | undefined, text: string): Promise<string> {
  for (let i = 0; i < 500; i++) {
    const f = frame() ?? '';
    if (f.includes(text)) return f;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`frame never showed ${text}:\n${frame()}`);
}

describe('play: the opening in the title', () => {
  it('names the xiangqi opening as the moves are played, not before', async () => {
    const s = new Session(getGame('xiangqi'));
    const app = render(<App session={s} computer={never} paint={{}} color={false} />);
    const first = await frameWith(app.lastFrame, 'red to move');
    expect(first.split('\n')[0]).toBe('chuhan · xiangqi');
    app.stdin.write('h2e2\r');
    expect((await frameWith(app.lastFrame, 'B00')).split('\n')[0]).toBe('chuhan · xiangqi · B00 中炮局');
    app.stdin.write('h9g7\r');
    expect((await frameWith(app.lastFrame, 'B05')).split('\n')[0]).toBe('chuhan · xiangqi · B05 中炮对进左马');
    app.unmount();
  });

  it('names none for chu', async () => {
    const s = new Session(getGame('chushogi'));
    s.command('move 8i8h');
    const app = render(<App session={s} computer={never} paint={{}} color={false} />);
    const f = await frameWith(app.lastFrame, 'to move');
    expect(f.split('\n')[0]).toBe('chuhan · chushogi');
    app.unmount();
  });
});
