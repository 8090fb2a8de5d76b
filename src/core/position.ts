/** A position with incremental Zobrist hashing and make/unmake on integer moves. */
import { isPromotion, moveFrom, moveMid, moveTo, type Move } from './move.js';
import { pieceSide, type Side } from './piece.js';
import { ensureTables, type Variant } from './variant.js';

/** The initial undo capacity; the stack doubles when a longer line is played (no fixed limit). */
const STACK = 256;
/** Ints per entry of the undo stack. */
const U = 8;

export class Position {
  readonly variant: Variant;
  readonly board: Uint8Array;
  turn: Side = 0;
  /** Variant-specific extra state (chu: counter-strike square + 1). */
  aux = 0;
  /** Plies since the last irreversible move (the variant decides what resets it). */
  halfmove = 0;
  fullmove = 1;
  /**
   * For notations that number plies (chu SFEN: 1 at the start, +1 per move), 1 when the recorded
   * number has the other parity than `turn` implies (a record starting with side 1 to move at 1);
   * kept by play/undo/clone, ignored by everything else.
   */
  plyParity = 0;
  hashLo = 0;
  hashHi = 0;
  /** Number of moves made on this object that can be undone. */
  sp = 0;
  /**
   * Occupancy by side, kept by put/play/undo/copyFrom: bit (sq & 31) of occ[side * occWords +
   * (sq >> 5)] is set when a piece of `side` stands on sq. Lets generators visit a side's pieces in
   * square order without scanning the board (temporary writes to `board` must be undone before any
   * code reads it).
   */
  readonly occ: Int32Array;
  readonly occWords: number;
  /**
   * The royal pieces' squares by side, in the layout of `occ` (bit (sq & 31) of roy[side * occWords +
   * (sq >> 5)]), kept by put/play/undo/copyFrom/flipOcc: finds the royals without a scan.
   */
  readonly roy: Int32Array;
  /**
   * Occupancy by piece code, in the layout of `occ` (bit (sq & 31) of pieceOcc[code * occWords +
   * (sq >> 5)]), kept where `occ` is: visits one kind's pieces without a scan (evaluations).
   */
  readonly pieceOcc: Int32Array;
  private readonly royal: Uint8Array;
  /**
   * The undo stack, U ints per move played: the move, aux, halfmove, hashLo, hashHi (all before
   * it), the moved piece, the piece captured on `to` and the one on `mid`.
   */
  private u: Int32Array;

  constructor(variant: Variant, stack = STACK) {
    if (variant.tables === null) ensureTables(variant);
    this.variant = variant;
    this.board = new Uint8Array(variant.geometry.size);
    this.occWords = (variant.geometry.size + 31) >> 5;
    this.occ = new Int32Array(2 * this.occWords);
    this.roy = new Int32Array(2 * this.occWords);
    this.pieceOcc = new Int32Array(variant.codeCount * this.occWords);
    this.royal = variant.royal;
    this.u = new Int32Array(stack * U);
  }

  /** A copy without the undo history (`stack`: how many moves it can take back). */
  clone(stack = STACK): Position {
    return new Position(this.variant, stack).copyFrom(this);
  }

  /**
   * A copy that keeps the undo history (every move played on this object can be taken back on the
   * copy too), with room for `extra` more moves: a memory copy, no move is replayed.
   */
  cloneWithHistory(extra = STACK): Position {
    const p = new Position(this.variant, this.sp + extra).copyFrom(this);
    p.u.set(this.u.subarray(0, this.sp * U));
    p.sp = this.sp;
    return p;
  }

  /** Makes this position a copy of `src` (same variant) with an empty undo history; no allocation. */
  copyFrom(src: Position): this {
    this.board.set(src.board);
    this.occ.set(src.occ);
    this.roy.set(src.roy);
    this.pieceOcc.set(src.pieceOcc);
    this.turn = src.turn;
    this.aux = src.aux;
    this.halfmove = src.halfmove;
    this.fullmove = src.fullmove;
    this.plyParity = src.plyParity;
    this.hashLo = src.hashLo;
    this.hashHi = src.hashHi;
    this.sp = 0;
    return this;
  }

  /** Place (or with 0 remove) a piece, keeping the hash. */
  put(sq: number, piece: number): void {
    const z = this.variant.zobrist;
    const size = this.variant.geometry.size;
    const old = this.board[sq]!;
    const w = sq >> 5;
    const bit = 1 << (sq & 31);
    if (old) {
      this.hashLo ^= z.lo[old * size + sq]!;
      this.hashHi ^= z.hi[old * size + sq]!;
      this.occ[pieceSide(old) * this.occWords + w]! &= ~bit;
      this.roy[pieceSide(old) * this.occWords + w]! &= ~bit;
      this.pieceOcc[old * this.occWords + w]! &= ~bit;
    }
    this.board[sq] = piece;
    if (piece) {
      this.hashLo ^= z.lo[piece * size + sq]!;
      this.hashHi ^= z.hi[piece * size + sq]!;
      this.occ[pieceSide(piece) * this.occWords + w]! |= bit;
      if (this.royal[piece]) this.roy[pieceSide(piece) * this.occWords + w]! |= bit;
      this.pieceOcc[piece * this.occWords + w]! |= bit;
    }
  }

  /**
   * Flips piece's bits of sq in `occ` (and `pieceOcc`, `roy`): for code that moves pieces on `board` by hand for a moment
   * and calls a generator meanwhile (flip the same bits again when putting them back).
   */
  flipOcc(sq: number, piece: number): void {
    this.occ[pieceSide(piece) * this.occWords + (sq >> 5)]! ^= 1 << (sq & 31);
    this.pieceOcc[piece * this.occWords + (sq >> 5)]! ^= 1 << (sq & 31);
    if (this.royal[piece]) this.roy[pieceSide(piece) * this.occWords + (sq >> 5)]! ^= 1 << (sq & 31);
  }

  setTurn(side: Side): void {
    if (side !== this.turn) {
      this.turn = side;
      this.hashLo ^= this.variant.zobrist.sideLo;
      this.hashHi ^= this.variant.zobrist.sideHi;
    }
  }

  setAux(value: number): void {
    const z = this.variant.zobrist;
    this.hashLo ^= z.auxLo[this.aux]! ^ z.auxLo[value]!;
    this.hashHi ^= z.auxHi[this.aux]! ^ z.auxHi[value]!;
    this.aux = value;
  }

  /** Recompute the hash from scratch (for tests and after bulk edits). */
  computeHash(): [number, number] {
    const z = this.variant.zobrist;
    const size = this.variant.geometry.size;
    let lo = 0;
    let hi = 0;
    for (let sq = 0; sq < size; sq++) {
      const p = this.board[sq]!;
      if (p) {
        lo ^= z.lo[p * size + sq]!;
        hi ^= z.hi[p * size + sq]!;
      }
    }
    if (this.turn) {
      lo ^= z.sideLo;
      hi ^= z.sideHi;
    }
    lo ^= z.auxLo[this.aux]!;
    hi ^= z.auxHi[this.aux]!;
    return [lo, hi];
  }

  /** Plays a (legal or pseudo-legal) move. */
  play(m: Move): void {
    const v = this.variant;
    const z = v.zobrist;
    const size = v.geometry.size;
    const b = this.board;
    const from = moveFrom(m);
    const to = moveTo(m);
    const mid = moveMid(m);
    const sp = this.sp++;
    if (sp * U >= this.u.length) this.grow();
    const u = this.u;
    const at = sp * U;
    u[at] = m;
    u[at + 1] = this.aux;
    u[at + 2] = this.halfmove;
    u[at + 3] = this.hashLo;
    u[at + 4] = this.hashHi;
    let lo = this.hashLo ^ z.sideLo;
    let hi = this.hashHi ^ z.sideHi;
    const p = b[from]!;
    const occ = this.occ;
    const ow = this.occWords;
    const roy = this.roy;
    const royal = this.royal;
    const pocc = this.pieceOcc;
    let capMid = 0;
    if (mid >= 0) {
      capMid = b[mid]!;
      if (capMid) {
        lo ^= z.lo[capMid * size + mid]!;
        hi ^= z.hi[capMid * size + mid]!;
        b[mid] = 0;
        occ[pieceSide(capMid) * ow + (mid >> 5)]! ^= 1 << (mid & 31);
        pocc[capMid * ow + (mid >> 5)]! ^= 1 << (mid & 31);
        if (royal[capMid]) roy[pieceSide(capMid) * ow + (mid >> 5)]! ^= 1 << (mid & 31);
      }
    }
    let capTo = 0;
    if (to !== from) {
      capTo = b[to]!;
      if (capTo) {
        lo ^= z.lo[capTo * size + to]!;
        hi ^= z.hi[capTo * size + to]!;
        occ[pieceSide(capTo) * ow + (to >> 5)]! ^= 1 << (to & 31);
        pocc[capTo * ow + (to >> 5)]! ^= 1 << (to & 31);
        if (royal[capTo]) roy[pieceSide(capTo) * ow + (to >> 5)]! ^= 1 << (to & 31);
      }
      const o = pieceSide(p) * ow;
      occ[o + (from >> 5)]! ^= 1 << (from & 31);
      occ[o + (to >> 5)]! ^= 1 << (to & 31);
      const np = isPromotion(m) ? v.promoted[p]! : p;
      pocc[p * ow + (from >> 5)]! ^= 1 << (from & 31);
      pocc[np * ow + (to >> 5)]! ^= 1 << (to & 31);
      // a promotion may make a royal (chu: the Drunk Elephant becomes the Crown Prince)
      if (royal[p]) roy[o + (from >> 5)]! ^= 1 << (from & 31);
      if (royal[np]) roy[o + (to >> 5)]! ^= 1 << (to & 31);
      lo ^= z.lo[p * size + from]! ^ z.lo[np * size + to]!;
      hi ^= z.hi[p * size + from]! ^ z.hi[np * size + to]!;
      b[from] = 0;
      b[to] = np;
    } else if (isPromotion(m)) {
      // promotion without moving (igui by a promotable lion-power piece)
      const np = v.promoted[p]!;
      if (royal[p] !== royal[np]) roy[pieceSide(p) * ow + (from >> 5)]! ^= 1 << (from & 31);
      pocc[p * ow + (from >> 5)]! ^= 1 << (from & 31);
      pocc[np * ow + (from >> 5)]! ^= 1 << (from & 31);
      lo ^= z.lo[p * size + from]! ^ z.lo[np * size + from]!;
      hi ^= z.hi[p * size + from]! ^ z.hi[np * size + from]!;
      b[from] = np;
    }
    u[at + 5] = p;
    u[at + 6] = capTo;
    u[at + 7] = capMid;
    if (v.auxAfter) {
      const a = v.auxAfter(this, m, p, capTo, capMid);
      if (a !== this.aux) {
        lo ^= z.auxLo[this.aux]! ^ z.auxLo[a]!;
        hi ^= z.auxHi[this.aux]! ^ z.auxHi[a]!;
        this.aux = a;
      }
    }
    this.hashLo = lo;
    this.hashHi = hi;
    this.halfmove = capTo || capMid ? 0 : this.halfmove + 1;
    if (this.turn === 1) this.fullmove++;
    this.turn = (this.turn ^ 1) as Side;
  }

  /** Doubles the undo stack (a game line longer than the capacity never loses an entry). */
  private grow(): void {
    const b = new Int32Array(Math.max(16 * U, this.u.length * 2));
    b.set(this.u);
    this.u = b;
  }

  /** Takes back the last move played on this object. */
  undo(): void {
    const sp = --this.sp;
    const u = this.u;
    const at = sp * U;
    const m = u[at]!;
    const b = this.board;
    const from = moveFrom(m);
    const to = moveTo(m);
    const mid = moveMid(m);
    this.turn = (this.turn ^ 1) as Side;
    if (this.turn === 1) this.fullmove--;
    const occ = this.occ;
    const ow = this.occWords;
    const roy = this.roy;
    const royal = this.royal;
    const pocc = this.pieceOcc;
    const p = u[at + 5]!;
    if (to !== from) {
      const np = b[to]!;
      b[from] = p;
      const capTo = u[at + 6]!;
      b[to] = capTo;
      const o = pieceSide(p) * ow;
      occ[o + (from >> 5)]! ^= 1 << (from & 31);
      occ[o + (to >> 5)]! ^= 1 << (to & 31);
      pocc[p * ow + (from >> 5)]! ^= 1 << (from & 31);
      pocc[np * ow + (to >> 5)]! ^= 1 << (to & 31);
      if (capTo) {
        occ[pieceSide(capTo) * ow + (to >> 5)]! ^= 1 << (to & 31);
        pocc[capTo * ow + (to >> 5)]! ^= 1 << (to & 31);
        if (royal[capTo]) roy[pieceSide(capTo) * ow + (to >> 5)]! ^= 1 << (to & 31);
      }
      if (royal[p]) roy[o + (from >> 5)]! ^= 1 << (from & 31);
      if (royal[np]) roy[o + (to >> 5)]! ^= 1 << (to & 31);
    } else {
      const np = b[from]!;
      if (royal[p] !== royal[np]) roy[pieceSide(p) * ow + (from >> 5)]! ^= 1 << (from & 31);
      pocc[p * ow + (from >> 5)]! ^= 1 << (from & 31);
      pocc[np * ow + (from >> 5)]! ^= 1 << (from & 31);
      b[from] = p;
    }
    const capMid = u[at + 7]!;
    if (mid >= 0 && capMid) {
      b[mid] = capMid;
      occ[pieceSide(capMid) * ow + (mid >> 5)]! ^= 1 << (mid & 31);
      pocc[capMid * ow + (mid >> 5)]! ^= 1 << (mid & 31);
      if (royal[capMid]) roy[pieceSide(capMid) * ow + (mid >> 5)]! ^= 1 << (mid & 31);
    }
    this.aux = u[at + 1]!;
    this.halfmove = u[at + 2]!;
    this.hashLo = u[at + 3]!;
    this.hashHi = u[at + 4]!;
  }

  /**
   * The moves played on this object that can be undone, oldest first, and the position before them
   * (a new object, with no history); this one is left as it is.
   */
  line(): { start: Position; moves: Move[] } {
    const moves: Move[] = [];
    for (let k = 0; k < this.sp; k++) moves.push(this.u[k * U]!);
    const start = new Position(this.variant, Math.max(1, this.sp)).copyFrom(this); // (its stack grows if it plays on)
    start.u.set(this.u.subarray(0, this.sp * U));
    start.sp = this.sp;
    while (start.sp > 0) start.undo();
    return { start, moves };
  }

  /** The last move played on this object, or 0. */
  lastMove(): Move {
    return this.sp > 0 ? this.u[(this.sp - 1) * U]! : 0;
  }

  /** Pieces captured by the last move: [on to, on mid]. */
  lastCaptures(): [number, number] {
    const at = (this.sp - 1) * U;
    return this.sp > 0 ? [this.u[at + 6]!, this.u[at + 7]!] : [0, 0];
  }
}
