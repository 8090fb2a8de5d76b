/**
 * Game clocks for `play --tc` (UI-free; the time source is injected, so tests need no sleeping).
 *
 * Time controls (`parseTimeControl`):
 * - `5+3`     Fischer: 5 minutes each, 3 seconds added after every move (`0+1`: 1 s a move). Each
 *             side starts with the main time plus one increment, so `0+1` is playable.
 * - `5`       sudden death: 5 minutes each.
 * - `40/300`  conventional: 40 moves in 300 seconds, then the same again (time left carries over).
 * - `10m+30s` byo-yomi: 10 minutes main time, then 30 seconds for every move (a move made within
 *             the 30 s keeps the next move's 30 s); also written `10+30b`. Units: `h`, `m`, `s`.
 *             A bare `A+B` is Fischer; with units written it is byo-yomi.
 *
 * A side whose time runs out loses (`flagged`) — the session turns that into a result.
 */
import { quoteInput } from '../core/text.js';
import type { Side } from '../core/piece.js';

export type TimeControl =
  | { readonly kind: 'fischer'; readonly text: string; readonly mainMs: number; readonly incMs: number }
  | { readonly kind: 'moves'; readonly text: string; readonly moves: number; readonly periodMs: number }
  | { readonly kind: 'byoyomi'; readonly text: string; readonly mainMs: number; readonly byoMs: number };

const UNIT: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000 };

/** A time control from its text, or the reason it is not one (a sentence naming the forms). */
export function parseTimeControl(text: string): { ok: true; value: TimeControl } | { ok: false; error: string } {
  const t = text.trim().toLowerCase();
  const num = '(\\d+(?:\\.\\d+)?)';
  let m = new RegExp(`^${num}\\+${num}$`).exec(t);
  if (m) return { ok: true, value: { kind: 'fischer', text: t, mainMs: Number(m[1]) * 60_000, incMs: Number(m[2]) * 1000 } };
  m = new RegExp(`^${num}$`).exec(t);
  if (m && Number(m[1]) > 0) return { ok: true, value: { kind: 'fischer', text: t, mainMs: Number(m[1]) * 60_000, incMs: 0 } };
  m = new RegExp(`^(\\d+)/${num}$`).exec(t);
  if (m && Number(m[1]) > 0 && Number(m[2]) > 0)
    return { ok: true, value: { kind: 'moves', text: t, moves: Number(m[1]), periodMs: Number(m[2]) * 1000 } };
  m = new RegExp(`^${num}([hms])?\\+${num}([hms]|b)$`).exec(t);
  if (m) {
    const main = Number(m[1]) * UNIT[m[2] ?? 'm']!;
    const byo = Number(m[3]) * (m[4] === 'b' ? 1000 : UNIT[m[4]!]!);
    if (byo > 0) return { ok: true, value: { kind: 'byoyomi', text: t, mainMs: main, byoMs: byo } };
  }
  return {
    ok: false,
    error: `${quoteInput(text)} is not a time control (use 5+3 for 5 minutes plus 3 seconds a move, 40/300 for 40 moves in 300 seconds, or 10m+30s for 10 minutes then 30 seconds byo-yomi)`,
  };
}

/** Milliseconds as PGN's seconds: a whole number when whole (`12`), else up to three decimals. */
const pgnSeconds = (ms: number): string => String(Number((ms / 1000).toFixed(3)));

/**
 * A time control as PGN's `TimeControl` tag writes it (PGN standard 9.6.1: seconds, not minutes):
 * sudden death `300`, Fischer `300+5`, moves in a period `40/300` (the period repeats, as chuhan
 * plays it). Byo-yomi has no PGN form: null (the record keeps chuhan's own text in ChuhanTimeControl).
 */
export function pgnTimeControl(tc: TimeControl): string | null {
  switch (tc.kind) {
    case 'fischer':
      return tc.incMs > 0 ? `${pgnSeconds(tc.mainMs)}+${pgnSeconds(tc.incMs)}` : pgnSeconds(tc.mainMs);
    case 'moves':
      return `${tc.moves}/${pgnSeconds(tc.periodMs)}`;
    case 'byoyomi':
      return null;
  }
}

/** The clocks for an engine that keeps its own time (the shape of src/engine-client's ClockLimits). */
export interface EngineClock {
  /** Main time left of the side to move and of the other side, ms (0 once in byo-yomi). */
  readonly mineMs: number;
  readonly theirsMs: number;
  readonly incMs?: number;
  readonly movesToGo?: number;
  readonly byoyomiMs?: number;
}

/** What a clock needs to resume: each side's main time left, byo-yomi entered, moves made. */
export interface ClockState {
  readonly left: readonly [number, number];
  readonly byo: readonly [boolean, boolean];
  readonly moves: readonly [number, number];
}

export class Clock {
  readonly tc: TimeControl;
  private left: [number, number];
  private byo: [boolean, boolean] = [false, false];
  private moves: [number, number] = [0, 0];
  /** The side whose clock runs, and since when (null: stopped). */
  private running: Side | null = null;
  private since = 0;
  /** States before each press, for undo. */
  private past: ClockState[] = [];

  constructor(tc: TimeControl, state?: ClockState) {
    this.tc = tc;
    const start = tc.kind === 'fischer' ? tc.mainMs + tc.incMs : tc.kind === 'moves' ? tc.periodMs : tc.mainMs;
    this.left = [start, start];
    if (state) this.restore(state);
  }

  /** The state with the running side charged up to `now` (for saving a game in progress). */
  stateAt(now: number): ClockState {
    const copy = new Clock(this.tc, this.state());
    if (this.running !== null) {
      copy.start(this.running, this.since);
      copy.stop(now);
    }
    return copy.state();
  }

  state(): ClockState {
    return { left: [...this.left], byo: [...this.byo], moves: [...this.moves] };
  }

  private restore(s: ClockState): void {
    this.left = [s.left[0], s.left[1]];
    this.byo = [s.byo[0], s.byo[1]];
    this.moves = [s.moves[0], s.moves[1]];
  }

  /** Starts (or restarts) `side`'s clock at `now`. */
  start(side: Side, now: number): void {
    this.running = side;
    this.since = now;
  }

  stop(now: number): void {
    if (this.running !== null) this.settle(this.running, now);
    this.running = null;
  }

  get runningSide(): Side | null {
    return this.running;
  }

  /** Charges the running side for the time since it started; false when it ran out. */
  private settle(side: Side, now: number): boolean {
    const used = Math.max(0, now - this.since);
    this.since = now;
    const tc = this.tc;
    if (tc.kind === 'byoyomi') {
      if (this.byo[side]) return used <= tc.byoMs;
      if (used <= this.left[side]) {
        this.left[side] -= used;
        return true;
      }
      const over = used - this.left[side];
      this.left[side] = 0;
      this.byo[side] = true;
      return over <= tc.byoMs;
    }
    this.left[side] -= used;
    return this.left[side] >= 0;
  }

  /**
   * The running side finished its move at `now`: its time is charged (increment, period) and the
   * other side's clock starts. Returns false (and changes nothing) if its time had run out.
   */
  press(now: number): boolean {
    const side = this.running;
    if (side === null) return true;
    if (this.remaining(side, now) < 0) return false;
    this.past.push(this.state());
    this.settle(side, now);
    const tc = this.tc;
    this.moves[side]++;
    if (tc.kind === 'fischer') this.left[side] += tc.incMs;
    else if (tc.kind === 'moves' && this.moves[side] % tc.moves === 0) this.left[side] += tc.periodMs;
    this.start((side ^ 1) as Side, now);
    return true;
  }

  /** Takes back the last press: the clocks as they were before it (the mover's clock runs again). */
  unpress(now: number): void {
    const s = this.past.pop();
    if (!s) return;
    const side = this.running === null ? null : ((this.running ^ 1) as Side);
    this.restore(s);
    if (side !== null) this.start(side, now);
  }

  /** Time `side` has left at `now` before it loses (byo-yomi included), ms; negative: flagged. */
  remaining(side: Side, now: number): number {
    const used = this.running === side ? Math.max(0, now - this.since) : 0;
    const tc = this.tc;
    if (tc.kind === 'byoyomi') {
      if (this.byo[side]) return tc.byoMs - used;
      return this.left[side] - used + tc.byoMs;
    }
    return this.left[side] - used;
  }

  /** The running side if its time is up at `now`, else null. */
  flagged(now: number): Side | null {
    const s = this.running;
    return s !== null && this.remaining(s, now) < 0 ? s : null;
  }

  /** `4:58`, `0:09.4` (tenths under 10 s), `byo 0:27` in byo-yomi. */
  display(side: Side, now: number): string {
    const tc = this.tc;
    if (tc.kind === 'byoyomi') {
      const used = this.running === side ? Math.max(0, now - this.since) : 0;
      const main = this.byo[side] ? 0 : this.left[side] - used;
      if (main > 0) return `${formatMs(main)} +${formatMs(tc.byoMs)}`;
      return `byo ${formatMs(Math.max(0, this.remaining(side, now)))}`;
    }
    return formatMs(Math.max(0, this.remaining(side, now)));
  }

  /**
   * The clocks as an engine protocol gives them before `side` moves at `now` (src/engine-client's
   * ClockLimits: xboard `time`/`otim`, UCI `wtime btime winc binc movestogo`, USI `btime wtime
   * byoyomi`): each side's main time left (byo-yomi not included), the increment, the moves to the
   * next period, the byo-yomi.
   */
  limits(side: Side, now: number): EngineClock {
    const tc = this.tc;
    const main = (s: Side): number => {
      const used = this.running === s ? Math.max(0, now - this.since) : 0;
      if (tc.kind === 'byoyomi') return this.byo[s] ? 0 : Math.max(0, this.left[s] - used);
      return Math.max(0, this.left[s] - used);
    };
    const other = (side ^ 1) as Side;
    return {
      mineMs: main(side),
      theirsMs: main(other),
      ...(tc.kind === 'fischer' && tc.incMs > 0 ? { incMs: tc.incMs } : {}),
      ...(tc.kind === 'moves' ? { movesToGo: tc.moves - (this.moves[side] % tc.moves) } : {}),
      ...(tc.kind === 'byoyomi' ? { byoyomiMs: tc.byoMs } : {}),
    };
  }

  /** Time for the engine's next move: an even share of what is left (the game's `movesToGo`). */
  allocate(side: Side, now: number, movesToGo: number): number {
    const tc = this.tc;
    const left = Math.max(0, this.remaining(side, now));
    const reserve = Math.min(1000, left * 0.05) + 50;
    const usable = Math.max(0, left - reserve);
    let target: number;
    if (tc.kind === 'fischer') target = usable / (movesToGo + 1) + tc.incMs * 0.8;
    else if (tc.kind === 'moves') target = usable / (tc.moves - (this.moves[side] % tc.moves) + 1);
    else target = this.byo[side] ? tc.byoMs * 0.7 : (left - tc.byoMs) / (movesToGo + 1) + tc.byoMs * 0.7;
    return Math.max(10, Math.round(Math.min(target, usable * 0.5)));
  }
}

/** ms as `m:ss` (`h:mm:ss` from an hour), with tenths under 10 seconds. */
export function formatMs(ms: number): string {
  if (ms < 10_000) return `0:0${(Math.floor(ms / 100) / 10).toFixed(1)}`;
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

/** The clock state as a record tag value: `ms0 ms1 byo0 byo1 moves0 moves1` (byo 0/1). */
export function formatClockTag(s: ClockState): string {
  return [Math.round(s.left[0]), Math.round(s.left[1]), +s.byo[0], +s.byo[1], s.moves[0], s.moves[1]].join(' ');
}

export function parseClockTag(text: string): ClockState | null {
  const n = text.trim().split(/\s+/).map(Number);
  if (n.length !== 6 || n.some((x) => !Number.isFinite(x))) return null;
  return { left: [n[0]!, n[1]!], byo: [n[2] === 1, n[3] === 1], moves: [n[4]!, n[5]!] };
}
