
import { legalMoves } from '../core/perft.js';
import type { Position } from '../core/position.js';
import { capital, quoteInput } from '../core/text.js';
import type { Game } from '../games/registry.js';
import { COLOURS, boardPicture, type Arrow } from '../render/board-picture.js';
import { encodeGif, type GifFrame } from '../render/gif.js';
import { rasterise } from '../render/raster.js';
import { recordPlayers, type RecordToWrite } from '../notation/convert.js';
import type { Picture } from '../render/picture.js';
import type { LabelMode } from '../render/types.js';
import { boardView } from '../render/view.js';
import { CliError } from './context.js';

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
  readonly labels?: LabelMode;
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
  return boardPicture(view, { arrows, ...(r.labels ? { labels: r.labels } : {}), title: `${game.title}: ${game.formatFen(pos)}` });
}

/** The words of a result (`1-0` → `Red wins`). */
function resultWords(game: Game, result: string): string {
  if (result === '1-0') return `${result} ${capital(game.sideNames[0])} wins`;
  if (result === '0-1') return `${result} ${capital(game.sideNames[1])} wins`;
  if (result === '1/2-1/2') return `${result} draw`;
  return 'unfinished';
}

/** Frame times in hundredths of a second: the start, each ply, the final position. */
export const GIF_DELAYS = { start: 120, ply: 80, end: 400 } as const;

/**
 * The frames of a game: the start and the position after every ply, the last move tinted, the
 * players above the board, the move below it, the result under the final position.
 */
export function* gameFrames(rec: RecordToWrite): Generator<Picture> {
  const { game, start, moves } = rec;
  const [first, second] = recordPlayers(rec.tags);
  const tag = (name: string): string | undefined => rec.tags.findLast(([k]) => k === name)?.[1];
  const event = [tag('Event'), tag('Date')].filter((t) => t && t !== '?' && !/^[?.]+$/.test(t)).join(', ');
  // the players' line only when the record names one of them (not "SENTE: ? - GOTE: ?")
  const players = first === undefined && second === undefined ? [] : [`${capital(game.sideNames[0])}: ${first ?? '?'}  -  ${capital(game.sideNames[1])}: ${second ?? '?'}`];
  const header = [...players, ...(event ? [event] : [])];
  const unit = game.boardStyle.picture?.onPoints ? 40 : 34;
  const pos = start.clone();
  // moves numbered from the record's start (a set-up position's FEN may say move 20)
  const { number } = game.fenStart(game.formatFen(start));
  let text = 'start position';
  for (let i = 0; i <= moves.length; i++) {
    const view = boardView(game, pos, { lastMove: i === 0 ? null : moves[i - 1]! });
    const footer = i === moves.length ? `${text}   ${resultWords(game, rec.result)}${legalMoves(pos).length === 0 ? (pos.variant.inCheck(pos) ? ' by checkmate' : ', no legal move') : ''}` : text;
    yield boardPicture(view, { header, footer: [footer], unit });
    if (i < moves.length) {
      const ply = i + start.turn; // counted from the first player's first move
      text = `${number + Math.floor(ply / 2)}.${ply % 2 === 1 ? '..' : ''} ${game.coordinate.format(pos, moves[i]!)}`;
      pos.play(moves[i]!);
    }
  }
}

/** The game as an animated GIF (`convert --to gif`): one frame a ply, the final one held. */
export function gameGif(rec: RecordToWrite): Uint8Array {
  const palette = [...new Set(Object.values(COLOURS))];
  const total = rec.moves.length + 1;
  // the size is the first frame's (every frame of a game has the same): drawn once, then the rest
  const pictures = gameFrames(rec);
  const first = pictures.next().value as Picture;
  function* frames(): Generator<GifFrame> {
    yield { pixels: rasterise(first, palette), delay: GIF_DELAYS.start };
    let i = 1;
    for (const p of pictures) {
      yield { pixels: rasterise(p, palette), delay: i === total - 1 ? GIF_DELAYS.end : GIF_DELAYS.ply };
      i++;
    }
  }
  return encodeGif({ width: Math.round(first.width), height: Math.round(first.height), palette, frames: frames() });
}

