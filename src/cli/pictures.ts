/**
 * What the picture options of the commands share (issue 45): `show --svg` (`--last-move`, `--arrow`),
 * `review --svg`, `convert --to gif`. Loaded only when one of them is used (start-up unchanged).
 */
import { writeFileSync } from 'node:fs';
import type { Move } from '../core/move.js';
import type { Position } from '../core/position.js';
import { quoteInput } from '../core/text.js';
import type { Game } from '../games/registry.js';
import { boardPicture, type Arrow } from '../render/board-picture.js';
import type { Picture } from '../render/picture.js';
import { boardView } from '../render/view.js';
import { CliError } from './context.js';
import { writeError } from './record-files.js';

/**
 * The squares of a move written as square names run together (`h2e2`, `7g7f`, a lion's `8e7e6e`):
 * each split of the text into two or three names of the game's squares that all read; null if none does.
 */
export function moveSquares(game: Game, text: string): number[] | null {
  const t = text.trim().toLowerCase();
  const parse = (s: string): number | null => (s === '' ? null : game.squares.parse(s));
  for (let i = 1; i < t.length; i++) {
    const a = parse(t.slice(0, i));
    const b = parse(t.slice(i));
    if (a !== null && b !== null) return [a, b];
  }
  for (let i = 1; i < t.length; i++) {
    for (let j = i + 1; j < t.length; j++) {
      const a = parse(t.slice(0, i));
      const m = parse(t.slice(i, j));
      const b = parse(t.slice(j));
      if (a !== null && m !== null && b !== null) return [a, m, b];
    }
  }
  return null;
}

/** `moveSquares` or a usage error naming the option. */
function squaresOrFail(game: Game, text: string, option: string): number[] {
  const sq = moveSquares(game, text);
  if (!sq) throw new CliError(`${option} ${quoteInput(text)} is not a move from square to square: write two square names run together (a square is named like ${game.squares.example})`);
  return sq;
}

export interface BoardSvgRequest {
  readonly game: Game;
  readonly pos: Position;
  /** `--last-move`: overrides the last move played on `pos`. */
  readonly lastMove?: string;
  readonly arrows?: readonly string[];
}

/** The position as an SVG board (`show --svg`). */
export function boardSvgPicture(r: BoardSvgRequest): Picture {
  const { game, pos } = r;
  const view = boardView(game, pos, {});
  const W = view.width;
  const xy = (sq: number): [number, number] => [sq % W, Math.floor(sq / W)];
  if (r.lastMove !== undefined) {
    const sq = squaresOrFail(game, r.lastMove, '--last-move');
    view.lastMove = sq.length === 3 ? { from: xy(sq[0]!), mid: xy(sq[1]!), to: xy(sq[2]!) } : { from: xy(sq[0]!), to: xy(sq[1]!) };
  }
  const arrows: Arrow[] = [];
  for (const a of r.arrows ?? []) {
    const sq = squaresOrFail(game, a, '--arrow');
    for (let i = 0; i + 1 < sq.length; i++) arrows.push({ from: xy(sq[i]!), to: xy(sq[i + 1]!) });
  }
  return boardPicture(view, { arrows, title: `${game.title}: ${game.formatFen(pos)}` });
}

/** The frames of a game: the start and the position after every ply (last move marked). */
export function gameFrames(game: Game, start: Position, moves: readonly Move[], header: readonly string[], footerOf: (ply: number) => string[]): Picture[] {
  const pos = start.clone();
  const frames: Picture[] = [];
  for (let i = 0; i <= moves.length; i++) {
    const view = boardView(game, pos, { lastMove: i === 0 ? null : moves[i - 1]! });
    frames.push(boardPicture(view, { header, footer: footerOf(i), unit: game.boardStyle.picture?.onPoints ? 40 : 34 }));
    if (i < moves.length) pos.play(moves[i]!);
  }
  return frames;
}

/** Writes a picture's text or bytes to a file, failing in one sentence (exit 2). */
export function writePictureFile(path: string, body: string | Uint8Array): void {
  try {
    writeFileSync(path, body);
  } catch (e) {
    throw writeError(path, e);
  }
}
