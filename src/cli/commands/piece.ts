/** `chuhan piece <name|letter>`: a piece's movement diagram in the seed's style (cli.md). */
import type { Command } from 'commander';
import chalk from 'chalk';
import { glyphFor, renderMoveDiagram, type BoardStyle, type Painter } from '../../render/index.js';
import { GAMES, gameFromName, type Game } from '../../games/registry.js';
import { RENDER_STYLES, type RenderStyle } from '../../render/types.js';
import { CliError, colorEnabled, type CommonOptions, type Io } from '../context.js';
import { STYLE_HELP } from './show.js';
import { quoteInput } from '../../core/text.js';

interface PieceOptions extends CommonOptions {
  style: RenderStyle;
}

/** The legend under a diagram, in the marks of the style. */
function legend(style: RenderStyle, lion: boolean): string {
  const [step, slide, ab] = style === 'ascii' ? ['o', '*', 'A/B'] : style === 'wide' ? ['〇', '＊', 'Ａ/Ｂ'] : ['○', '●', 'A/B'];
  return `${step} one step   ${slide} any distance${lion ? `   ${ab} lion power (A first step, B second)` : ''}`;
}

/** The board glyph of a side-0 piece by its letter (`N`, `+H`), and whether the glyph alone shows it is promoted. */
function glyphOf(style: BoardStyle, letter: string, promoted: boolean): { glyph: string; ownGlyph: boolean } {
  const glyph = glyphFor(style, letter.replace('+', ''), promoted) ?? '？';
  return { glyph, ownGlyph: !promoted || !Object.values(style.glyphs).includes(glyph) };
}

/**
 * The kind a query names in a game: by the game's names and letters, else by board glyph (of
 * either side; a glyph shared with a promoted form means the base piece).
 */
export function findPiece(game: Game, query: string): number {
  const sheet = game.pieces;
  const k = sheet.find(query);
  if (k) return k;
  const style = game.boardStyle;
  const q = query.trim();
  const glyphs = (kind: number): string[] => {
    const c = sheet.card(kind);
    const l = c.letter.replace('+', '');
    return [glyphOf(style, l.toUpperCase(), c.promoted).glyph, glyphOf(style, l.toLowerCase(), c.promoted).glyph];
  };
  for (let kind = 1; kind <= sheet.kinds; kind++) if (!sheet.card(kind).promoted && glyphs(kind).includes(q)) return kind;
  for (let kind = 1; kind <= sheet.kinds; kind++) if (glyphs(kind).includes(q)) return kind;
  return 0;
}

function drawPiece(io: Io, game: Game, kind: number, opts: PieceOptions): void {
  const card = game.pieces.card(kind);
  const { glyph, ownGlyph } = glyphOf(game.boardStyle, card.letter, card.promoted);
  if (opts.json) {
    io.out(JSON.stringify(card.json(glyph)) + '\n');
    return;
  }
  const paint: Partial<Painter> = colorEnabled(io, opts)
    ? { red: chalk.red, promoted: chalk.magenta, highlight: chalk.yellow.bold, dim: chalk.gray }
    : {};
  const lines = renderMoveDiagram(
    // the seed draws promoted pieces with a glyph of their own plainly (▲鹫); a promoted piece that
    // reuses a base piece's glyph gets the promoted mark (▲飞+); the wide style marks every promoted piece
    { center: { glyph, side: 0, promoted: card.promoted && (!ownGlyph || opts.style === 'wide'), letter: card.letter.replace('+', '') }, cells: card.cells },
    { style: opts.style, paint },
  );
  io.out([card.head(glyph), ...lines, legend(opts.style, card.lionLegend)].join('\n') + '\n');
}

/**
 * The games `chuhan piece` asks, in order: without --variant the first that knows the name wins,
 * the game with more pieces first (chu before xiangqi: `king`, `elephant` mean the chu pieces).
 */
const PIECE_GAMES: readonly Game[] = [...GAMES].sort((a, b) => b.pieces.kinds - a.pieces.kinds);

export function registerPiece(program: Command, io: Io): void {
  program
    .command('piece')
    .description("draw a piece's movement diagram (○ one step, ● any distance, A/B lion power)")
    .argument('<name>', 'English name, SFEN letter (n, +H), western abbreviation (Ln, HF) or seed glyph (狮)')
    .option('-v, --variant <variant>', `${PIECE_GAMES.map((g) => g.id).join(' or ')} (default: ${PIECE_GAMES.map((g, i) => (i ? `else a ${g.id} one` : `a ${g.id} piece of that name`)).join(', ')})`)
    .option('--style <style>', STYLE_HELP, 'unicode')
    .option('--json', 'machine-readable output')
    .option('--no-color', 'no colour')
    .action((name: string, opts: PieceOptions) => {
      const wanted = opts.variant === undefined ? null : gameFromName(opts.variant);
      if (opts.variant !== undefined && !wanted) throw new CliError(`unknown variant ${quoteInput(opts.variant)} (use ${GAMES.map((g) => g.id).join(' or ')})`);
      if (!RENDER_STYLES.includes(opts.style)) throw new CliError(`unknown style ${quoteInput(opts.style)} (use ${RENDER_STYLES.join(', ')})`);
      const candidates = wanted ? [wanted] : PIECE_GAMES;
      for (const g of candidates) {
        const kind = findPiece(g, name);
        if (kind) return drawPiece(io, g, kind, opts);
      }
      throw new CliError(candidates[0]!.pieces.unknown(name));
    });
}
