/** Chu shogi's pieces as `chuhan piece` finds and describes them (the glyphs are the board style's). */
import { quoteInput } from '../../core/text.js';
import type { PieceSheet } from '../game.js';
import { chuMoveDiagram } from './diagram.js';
import { CHU_ABBREVIATIONS, CHU_PIECES, chuKind, chuKindByName } from './pieces.js';

export const CHU_SHEET: PieceSheet = {
  kinds: CHU_PIECES.length,
  find: chuKindByName,
  card(kind) {
    const spec = CHU_PIECES[kind - 1]!;
    const cells = chuMoveDiagram(kind);
    const promoted = spec.id.startsWith('+');
    return {
      letter: spec.letter,
      promoted,
      lionLegend: true,
      cells,
      head(glyph) {
        const parts = [`${glyph} ${spec.name}`, `SFEN ${spec.letter}`, `western ${CHU_ABBREVIATIONS[spec.id]}`];
        if (promoted) {
          const from = CHU_PIECES.find((p) => p.promotesTo === spec.id)!;
          parts.push(`promoted ${from.name}, does not promote again`);
        } else if (spec.promotesTo) parts.push(`promotes to ${CHU_PIECES[chuKind(spec.promotesTo) - 1]!.name}`);
        if (spec.royal) parts.push('royal');
        return parts.join(' · ');
      },
      json: (glyph) => ({
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
      }),
    };
  },
  unknown: (name) => `unknown chu shogi piece ${quoteInput(name)} (try a name like "lion", a letter like n or +H, or a glyph like 狮)`,
};
