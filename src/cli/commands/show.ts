/**
 * `chuhan show`: the position as a board in the seed style, with side to move, check and status
 * (cli.md). Exit 2 for a bad FEN or a move text in no notation, 1 for a readable but illegal move.
 */
import type { Command } from 'commander';
import { RENDER_STYLES, type BoardLayout, type LabelMode, type RenderStyle } from '../../render/types.js';
import { CliError, PROBLEM_HELP, RULES_HELP, VARIANT_HELP, colorEnabled, resolveGame, type CommonOptions, type Io } from '../context.js';
import { chalkPainter } from '../../tui/paint.js';
import { quoteInput } from '../../core/text.js';

interface ShowOptions extends CommonOptions {
  moves?: string;
  style?: string;
  labels?: string | boolean;
  notation?: string;
  layout?: string;
  svg?: boolean;
  output?: string;
  lastMove?: string;
  arrow?: string[];
}

const LABELS: readonly LabelMode[] = ['iccs', 'wxf', 'usi', 'none'];

/** --style: unicode (default), ascii, or wide (for terminals drawing ambiguous-width characters wide). */
export function parseStyle(s: string | undefined): RenderStyle {
  const t = (s ?? 'unicode').toLowerCase() as RenderStyle;
  if (RENDER_STYLES.includes(t)) return t;
  throw new CliError(`unknown style ${quoteInput(s)} (use unicode, ascii or wide)`);
}

/** The --style help text of show, play and piece. */
export const STYLE_HELP = 'unicode (default) | ascii | wide (no East-Asian ambiguous-width characters, for CJK-locale terminals)';

/** --layout: full (default) or compact (one line per rank). */
export function parseLayout(s: string | undefined): BoardLayout {
  const t = (s ?? 'full').toLowerCase();
  if (t === 'full' || t === 'compact') return t;
  throw new CliError(`unknown layout ${quoteInput(s)} (use full or compact)`);
}

/** --labels [mode] / --no-labels: undefined = the game's default labels. */
export function parseLabels(l: string | boolean | undefined): LabelMode | undefined {
  if (l === undefined || l === true) return undefined;
  if (l === false) return 'none';
  const t = l.toLowerCase() as LabelMode;
  if (!LABELS.includes(t)) throw new CliError(`unknown labels ${quoteInput(l)} (use ${LABELS.join(', ')})`);
  return t;
}

export function registerShow(program: Command, io: Io): void {
  program
    .command('show')
    .description('draw a position as a board (after optional moves), with side to move, check and status')
    .option('-v, --variant <variant>', VARIANT_HELP)
    .option('--rules <rules>', RULES_HELP)
    .option('--fen <fen>', 'the position (FEN or SFEN); default: the start position')
    .option('--problem', PROBLEM_HELP)
    .option('--moves <moves>', 'moves to play first, in any notation, separated by spaces')
    .option('--style <style>', STYLE_HELP)
    .option('--layout <layout>', 'full (default) | compact (one line per rank, for small terminals)')
    .option('--labels [mode]', 'edge labels: iccs (default) | wxf | usi | none')
    .option('--no-labels', 'no edge labels')
    .option('-n, --notation <notation>', 'notation of the last move in the status line')
    .option('--no-color', 'no colours (also NO_COLOR, or when stdout is not a terminal)')
    .option('--svg', 'draw the board as an SVG picture (standard output, or -o FILE)')
    .option('-o, --output <file>', 'write the SVG picture to this file (implies --svg)')
    .option('--last-move <move>', 'the move to mark on the picture, from square to square (default: the last of --moves)')
    .option('--arrow <move>', 'an arrow on the picture from square to square, e.g. h2e2; repeatable', (v: string, all: string[] | undefined) => [...(all ?? []), v])
    .action(async (opts: ShowOptions) => {
      const style = parseStyle(opts.style);
      const layout = parseLayout(opts.layout);
      const labels = parseLabels(opts.labels);
      const game = resolveGame(opts);
      const { Session, moveError } = await import('../../tui/session.js');
      const created = Session.create(game, {
        fen: opts.fen,
        fenAs: opts.problem ? 'problem' : 'position',
        style,
        labels,
        paint: chalkPainter(colorEnabled(io, opts)),
      });
      if (!created.ok) throw new CliError(`bad FEN: ${created.error}`);
      const session = created.value;
      if (opts.fen && game.fenWarnings) for (const w of game.fenWarnings(opts.fen, session.pos)) io.err(`chuhan: warning: ${w}\n`);
      if (opts.notation) {
        const r = session.command(`notation ${opts.notation}`);
        if (!r.ok) throw new CliError(r.err.join('; '));
      }
      const { typedMoveWords } = await import('../../notation/typed.js');
      const texts = typedMoveWords(opts.moves ?? '');
      for (const [i, text] of texts.entries()) {
        const ended = session.judge();
        if (ended) throw new CliError(`illegal move ${i + 1} ${quoteInput(text)}: the game is already over (${ended.reason})`, 1);
        const r = session.parseMove(text);
        if (!r.ok) {
          // as validate: a text in no notation is malformed (exit 2), a readable illegal move exit 1
          const shaped = game.classifyMove(text) !== null;
          throw new CliError(moveError(`${shaped ? 'illegal' : 'malformed'} move ${i + 1}`, text, r.error), shaped ? 1 : 2);
        }
        session.play(r.value);
      }
      if (opts.svg || opts.output !== undefined || opts.lastMove !== undefined || opts.arrow !== undefined) {
        if (!opts.svg && opts.output === undefined) throw new CliError('--last-move and --arrow draw on the picture: add --svg (or -o FILE)');
        const { boardSvgPicture } = await import('../pictures.js');
        const { writeWholeFile } = await import('../record-files.js');
        const { pictureSvg } = await import('../../render/picture.js');
        const svg = pictureSvg(boardSvgPicture({ game, pos: session.pos, ...(labels ? { labels } : {}), ...(opts.lastMove !== undefined ? { lastMove: opts.lastMove } : {}), ...(opts.arrow ? { arrows: opts.arrow } : {}) }));
        if (opts.output !== undefined) writeWholeFile(opts.output, svg);
        else io.out(svg);
        return;
      }
      io.out([...session.boardLines({ layout }), session.statusLine(), `fen ${game.formatFen(session.pos)}`].join('\n') + '\n');
    });
}
