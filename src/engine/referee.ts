/**
 * A small referee for engine matches: decides when a game played move by move is over. It covers
 * what engine-vs-engine and engine-vs-random games reach: no legal move (mate, stalemate, royals
 * captured) loses; repetition (xiangqi 3rd, chu 4th occurrence) with the perpetual-check ruling,
 * else a draw; xiangqi's 120 plies without capture and insufficient material; chu's bare king;
 * a ply cap. (Perpetual chase and chu "attacking" repetitions are the full rules judge's job.)
 */
import type { Move } from '../core/move.js';
import type { Position } from '../core/position.js';

export interface MatchResult {
  /** 0 or 1: the winning side; null: draw. */
  readonly winner: 0 | 1 | null;
  readonly reason: string;
}

export class Referee {
  private readonly lo: number[] = [];
  private readonly hi: number[] = [];
  private readonly check: boolean[] = [];
  /** Index from which positions can repeat (after the last capture or promotion). */
  private floor = 0;
  private readonly chu: boolean;

  constructor(
    readonly pos: Position,
    private readonly maxPlies: number,
  ) {
    this.chu = pos.variant.spec.id === 'chushogi';
    this.record();
  }

  get plies(): number {
    return this.lo.length - 1;
  }

  private record(): void {
    this.lo.push(this.pos.hashLo);
    this.hi.push(this.pos.hashHi);
    this.check.push(this.pos.variant.inCheck(this.pos));
  }

  /** Plays m and returns the result if the game is over. */
  play(m: Move): MatchResult | null {
    const pos = this.pos;
    const from = m & 0xff;
    const piece = pos.board[from]!;
    pos.play(m);
    const [capTo, capMid] = pos.lastCaptures();
    const kind = pos.variant.pieces[(piece >> 1) - 1]!.id;
    if (capTo || capMid || m & 0x1000000 || (this.chu && (kind === 'pawn' || kind === 'lance'))) this.floor = this.lo.length;
    this.record();
    return this.result();
  }

  /** The result of the current position, or null while the game goes on. */
  result(): MatchResult | null {
    const pos = this.pos;
    const v = pos.variant;
    const buf = new Int32Array(4096);
    if (v.generateLegal(pos, buf, 0) === 0) return { winner: (pos.turn ^ 1) as 0 | 1, reason: this.noMovesReason() };
    const rep = this.repetition();
    if (rep) return rep;
    if (!this.chu) {
      if (pos.halfmove >= 120) return { winner: null, reason: '60-move rule' };
      if (!this.xiangqiCanCross(0) && !this.xiangqiCanCross(1)) return { winner: null, reason: 'insufficient material' };
    } else {
      const bare = this.bareKing();
      if (bare) return bare;
    }
    if (this.plies >= this.maxPlies) return { winner: null, reason: 'move limit' };
    return null;
  }

  private noMovesReason(): string {
    if (this.chu) return 'royals captured';
    return this.pos.variant.inCheck(this.pos) ? 'checkmate' : 'stalemate';
  }

  private repetition(): MatchResult | null {
    const last = this.lo.length - 1;
    const need = this.chu ? 4 : 3;
    let seen = 1;
    let first = last;
    for (let i = last - 2; i >= this.floor; i -= 2) {
      if (this.lo[i] === this.lo[last] && this.hi[i] === this.hi[last]) {
        seen++;
        first = i;
      }
    }
    if (seen < need) return null;
    // moves of the side to move at `last` lead to positions first+1, first+3, ...
    let usChecks = true;
    let themChecks = true;
    for (let k = first + 1; k <= last; k++) {
      if ((k - first) & 1) usChecks &&= this.check[k]!;
      else themChecks &&= this.check[k]!;
    }
    const us = this.pos.turn;
    if (usChecks && !themChecks) return { winner: (us ^ 1) as 0 | 1, reason: 'perpetual check' };
    if (themChecks && !usChecks) return { winner: us, reason: 'perpetual check' };
    return { winner: null, reason: 'repetition' };
  }

  private xiangqiCanCross(side: number): boolean {
    const b = this.pos.board;
    const v = this.pos.variant;
    for (let sq = 0; sq < b.length; sq++) {
      const p = b[sq]!;
      if (p === 0 || (p & 1) !== side) continue;
      const id = v.pieces[(p >> 1) - 1]!.id;
      if (id === 'chariot' || id === 'horse' || id === 'cannon' || id === 'soldier') return true;
    }
    return false;
  }

  /** Chu bare king (lishogi): a lone royal loses against a royal plus a real piece. */
  private bareKing(): MatchResult | null {
    const pos = this.pos;
    const v = pos.variant;
    const b = pos.board;
    const H = v.geometry.height;
    const W = v.geometry.width;
    const royals = [0, 0];
    const others = [0, 0];
    const real = [0, 0];
    for (let sq = 0; sq < b.length; sq++) {
      const p = b[sq]!;
      if (p === 0) continue;
      const side = p & 1;
      if (v.royal[p]) {
        royals[side]!++;
        continue;
      }
      const id = v.pieces[(p >> 1) - 1]!.id;
      const y = (sq / W) | 0;
      const dead = (id === 'pawn' || id === 'lance') && y === (side === 0 ? H - 1 : 0);
      if (!dead) others[side]!++;
      if (id !== 'pawn' && id !== 'gobetween') real[side]!++;
    }
    if (royals[0] === 1 && royals[1] === 1 && others[0] === 0 && others[1] === 0) return { winner: null, reason: 'bare kings' };
    for (const bare of [0, 1]) {
      const win = bare ^ 1;
      if (royals[bare] === 1 && others[bare] === 0 && royals[win]! >= 1 && real[win]! >= 1) {
        // the winner must not be in check (only known cheaply for the side to move)
        if (pos.turn === win && v.inCheck(pos)) continue;
        return { winner: win as 0 | 1, reason: 'bare king' };
      }
    }
    return null;
  }
}
