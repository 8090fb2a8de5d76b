/** The play screen: the pure key reducer, and Ink frames (ink-testing-library) after state changes. */
import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { getGame } from '../src/games/registry.js';
import { App } from '../src/tui/App.js';
import { placeholderMove, type ComputerPlayer, type ThinkRequest } from '../src/tui/computer.js';
import { Screen } from '../src/tui/Screen.js';
import { Session } from '../src/tui/session.js';
import { afterCommand, highlightsFor, initialUi, reduceKey, typedSquare, type KeyInfo, type UiState } from '../src/tui/ui.js';

const xq = getGame('xiangqi');
const sq = (s: Session, name: string): number => s.parseSquare(name)!;

/** Feeds keys through the reducer, running submitted lines on the session like the App does. */
function keys(s: Session, ui: UiState, ...events: [string, KeyInfo?][]): { ui: UiState; ran: string[]; quit: boolean } {
  const ran: string[] = [];
  let quit = false;
  for (const [input, key] of events) {
    const step = reduceKey(s, ui, input, key ?? {});
    ui = step.ui;
    quit ||= !!step.quit;
    for (const line of step.submit) {
      ran.push(line);
      const r = s.command(line);
      ui = afterCommand(ui, line, r.out, r.err);
    }
  }
  return { ui, ran, quit };
}

const ENTER: [string, KeyInfo] = ['\r', { return: true }];
const UP: [string, KeyInfo] = ['', { upArrow: true }];
const LEFT: [string, KeyInfo] = ['', { leftArrow: true }];
const RIGHT: [string, KeyInfo] = ['', { rightArrow: true }];

describe('key reducer', () => {
  it('typing, backspace, escape and enter', () => {
    const s = new Session(xq);
    let r = keys(s, initialUi(), ['h'], ['2'], ['e'], ['x'], ['', { backspace: true }], ['2']);
    expect(r.ui.input).toBe('h2e2');
    expect(r.ran).toEqual([]);
    r = keys(s, r.ui, ENTER);
    expect(r.ran).toEqual(['h2e2']);
    expect(r.ui.input).toBe('');
    expect(r.ui.messages).toEqual([{ text: '1. h2e2', error: false }]);
    r = keys(s, r.ui, ['x'], ['', { escape: true }]);
    expect(r.ui.input).toBe('');
  });

  it('a pasted line with a line break submits it; CJK input is kept whole', () => {
    const s = new Session(xq);
    const r = keys(s, initialUi(), ['炮二平五\r'], ['马8进7'], ['', { backspace: true }], ['7'], ENTER);
    expect(r.ran).toEqual(['炮二平五', '马8进7']);
    expect(s.history).toHaveLength(2);
  });

  it('an illegal move shows an error message at once', () => {
    const s = new Session(xq);
    const r = keys(s, initialUi(), ['e3e5'], ENTER);
    expect(r.ui.messages).toHaveLength(1);
    expect(r.ui.messages[0]!.error).toBe(true);
    expect(r.ui.messages[0]!.text).toContain('e3e5');
  });

  it('help goes to a pane until Esc; typed text still goes to the prompt, Enter runs it and closes the pane', () => {
    const s = new Session(xq);
    let r = keys(s, initialUi(), ['help'], ENTER);
    expect(r.ui.pane?.lines[0]).toMatch(/^Commands/);
    expect(r.ui.messages).toEqual([]);
    r = keys(s, r.ui, ['h']);
    expect(r.ui.pane).not.toBeNull();
    expect(r.ui.input).toBe('h');
    r = keys(s, r.ui, ['2e2'], ENTER);
    expect(r.ui.pane).toBeNull();
    expect(s.history).toHaveLength(1);
    r = keys(s, r.ui, ['help'], ENTER);
    expect(r.ui.pane).not.toBeNull();
    r = keys(s, r.ui, ['', { escape: true }]);
    expect(r.ui.pane).toBeNull();
  });

  it('a lone line feed (cooked input before raw mode) is Enter', () => {
    const s = new Session(xq);
    let r = keys(s, initialUi(), UP, LEFT, LEFT, LEFT, ['\n']);
    expect(r.ui.selected).toBe(sq(s, 'b0'));
    r = keys(s, r.ui, ['h2e2'], ['\n']);
    expect(r.ran).toEqual(['h2e2']);
  });

  it('Ctrl-C and Ctrl-D quit; other control keys are ignored', () => {
    const s = new Session(xq);
    expect(keys(s, initialUi(), ['c', { ctrl: true }]).quit).toBe(true);
    expect(keys(s, initialUi(), ['d', { ctrl: true }]).quit).toBe(true);
    const r = keys(s, initialUi(), ['a', { ctrl: true }], ['', { tab: true }]);
    expect(r.quit).toBe(false);
    expect(r.ui.input).toBe('');
  });

  it('a typed square lights up its destinations while typing', () => {
    const s = new Session(xq);
    expect(typedSquare(s, 'b0')).toBe(sq(s, 'b0'));
    expect(typedSquare(s, '?b0')).toBe(sq(s, 'b0'));
    expect(typedSquare(s, 'C2.5')).toBeNull();
    const ui = { ...initialUi(), input: 'b0c' };
    expect(highlightsFor(s, ui).sort()).toEqual([sq(s, 'a2'), sq(s, 'c2')].sort());
    // a black piece while red is to move: nothing
    expect(highlightsFor(s, { ...initialUi(), input: 'b9' })).toEqual([]);
  });

  it('arrows move a cursor; Enter selects a piece, then plays it to a destination', () => {
    const s = new Session(xq);
    let r = keys(s, initialUi(), UP); // first arrow: the middle of the bottom rank
    expect(r.ui.cursor).toBe(sq(s, 'e0'));
    r = keys(s, r.ui, LEFT, LEFT, LEFT, ENTER); // b0: the horse
    expect(r.ui.cursor).toBe(sq(s, 'b0'));
    expect(r.ui.selected).toBe(sq(s, 'b0'));
    expect(highlightsFor(s, r.ui).sort()).toEqual([sq(s, 'a2'), sq(s, 'c2')].sort());
    r = keys(s, r.ui, UP, ENTER); // b1: not a destination
    expect(r.ui.messages[0]).toEqual({ text: 'the piece on b0 cannot go to b1', error: true });
    r = keys(s, r.ui, UP, RIGHT, ENTER); // c2
    expect(r.ran).toEqual(['b0c2']);
    expect(r.ui.selected).toBeNull();
    expect(s.history).toHaveLength(1);
  });

  it('cursor directions follow the screen when the board is flipped', () => {
    const s = new Session(xq);
    s.command('flip');
    let r = keys(s, initialUi(), UP);
    expect(r.ui.cursor).toBe(sq(s, 'e9'));
    r = keys(s, r.ui, UP, LEFT);
    expect(r.ui.cursor).toBe(sq(s, 'f8'));
  });

  it('selecting an empty square or an enemy piece explains why not', () => {
    const s = new Session(xq);
    const r = keys(s, initialUi(), UP, UP, ENTER); // e1: empty
    expect(r.ui.selected).toBeNull();
    expect(r.ui.messages[0]).toEqual({ text: 'select a red piece', error: true });
  });
});

const tick = () => new Promise((r) => setTimeout(r, 5));

/** Polls the frame until it shows `what`: up to 20 s, generous for a loaded machine (it returns at once when shown). */
async function waitFor(frame: () => string | undefined, pred: (f: string) => boolean, what: string): Promise<string> {
  const end = Date.now() + 20_000;
  for (;;) {
    const f = frame() ?? '';
    if (pred(f)) return f;
    if (Date.now() > end) throw new Error(`frame never showed ${what}:\n${frame()}`);
    await tick();
  }
}

/** A deterministic stand-in computer that records what it was asked. */
function fakeComputer(): ComputerPlayer & { calls: number } {
  const c = {
    name: 'placeholder random mover (test)',
    placeholder: true,
    calls: 0,
    async choose(req: ThinkRequest) {
      c.calls++;
      expect(req.moves).toHaveLength(req.pos.fullmove * 2 - 2 + req.pos.turn); // the game so far, for repetitions
      return placeholderMove(req.pos, () => 0);
    },
  };
  return c;
}

describe('Ink screen', () => {
  it('Screen shows board, moves, status, messages and the prompt', () => {
    const s = new Session(xq);
    s.command('move h2e2 h9g7');
    const { lastFrame } = render(
      <Screen
        title="chuhan · xiangqi"
        players={s.playersLine()}
        board={s.boardLines()}
        moves={s.moveListRows()}
        status={s.statusLine()}
        messages={[{ text: 'oops', error: true }]}
        input="b0c2"
        color={false}
      />,
    );
    const f = lastFrame()!;
    const lines = f.split('\n');
    expect(lines[0]).toBe('chuhan · xiangqi');
    expect(lines[1]).toBe('red: human · black: human');
    expect(lines[2]).toMatch(/^▽ ┌───┬.*┐ {4}moves$/);
    expect(lines[3]).toMatch(/^9 │▽車│▽馬│▽象│▽士│▽將│▽士│▽象│　 │▽車│ {4}1\. h2e2 h9g7$/);
    expect(f).toContain('red to move · last move h9g7');
    expect(f).toContain('error: oops');
    expect(f).toContain('> b0c2_');
  });

  it('Screen shows a panel (help) instead of the move list', () => {
    const s = new Session(xq);
    const { lastFrame } = render(
      <Screen title="t" players="p" board={s.boardLines()} moves={['1. h2e2']} panel={['Commands:', '  undo']} status="" messages={[]} input="" color={false} />,
    );
    const lines = lastFrame()!.split('\n');
    expect(lines[2]).toMatch(/┐ {4}Commands:$/);
    expect(lines[3]).toMatch(/│ {4} {2}undo$/);
    expect(lastFrame()).not.toContain('1. h2e2');
  });

  it('App: a typed move updates board, move list and status; the computer replies; autosaved', async () => {
    const s = new Session(xq, { players: ['human', 'computer'] });
    const computer = fakeComputer();
    const saves: string[] = [];
    const { stdin, lastFrame, unmount } = render(
      <App session={s} computer={computer} paint={{}} color={false} autosave={(x) => (saves.push(x.record()), null)} />,
    );
    let f = await waitFor(lastFrame, (x) => x.includes('red to move'), 'the start');
    expect(f).toContain('PLACEHOLDER random mover');
    expect(f).toContain('red: human · black: computer (level 3)');
    stdin.write('h2e2');
    f = await waitFor(lastFrame, (x) => x.includes('> h2e2'), 'the typed move');
    stdin.write('\r');
    f = await waitFor(lastFrame, (x) => /1\. h2e2 \S+/.test(x) && x.includes('red to move'), "the computer's reply");
    expect(computer.calls).toBe(1);
    expect(s.history).toHaveLength(2);
    const reply = xq.coordinate.format(s.pos, s.history[1]!);
    expect(f).toContain(`1. h2e2 ${reply}`);
    expect(f).toContain(`computer as black: 1... ${reply}`);
    // saved after the human move (before the computer thought) and after the reply
    expect(saves.some((t) => /1\. h2e2 \*/.test(t))).toBe(true);
    expect(saves[saves.length - 1]).toContain(`1. h2e2 ${reply} *`);
    unmount();
  });

  it('App: a search survives a flip, and is dropped (aborted) by an undo', async () => {
    const pending: { req: ThinkRequest; resolve: (m: number | null) => void }[] = [];
    const slow: ComputerPlayer = {
      name: 'slow test engine',
      placeholder: false,
      choose: (req) => new Promise((resolve) => pending.push({ req, resolve })),
    };
    const s = new Session(xq, { players: ['human', 'computer'] });
    const { stdin, lastFrame, unmount } = render(<App session={s} computer={slow} paint={{}} color={false} />);
    await waitFor(lastFrame, (x) => x.includes('red to move'), 'the start');
    const enter = async (line: string) => {
      stdin.write(line);
      await waitFor(lastFrame, (x) => x.includes(`> ${line}`), `typing ${line}`);
      stdin.write('\r');
    };
    await enter('h2e2');
    await waitFor(lastFrame, (x) => x.includes('computer is thinking'), 'thinking');
    expect(pending).toHaveLength(1);
    await enter('flip');
    await waitFor(lastFrame, (x) => x.includes('board flipped'), 'the flip');
    expect(pending).toHaveLength(1);
    expect(pending[0]!.req.signal?.aborted).toBe(false);
    pending[0]!.resolve(placeholderMove(pending[0]!.req.pos, () => 0));
    await waitFor(lastFrame, (x) => x.includes('computer as black'), 'the reply');
    expect(s.history).toHaveLength(2);

    await enter('a0a1');
    await waitFor(lastFrame, (x) => x.includes('computer is thinking'), 'thinking again');
    expect(pending).toHaveLength(2);
    await enter('undo');
    await waitFor(lastFrame, (x) => x.includes('took back'), 'the undo');
    expect(pending[1]!.req.signal?.aborted).toBe(true);
    pending[1]!.resolve(placeholderMove(pending[1]!.req.pos, () => 0)); // too late: ignored
    await tick();
    expect(s.history).toHaveLength(2);
    expect(lastFrame()).toContain('red to move');
    unmount();
  });

  it('App: an illegal move shows an error; undo and flip redraw the board', async () => {
    const s = new Session(xq);
    const { stdin, lastFrame, unmount } = render(<App session={s} computer={fakeComputer()} paint={{}} color={false} />);
    await waitFor(lastFrame, (x) => x.includes('red to move'), 'the start');
    stdin.write('e3e5');
    await waitFor(lastFrame, (x) => x.includes('> e3e5'), 'typing');
    stdin.write('\r');
    let f = await waitFor(lastFrame, (x) => x.includes('error: '), 'the error');
    expect(f).toMatch(/error: .*e3e5/);
    stdin.write('h2e2');
    await waitFor(lastFrame, (x) => x.includes('> h2e2'), 'typing');
    stdin.write('\r');
    await waitFor(lastFrame, (x) => x.includes('1. h2e2'), 'the move');
    stdin.write('flip');
    await waitFor(lastFrame, (x) => x.includes('> flip'), 'typing');
    stdin.write('\r');
    f = await waitFor(lastFrame, (x) => x.includes('board flipped'), 'the flip');
    expect(f.split('\n')[2]).toMatch(/^▲ ┌/); // red now at the top
    stdin.write('undo');
    await waitFor(lastFrame, (x) => x.includes('> undo'), 'typing');
    stdin.write('\r');
    f = await waitFor(lastFrame, (x) => x.includes('took back 1 move'), 'the undo');
    // the move taken back stays in the list as the move ahead (→ replays it); red is to move again
    expect(f.split('\n')).toContain('red to move');
    unmount();
  });
});
