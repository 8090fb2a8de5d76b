/** Game clocks (play --tc): time controls, loss on time with a fake time source, saved clocks. */
import { describe, expect, it } from 'vitest';
import { getGame } from '../src/games/registry.js';
import { Clock, formatMs, parseTimeControl, type TimeControl } from '../src/tui/clock.js';
import { Session } from '../src/tui/session.js';

const XQ = getGame('xiangqi');
const CHU = getGame('chushogi');

function tc(text: string): TimeControl {
  const r = parseTimeControl(text);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

function timed(text: string, game = XQ, fen?: string) {
  const t = { now: 1_000_000 };
  const s = new Session(game, { timeControl: tc(text), now: () => t.now, ...(fen ? { fen } : {}) });
  return { s, t };
}

describe('time controls', () => {
  it('reads Fischer, moves/seconds and byo-yomi; refuses junk with the forms', () => {
    expect(tc('5+3')).toMatchObject({ kind: 'fischer', mainMs: 300_000, incMs: 3000 });
    expect(tc('0+1')).toMatchObject({ kind: 'fischer', mainMs: 0, incMs: 1000 });
    expect(tc('40/300')).toMatchObject({ kind: 'moves', moves: 40, periodMs: 300_000 });
    expect(tc('10m+30s')).toMatchObject({ kind: 'byoyomi', mainMs: 600_000, byoMs: 30_000 });
    expect(tc('10+30b')).toMatchObject({ kind: 'byoyomi', mainMs: 600_000, byoMs: 30_000 });
    const bad = parseTimeControl('fast');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toContain('5+3');
    expect(formatMs(299_400)).toBe('4:59');
    expect(formatMs(9_460)).toBe('0:09.4');
  });

  it('Fischer adds the increment; 40/300 gives the period back after 40 moves', () => {
    const c = new Clock(tc('5+3'));
    c.start(0, 0);
    expect(c.press(10_000)).toBe(true); // red used 10 s of 303 s, +3
    expect(c.remaining(0, 10_000)).toBe(296_000);
    expect(c.runningSide).toBe(1);
    const m = new Clock(tc('2/10'));
    m.start(0, 0);
    let now = 0;
    for (let i = 0; i < 4; i++) m.press((now += 1000));
    expect(m.remaining(0, now)).toBe(10_000 - 2000 + 10_000);
  });

  it('byo-yomi: the main time, then 30 s a move; a move inside the period keeps it', () => {
    const c = new Clock(tc('1m+30s'));
    c.start(0, 0);
    expect(c.press(80_000)).toBe(true); // 60 s main + 20 s of byo-yomi
    c.press(80_000);
    expect(c.display(0, 80_000)).toBe('byo 0:30');
    expect(c.remaining(0, 105_000)).toBe(5000);
    expect(c.flagged(111_000)).toBe(0);
    expect(c.press(111_000)).toBe(false);
  });
});

describe('loss on time (injected clock, no sleeping)', () => {
  it('--tc 0+1: the side that does not move loses on time', () => {
    const { s, t } = timed('0+1');
    t.now += 900;
    expect(s.checkTime()).toBeNull();
    expect(s.command('h2e2').ok).toBe(true); // red moved in time
    t.now += 600;
    expect(s.checkTime()).toBeNull(); // black has 1 s
    t.now += 500;
    const lines = s.checkTime();
    expect(lines?.[0]).toBe('black ran out of time; game over: 1-0 red wins by loss on time');
    expect(s.outcome()).toMatchObject({ result: '1-0', winner: 0 });
    expect(s.command('h9g7').ok).toBe(false); // the game is over
    expect(s.record()).toContain('[Result "1-0"]');
  });

  it('a move made after the flag does not count', () => {
    const { s, t } = timed('0+1');
    t.now += 1500;
    expect(s.command('h2e2').err[0] ?? '').toBe('');
    expect(s.history).toHaveLength(0);
    expect(s.outcome()).toMatchObject({ winner: 1 });
  });

  it('xiangqi: a flag against a side with no chariot, horse, cannon or soldier is a draw', () => {
    // red: king and advisor only; black has a chariot. Black flags: red cannot win, a draw
    const { s, t } = timed('0+1', XQ, '3k5/9/9/9/9/9/9/9/r8/3AK4 b - - 0 1');
    t.now += 1500;
    expect(s.checkTime()?.[0]).toMatch(/^black ran out of time; game over: 1\/2-1\/2 draw/);
    expect(s.outcome()?.winner).toBeNull();
    // red flags: black wins
    const r = timed('0+1', XQ, '3k5/9/9/9/9/9/9/9/r8/3AK4 w - - 0 1');
    r.t.now += 1500;
    expect(r.s.checkTime()?.[0]).toContain('black wins by loss on time');
  });

  it('undo gives the clock back; the computer thinks within its clock', () => {
    const { s, t } = timed('5+3');
    t.now += 20_000;
    s.command('h2e2');
    expect(s.clock!.remaining(0, t.now)).toBe(286_000);
    t.now += 5000;
    s.command('undo');
    expect(s.clock!.remaining(0, t.now)).toBe(303_000);
    const ms = s.thinkRequest().timeMs!;
    expect(ms).toBeGreaterThan(1000);
    expect(ms).toBeLessThan(20_000);
  });
});

describe('clocks in the saved game', () => {
  it('the record carries the time control and both clocks; a resume restores them', () => {
    const { s, t } = timed('5+3', CHU);
    t.now += 12_000;
    s.command('7i7h');
    t.now += 4000;
    const rec = s.record();
    // PGN's TimeControl is in seconds (5 minutes + 3 s = 300+3); chuhan's own text is kept for --resume
    expect(rec).toContain('[TimeControl "300+3"]');
    expect(rec).toContain('[ChuhanTimeControl "5+3"]');
    const clockTag = /\[ChuhanClock "([^"]+)"\]/.exec(rec)?.[1];
    expect(clockTag?.split(' ').slice(0, 2)).toEqual(['294000', '299000']); // sente 303 - 12 + 3 s; gote's 4 s so far charged
    const back = new Session(CHU, { now: () => t.now });
    expect(back.loadRecord(rec, true)).toBeNull();
    expect(back.clock).not.toBeNull();
    expect(back.clockLine()).toBe('sente 4:54 · gote ▶ 4:59 (5+3)');
    expect(back.history).toHaveLength(1);
  });
});

describe('play --tc on the command line', () => {
  it('a bad time control is a usage error (exit 2) naming the forms', async () => {
    const { runCli } = await import('./helpers/cli.js');
    const r = await runCli(['play', '--tc', 'fast']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^chuhan: --tc: "fast" is not a time control \(use 5\+3 .*\)\n$/);
  });
});

describe('clocks on the play screen (ink, injected time)', () => {
  it('both clocks shown, the running one marked; with 0+1 the side that does not move loses on time', async () => {
    const { render } = await import('ink-testing-library');
    const { App } = await import('../src/tui/App.js');
    const t = { now: 0 };
    const s = new Session(XQ, { players: ['human', 'human'], timeControl: tc('0+1'), now: () => t.now });
    const none = { name: 'none', placeholder: true, choose: async () => null };
    const { stdin, lastFrame, unmount } = render(<App session={s} computer={none} paint={{}} color={false} tickMs={10} />);
    // the frames come when Ink draws them: wait for the text (a loaded machine may take a while), not a set time
    const drawn = async (text: string): Promise<void> => {
      for (let i = 0; i < 500 && !lastFrame()!.includes(text); i++) await new Promise((r) => setTimeout(r, 20));
    };
    await drawn('red ▶ 0:01.0');
    expect(lastFrame()).toContain('red ▶ 0:01.0 · black 0:01.0 (0+1)');
    stdin.write('h2e2\r');
    await drawn('black ▶');
    expect(lastFrame()).toContain('red 0:02.0 · black ▶ 0:01.0');
    t.now += 1200; // black does not move
    await drawn('ran out of time');
    expect(s.outcome()).toMatchObject({ result: '1-0', reason: 'loss on time' });
    expect(lastFrame()).toContain('black ran out of time; game over: 1-0 red wins by loss on time');
    unmount();
  });

  it('a tick draws a frame only when the clock line changes (not at every tick)', async () => {
    const { render } = await import('ink-testing-library');
    const { App } = await import('../src/tui/App.js');
    const t = { now: 0 };
    const s = new Session(XQ, { players: ['human', 'human'], timeControl: tc('5+0'), now: () => t.now });
    const none = { name: 'none', placeholder: true, choose: async () => null };
    const { frames, lastFrame, unmount } = render(<App session={s} computer={none} paint={{}} color={false} tickMs={5} />);
    const drawn = async (text: string): Promise<void> => {
      for (let i = 0; i < 500 && !lastFrame()!.includes(text); i++) await new Promise((r) => setTimeout(r, 20));
    };
    await drawn('red ▶ 5:00');
    await new Promise((r) => setTimeout(r, 50)); // the first frame's effects (ECCO names load…) settle
    const before = frames.length;
    await new Promise((r) => setTimeout(r, 200)); // about 40 ticks, the time standing still
    expect(frames.length).toBe(before);
    t.now += 1000; // a second later: the next tick draws the new time, once
    await drawn('red ▶ 4:59');
    expect(lastFrame()).toContain('red ▶ 4:59 · black 5:00 (5+0)');
    await new Promise((r) => setTimeout(r, 200));
    expect(frames.length).toBe(before + 1);
    unmount();
  });
});
