/**
 * Reading the seed's box diagrams (seed 004: Chu Shogi board and movement diagrams, whose lines were
 * flattened: rows of `│cell│cell│` separated by `├——┼——┤` rules, all on one line).
 */

const RULE = /[┌├└][─—\-━┬┼┴]*[┐┤┘]/g;

/** Every box grid in the text (from `┌` to `┘`), as rows of cell texts, in order. */
export function parseSeedGrids(seedText: string): string[][][] {
  const grids: string[][][] = [];
  for (const m of seedText.matchAll(/┌[^┘]*┘/g)) {
    const rows: string[][] = [];
    for (const part of m[0].split(RULE)) {
      // Between the first and the last vertical line (edge labels may stand outside them).
      const a = part.indexOf('│');
      const b = part.lastIndexOf('│');
      if (a < 0 || b <= a) continue;
      rows.push(part.slice(a + 1, b).split('│'));
    }
    if (rows.length > 0) grids.push(rows);
  }
  return grids;
}

/** Side markers that may precede a glyph in a cell. */
const MARKERS = /[▲▽△▼☗☖\u3000 ]/g;

/** The piece glyph of a cell text (`▲王` → `王`), or '' for a mark/empty cell. */
export function cellGlyph(cell: string): string {
  const rest = cell.replace(MARKERS, '');
  return /^[○●ＡＢAB]?$/.test(rest) ? '' : rest;
}

/**
 * The 7×7 movement diagrams of the seed keyed by the glyph of the piece in their centre ('王', '步',
 * '鹫', …), cells as their text (`　○`, `　●`, `　Ａ`, `　Ｂ`, `　　`, centre `▲王`).
 */
export function parseSeedDiagrams(seedText: string): Map<string, string[][]> {
  const out = new Map<string, string[][]>();
  for (const g of parseSeedGrids(seedText)) {
    if (g.length !== 7 || g.some((r) => r.length !== 7)) continue;
    const glyph = cellGlyph(g[3]![3]!);
    if (glyph && !out.has(glyph)) out.set(glyph, g);
  }
  return out;
}
