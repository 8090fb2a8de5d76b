/**
 * Neutral views for the text renderer. The renderer never touches the engine: callers build a
 * `BoardView` (or a movement diagram) from whatever position type they have.
 */

/** One occupied square. `glyph` is one CJK character (e.g. '俥', '步'). */
export interface CellView {
  glyph: string;
  side: 0 | 1;
  promoted: boolean;
  /**
   * FEN/SFEN letter(s) for `style: 'ascii'`, already in the side's case (upper = side 0); the `+`
   * of a promoted piece may be left out (the renderer adds it). Optional: when absent the renderer
   * derives it from the glyph (see `asciiPiece` in glyphs.ts).
   */
  letter?: string;
}

/**
 * What the renderer knows of a game's board (each game's `Game.boardStyle`, src/games/<game>/):
 * the glyph tables, the river, the edge labels. The renderer imports nothing, so this type and the
 * game's own declaration match by shape.
 */
export interface BoardStyle {
  /** Glyphs by cased letter (`byCase`: xiangqi, 傌/馬), or by lower-case base letter plus a promoted table (chu). */
  readonly glyphs: Readonly<Record<string, string>>;
  readonly promotedGlyphs: Readonly<Record<string, string>> | null;
  readonly byCase: boolean;
  /** The texts of a river row between the middle ranks (楚 河 / 漢 界), or null: no river. */
  readonly river: { readonly left: string; readonly right: string; readonly asciiLeft: string; readonly asciiRight: string } | null;
  /** Edge labels offered, the default first. */
  readonly labels: readonly LabelMode[];
  /** How a picture (SVG, GIF) draws the board beyond the terminal's grid; absent: squares, nothing more. */
  readonly picture?: PictureStyle;
}

/**
 * The board of a picture (render/board-picture.ts): pieces on the points of the lines (xiangqi) or
 * in squares (chu); palaces drawn with their diagonals; star points (chu's promotion-zone dots).
 */
export interface PictureStyle {
  readonly onPoints: boolean;
  /** Palaces by their corner points (x, y from side 0's bottom left) and size in steps. */
  readonly palaces: readonly { readonly x: number; readonly y: number; readonly w: number; readonly h: number }[];
  /** Dots on the corners between squares: (i, j) the corner right of file i−1 and above rank j−1. */
  readonly stars: readonly (readonly [number, number])[];
  /** Points drawn with the corner marks of the start squares (xiangqi's cannons and soldiers). */
  readonly marked?: readonly (readonly [number, number])[];
}

export interface BoardView {
  /** The game's board style: glyphs, river, labels. */
  style: BoardStyle;
  /** 9×10 or 12×12. */
  width: number;
  height: number;
  /** x = 0 is the leftmost file from side 0's view; y = 0 is side 0's back rank (bottom). */
  cell(x: number, y: number): CellView | null;
  lastMove?: { from: [number, number]; to: [number, number]; mid?: [number, number] };
  /** Square(s) of royal pieces in check. */
  checked?: [number, number][];
  /** e.g. legal destinations of a selected piece. */
  highlights?: [number, number][];
  /** A keyboard cursor (interactive board): painted with `paint.cursor`, on top of everything. */
  cursor?: [number, number];
  /**
   * Can pieces of this game promote? (From the game's piece data.) The `wide` style then keeps a
   * column for the promotion mark in every cell, so the board's width does not change when the
   * first piece promotes. Default: only when a piece on the board is promoted.
   */
  promotes?: boolean;
}

/**
 * Colour hooks. Each takes a string and returns it decorated (ANSI codes only: painting must never
 * change the display width). The CLI passes chalk-backed functions; the default is identity.
 *
 * - `red`       side 0 pieces (Red in xiangqi, Sente ▲ in chu) — marker and glyph
 * - `side1`     side 1 pieces (Black / Gote ▽) — marker and glyph
 * - `promoted`  the glyph of a promoted piece (replaces the side colour on the glyph only)
 * - `lastMove`  whole cell of the last move's from/to (and lion mid) squares
 * - `check`     whole cell of a royal in check
 * - `highlight` whole cell of a highlighted square
 * - `dim`       grid lines and edge labels
 * - `cursor`    whole cell under a keyboard cursor (optional; default identity)
 */
export interface Painter {
  red(s: string): string;
  side1(s: string): string;
  promoted(s: string): string;
  lastMove(s: string): string;
  check(s: string): string;
  highlight(s: string): string;
  dim(s: string): string;
  cursor?(s: string): string;
}

const id = (s: string): string => s;

export const plainPainter: Painter = Object.freeze({
  red: id,
  side1: id,
  promoted: id,
  lastMove: id,
  check: id,
  highlight: id,
  dim: id,
});

/** Fill in identity for the hooks a caller left out. */
export function fullPainter(p?: Partial<Painter>): Painter {
  return { ...plainPainter, ...(p ?? {}) };
}

/** The one-column side markers drawn before each glyph in unicode style. */
export interface Markers {
  side0: string;
  side1: string;
  /** Markers of promoted pieces (by default the side's own: promotion has its own mark, PROMOTED_MARK). */
  side0Promoted: string;
  side1Promoted: string;
}

/**
 * ▲ Sente/Red, ▽ Gote/Black as in the seed, for every piece: the side marker never changes with
 * promotion. A promoted piece gets its own mark instead, a `+` after the glyph (PROMOTED_MARK), in
 * a column every cell has while a promoted piece is on the board. So `▲飞` is a Rook and `▲飞+` a
 * promoted Gold; `▽龙` a Dragon King and `▽龙+` a promoted Rook — with or without colour.
 */
export const DEFAULT_MARKERS: Markers = Object.freeze({
  side0: '▲',
  side1: '▽',
  side0Promoted: '▲',
  side1Promoted: '▽',
});

/** The mark after the glyph of a promoted piece (unicode and wide styles; ASCII puts `+` before the letter). */
export const PROMOTED_MARK = '+';

/**
 * `unicode`: the seed's box grid with ▲/▽ markers; `ascii`: FEN letters on a `+---+` grid; `wide`:
 * CJK glyphs on an ASCII grid with ASCII side markers, built only from characters whose East Asian
 * Width is not ambiguous, so it measures the same in terminals that draw ambiguous characters one
 * column wide and in those (CJK locales) that draw them two columns wide.
 */
export type RenderStyle = 'unicode' | 'ascii' | 'wide';

/** The style names, for option parsing. */
export const RENDER_STYLES: readonly RenderStyle[] = ['unicode', 'ascii', 'wide'];

/**
 * `full`: a rule line between ranks (the seed's look); `compact`: one text line per rank, no rule
 * lines between them (borders, river row and coordinates kept), for terminals of 24 rows.
 */
export type BoardLayout = 'full' | 'compact';
/**
 * The `wide` style's side markers (ASCII, so never ambiguous): `^` side 0 (Red / Sente, pointing up
 * the board like ▲), `v` side 1; a promoted piece keeps its side's marker and gets a `+` after the
 * glyph (`^龙+`: a promoted Rook of Sente).
 */
export const WIDE_MARKERS: Markers = Object.freeze({
  side0: '^',
  side1: 'v',
  side0Promoted: '^',
  side1Promoted: 'v',
});

export type LabelMode = 'iccs' | 'wxf' | 'usi' | 'none';

export interface CommonRenderOptions {
  /** Default 'unicode'. */
  style?: RenderStyle;
  paint?: Partial<Painter>;
  /**
   * Measure East-Asian "ambiguous" characters (▲ ▽ ○ ● — ─ │) as two columns, as CJK-locale
   * terminals and the seed's fonts do. Default false (ordinary terminals: one column).
   */
  ambiguousWide?: boolean;
  /**
   * Horizontal rule character for unicode style; repeated to the measured cell width.
   * Default '─' (U+2500, joins the box corners); '—' (U+2014) reproduces the seed's look.
   */
  rule?: string;
  markers?: Partial<Markers>;
}

export interface BoardRenderOptions extends CommonRenderOptions {
  style: RenderStyle;
  /** Draw from side 1's view (side 1 at the bottom). */
  flip?: boolean;
  /**
   * Edge labels. Xiangqi: 'iccs' (default: files a–i below, ranks 0–9 on the left) or 'wxf'
   * (files 1–9 near Black, 九…一 near Red; ranks 0–9 on the left still). Chu: 'usi' (default: files
   * 12…1 on top, ranks a…l on the right). 'none' draws no labels; a label mode of the other game
   * means its default.
   */
  labels?: LabelMode;
  /** Draw the seed's ▽ (top-left) / ▲ (bottom-right) side indicators in unicode style. Default true. */
  sideIndicators?: boolean;
  /** Default 'full'. */
  layout?: BoardLayout;
  /**
   * Unicode style: keep the column of the promotion mark from the start in a game whose pieces
   * promote (`view.promotes`), as the wide style always does, so the board's width never changes
   * during a game (the play screen). Default: only while a promoted piece is on the board (the
   * seed's board for a position without one).
   */
  steadyWidth?: boolean;
}
