/** `chuhan piece <name|letter>`: a piece's movement diagram in the seed's style (cli.md). */
import type { Command } from 'commander';
import chalk from 'chalk';
import { CHU_ABBREVIATIONS, CHU_PIECES, chuKind, chuKindByName } from '../../games/chushogi/pieces.js';
import { chuMoveDiagram } from '../../games/chushogi/diagram.js';
import { xiangqiDiagramSquare, xiangqiMoveDiagram } from '../../games/xiangqi/diagram.js';
import { XIANGQI_PIECES } from '../../games/xiangqi/pieces.js';
import { CHU_GLYPHS, CHU_PROMOTED_GLYPHS, renderMoveDiagram, XIANGQI_GLYPHS, type Painter } from '../../render/index.js';
import { CHU_GAME } from '../../games/chushogi/game.js';
import { gameFromName, type Game } from '../../games/registry.js';
import { XIANGQI_GAME } from '../../games/xiangqi/game.js';
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

const BASE_GLYPHS = new Set(Object.values(CHU_GLYPHS));

/** The seed glyph of a chu kind, and whether the glyph alone shows it is promoted. */
function glyphOf(kind: number): { glyph: string; ownGlyph: boolean } {
  const spec = CHU_PIECES[kind - 1]!;
  if (!spec.id.startsWith('+')) return { glyph: CHU_GLYPHS[spec.letter.toLowerCase()]!, ownGlyph: true };
  const glyph = CHU_PROMOTED_GLYPHS[spec.letter.slice(1).toLowerCase()]!;
  return { glyph, ownGlyph: !BASE_GLYPHS.has(glyph) };
}

/** The kind a query names, also by seed glyph (a glyph shared with a promoted form means the base piece). */
export function findChuPiece(query: string): number {
  const k = chuKindByName(query);
  if (k) return k;
  const q = query.trim();
  for (let kind = 1; kind <= CHU_PIECES.length; kind++) if (!CHU_PIECES[kind - 1]!.id.startsWith('+') && glyphOf(kind).glyph === q) return kind;
  for (let kind = 1; kind <= CHU_PIECES.length; kind++) if (glyphOf(kind).glyph === q) return kind;
  return 0;
}

function describe(kind: number): string {
  const spec = CHU_PIECES[kind - 1]!;
  const { glyph } = glyphOf(kind);
  const parts = [`${glyph} ${spec.name}`, `SFEN ${spec.letter}`, `western ${CHU_ABBREVIATIONS[spec.id]}`];
  if (spec.id.startsWith('+')) {
    const from = CHU_PIECES.find((p) => p.promotesTo === spec.id)!;
    parts.push(`promoted ${from.name}, does not promote again`);
  } else if (spec.promotesTo) parts.push(`promotes to ${CHU_PIECES[chuKind(spec.promotesTo) - 1]!.name}`);
  if (spec.royal) parts.push('royal');
  return parts.join(' · ');
}

/** The xiangqi kind a query names: id or name (general/king, elephant/bishop…), FEN letter or glyph. */
export function findXiangqiPiece(query: string): number {
  const q = query.trim();
  const lower = q.toLowerCase();
  const synonyms: Record<string, string> = { general: 'king', bishop: 'elephant', minister: 'elephant', knight: 'horse', rook: 'chariot', car: 'chariot', pawn: 'soldier', guard: 'advisor', mandarin: 'advisor', h: 'horse', e: 'elephant', m: 'advisor' };
  const id = synonyms[lower] ?? lower;
  for (let kind = 1; kind <= XIANGQI_PIECES.length; kind++) {
    const spec = XIANGQI_PIECES[kind - 1]!;
    const letter = spec.letter;
    const glyphs = [XIANGQI_GLYPHS[letter], XIANGQI_GLYPHS[letter.toLowerCase()]];
    if (spec.id === id || spec.name === lower || letter.toLowerCase() === id || glyphs.includes(q)) return kind;
  }
  // simplified and other common forms of the glyphs
  const more: Record<string, string> = { 帅: 'king', 将: 'king', 將: 'king', 仕: 'advisor', 士: 'advisor', 相: 'elephant', 象: 'elephant', 马: 'horse', 傌: 'horse', 车: 'chariot', 俥: 'chariot', 炮: 'cannon', 砲: 'cannon', 包: 'cannon', 兵: 'soldier', 卒: 'soldier' };
  const k = more[q];
  return k ? XIANGQI_PIECES.findIndex((p) => p.id === k) + 1 : 0;
}

function xiangqiPiece(io: Io, kind: number, opts: PieceOptions): void {
  const spec = XIANGQI_PIECES[kind - 1]!;
  const cells = xiangqiMoveDiagram(kind);
  const glyph = XIANGQI_GLYPHS[spec.letter]!;
  const square = xiangqiDiagramSquare(kind);
  if (opts.json) {
    io.out(JSON.stringify({ variant: 'xiangqi', id: spec.id, name: spec.name, letter: spec.letter, glyph, square, moves: spec.moves, cells }) + '\n');
    return;
  }
  const paint: Partial<Painter> = colorEnabled(io, opts) ? { red: chalk.red, highlight: chalk.yellow.bold, dim: chalk.gray } : {};
  const lines = renderMoveDiagram({ center: { glyph, side: 0, promoted: false, letter: spec.letter }, cells }, { style: opts.style, paint });
  const notes: Record<string, string> = {
    king: 'stays in the palace; may never face the other general on an open file',
    advisor: 'stays in the palace',
    elephant: 'never crosses the river; blocked when the point between is occupied',
    horse: 'blocked when the point next to it in the long direction (the leg) is occupied',
    cannon: 'moves as a chariot; captures only by jumping exactly one piece on the line',
    soldier: 'before the river: forward only; never backwards',
  };
  const head = `${glyph} ${spec.name} · FEN ${spec.letter} · shown on ${square}${notes[spec.id] ? ` · ${notes[spec.id]}` : ''}`;
  io.out([head, ...lines, legend(opts.style, false)].join('\n') + '\n');
}

function chuPiece(io: Io, kind: number, opts: PieceOptions): void {
  const spec = CHU_PIECES[kind - 1]!;
  const cells = chuMoveDiagram(kind);
  const { glyph, ownGlyph } = glyphOf(kind);
  const promoted = spec.id.startsWith('+');
  if (opts.json) {
    io.out(
      JSON.stringify({
        id: spec.id,
        name: spec.name,
        letter: spec.letter,
        glyph,
        promoted,
        royal: spec.royal ?? false,
        promotesTo: spec.promotesTo ?? null,
        moves: spec.moves.map((m) => m.betza).join(''),
        lionPower: spec.special?.startsWith('lion:') ? spec.special.slice(5) : null,
        cells,
      }) + '\n',
    );
    return;
  }
  const color = colorEnabled(io, opts);
  const paint: Partial<Painter> = color
    ? { red: chalk.red, promoted: chalk.magenta, highlight: chalk.yellow.bold, dim: chalk.gray }
    : {};
  const lines = renderMoveDiagram(
    // the seed draws promoted pieces with a glyph of their own plainly (▲鹫); a promoted piece that
    // reuses a base piece's glyph gets the promoted mark (▲飞+); the wide style marks every promoted piece
    { center: { glyph, side: 0, promoted: promoted && (!ownGlyph || opts.style === 'wide'), letter: spec.letter.replace('+', '') }, cells },
    { style: opts.style, paint },
  );
  io.out([describe(kind), ...lines, legend(opts.style, true)].join('\n') + '\n');
}

/** How `chuhan piece` finds and draws the pieces of each game; without --variant the first that knows the name wins. */
interface PieceDrawer {
  readonly game: Game;
  find(query: string): number;
  draw(io: Io, kind: number, opts: PieceOptions): void;
  unknown(name: string): string;
}

const DRAWERS: readonly PieceDrawer[] = [
  {
    game: CHU_GAME,
    find: findChuPiece,
    draw: chuPiece,
    unknown: (name) => `unknown chu shogi piece ${quoteInput(name)} (try a name like "lion", a letter like n or +H, or a glyph like 狮)`,
  },
  {
    game: XIANGQI_GAME,
    find: findXiangqiPiece,
    draw: xiangqiPiece,
    unknown: (name) => `unknown xiangqi piece ${quoteInput(name)} (try a name like "horse", a letter like N or a glyph like 傌)`,
  },
];

export function registerPiece(program: Command, io: Io): void {
  program
    .command('piece')
    .description("draw a piece's movement diagram (○ one step, ● any distance, A/B lion power)")
    .argument('<name>', 'English name, SFEN letter (n, +H), western abbreviation (Ln, HF) or seed glyph (狮)')
    .option('-v, --variant <variant>', 'chushogi or xiangqi (default: a chu piece of that name, else a xiangqi one)')
    .option('--style <style>', STYLE_HELP, 'unicode')
    .option('--json', 'machine-readable output')
    .option('--no-color', 'no colour')
    .action((name: string, opts: PieceOptions) => {
      const wanted = opts.variant === undefined ? null : gameFromName(opts.variant);
      if (opts.variant !== undefined && !wanted) throw new CliError(`unknown variant ${quoteInput(opts.variant)} (use xiangqi or chushogi)`);
      if (!RENDER_STYLES.includes(opts.style)) throw new CliError(`unknown style ${quoteInput(opts.style)} (use ${RENDER_STYLES.join(', ')})`);
      const candidates = wanted ? DRAWERS.filter((d) => d.game === wanted) : DRAWERS;
      for (const d of candidates) {
        const kind = d.find(name);
        if (kind) return d.draw(io, kind, opts);
      }
      throw new CliError(candidates[0]!.unknown(name));
    });
}
