/** Xiangqi pieces as data (seeds 000 and 003; spec xiangqi.md). Kinds are 1-based in this order. */
import type { PieceSpec, Region } from '../../core/piece.js';

export const KING = 1;
export const ADVISOR = 2;
export const ELEPHANT = 3;
export const HORSE = 4;
export const CHARIOT = 5;
export const CANNON = 6;
export const SOLDIER = 7;

export const XIANGQI_PIECES: readonly PieceSpec[] = [
  { id: 'king', name: 'general', letter: 'K', royal: true, moves: [{ betza: 'W', to: 'palace' }] },
  { id: 'advisor', name: 'advisor', letter: 'A', moves: [{ betza: 'F', to: 'palace' }] },
  // two diagonal points, blocked at the eye, never across the river
  { id: 'elephant', name: 'elephant', letter: 'B', moves: [{ betza: 'nA', to: 'ownHalf' }] },
  // one orthogonal then one diagonal point outward, blocked at the leg
  { id: 'horse', name: 'horse', letter: 'N', moves: [{ betza: 'nN' }] },
  { id: 'chariot', name: 'chariot', letter: 'R', moves: [{ betza: 'R' }] },
  // moves as a chariot, captures only over exactly one screen
  { id: 'cannon', name: 'cannon', letter: 'C', moves: [{ betza: 'mRcpR' }] },
  // forward; sideways too once across the river
  { id: 'soldier', name: 'soldier', letter: 'P', moves: [{ betza: 'fW' }, { betza: 'sW', from: 'enemyHalf' }] },
];

/** The sides' names: side 0 (moves first) and side 1. */
export const XIANGQI_SIDE_NAMES: readonly [string, string] = ['red', 'black'];

/** Piece names by kind (index 0 unused): general, advisor, elephant, horse, chariot, cannon, soldier. */
export const XIANGQI_PIECE_NAMES: readonly string[] = ['', ...XIANGQI_PIECES.map((p) => p.name)];

/** Is (x, y) in side's palace (files d–f, side's three back ranks)? */
export const inPalace = (x: number, y: number, side: number): boolean => x >= 3 && x <= 5 && (side === 0 ? y <= 2 : y >= 7);

/** Ranks 0-4 are Red's (side 0) half, 5-9 Black's. */
export const XIANGQI_REGIONS: Record<string, Region> = {
  palace: inPalace,
  ownHalf: (_x, y, side) => (side === 0 ? y <= 4 : y >= 5),
  enemyHalf: (_x, y, side) => (side === 0 ? y >= 5 : y <= 4),
};
