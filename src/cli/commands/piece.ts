/** `chuhan piece <name|letter>`: a piece's movement diagram in the seed's style (cli.md). */
import type { Command } from 'commander';
import chalk from 'chalk';
import { CHU_ABBREVIATIONS, CHU_PIECES, chuKind, chuKindByName } from '../../games/chushogi/pieces.js';
import { chuMoveDiagram } from '../../games/chushogi/diagram.js';
import { CHU_GLYPHS, CHU_PROMOTED_GLYPHS, renderMoveDiagram, type Painter } from '../../render/index.js';
import { CliError, colorEnabled, type CommonOptions, type Io } from '../context.js';

interface PieceOptions extends CommonOptions {
  style?: string;
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

export function registerPiece(program: Command, io: Io): void {
  program
    .command('piece')
    .description("draw a piece's movement diagram (○ one step, ● any distance, A/B lion power)")
    .argument('<name>', 'English name, SFEN letter (n, +H), western abbreviation (Ln, HF) or seed glyph (狮)')
    .option('-v, --variant <variant>', 'chushogi (the only game with diagrams)')
    .option('--style <style>', 'unicode | ascii', 'unicode')
    .option('--json', 'machine-readable output')
    .option('--no-color', 'no colour')
    .action((name: string, opts: PieceOptions) => {
      if (opts.variant !== undefined && !/^(chu|chushogi|chu-shogi)$/i.test(opts.variant))
        throw new CliError(`piece diagrams are drawn for chushogi only, not "${opts.variant}"`);
      if (opts.style !== 'unicode' && opts.style !== 'ascii') throw new CliError(`unknown style "${opts.style}" (use unicode or ascii)`);
      const kind = findChuPiece(name);
      if (!kind) throw new CliError(`unknown chu shogi piece "${name}" (try a name like "lion", a letter like n or +H, or a glyph like 狮)`);
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
        { center: { glyph, side: 0, promoted, letter: spec.letter.replace('+', '') }, cells },
        {
          style: opts.style,
          paint,
          // the seed draws promoted pieces with ▲ in diagrams; △ only where the glyph is a base piece's
          markers: ownGlyph ? { side0Promoted: '▲' } : {},
        },
      );
      const legend =
        opts.style === 'ascii'
          ? 'o one step   * any distance   A/B lion power (A first step, B second)'
          : '○ one step   ● any distance   A/B lion power (A first step, B second)';
      io.out([describe(kind), ...lines, legend].join('\n') + '\n');
    });
}
