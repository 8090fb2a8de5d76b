/** Messages between the main thread and the search worker (plain, structured-clone friendly). */
import { Position } from '../core/position.js';
import type { Variant } from '../core/variant.js';
import type { HistoryEntry, SearchInfo, SearchResult } from './search.js';

/** A position as plain data. */
export interface PositionData {
  readonly variantId: string;
  readonly board: Uint8Array;
  readonly turn: 0 | 1;
  readonly aux: number;
  readonly halfmove: number;
  readonly fullmove: number;
}

export interface WorkerLimits {
  depth?: number;
  nodes?: number;
  timeMs?: number;
  softTimeMs?: number;
  exactRoot?: boolean;
  /** Search threads (Lazy SMP; default 1). */
  threads?: number;
}

/** The game so far: its start position and moves (the worker replays them for the repetition rules). */
export interface LineData {
  readonly start: PositionData;
  readonly moves: readonly number[];
}

export type WorkerRequest =
  | {
      readonly type: 'search';
      readonly id: number;
      readonly position: PositionData;
      readonly history: readonly HistoryEntry[];
      readonly line: LineData | null;
      readonly limits: WorkerLimits;
      readonly stop: Int32Array;
    }
  | {
      readonly type: 'choose';
      readonly id: number;
      readonly position: PositionData;
      readonly history: readonly HistoryEntry[];
      readonly line: LineData | null;
      readonly level: number;
      readonly seed: number | null;
      readonly deterministic: boolean;
      /** Use the opening book. */
      readonly book: boolean;
      readonly stop: Int32Array;
    }
  | { readonly type: 'clear' };

export type WorkerReply =
  | { readonly type: 'info'; readonly id: number; readonly info: SearchInfo }
  | { readonly type: 'done'; readonly id: number; readonly result: SearchResult; readonly move: number; readonly score: number }
  | { readonly type: 'error'; readonly id: number; readonly message: string };

export const positionData = (pos: Position): PositionData => ({
  variantId: pos.variant.ruleKey ? `${pos.variant.spec.id}/${pos.variant.ruleKey}` : pos.variant.spec.id,
  board: pos.board.slice(),
  turn: pos.turn,
  aux: pos.aux,
  halfmove: pos.halfmove,
  fullmove: pos.fullmove,
});

export function positionFromData(variant: Variant, d: PositionData, stack?: number): Position {
  const pos = new Position(variant, stack);
  for (let sq = 0; sq < d.board.length; sq++) if (d.board[sq]) pos.put(sq, d.board[sq]!);
  pos.setTurn(d.turn);
  pos.setAux(d.aux);
  pos.halfmove = d.halfmove;
  pos.fullmove = d.fullmove;
  return pos;
}
