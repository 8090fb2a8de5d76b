/**
 * A subset of Betza's funny notation, enough for xiangqi and chu shogi:
 *   atoms   W F D A N (leapers), R B Q K (R = slide W, B = slide F, Q = RB, K = WF)
 *   dirs    f b l r s(=lr) v(=fb); on diagonal atoms a pair such as 'fl' names one diagonal
 *   modes   m (move only), c (capture only), n (lame: blocked at the first step, e.g. the
 *           xiangqi horse leg and elephant eye), p (hop over exactly one piece first, as the cannon)
 *   range   a digit after a slider limits its distance (R2)
 * Directions are from the mover's point of view: forward is +y for side 0.
 */
import { err, ok, type Result } from './result.js';
import type { BetzaProblem } from './problem.js';

export interface Atom {
  readonly dx: number;
  readonly dy: number;
  /** true: repeat the step (slider); false: a single leap. */
  readonly slide: boolean;
  /** Maximum distance for sliders; 0 = unlimited. */
  readonly range: number;
  readonly move: boolean;
  readonly capture: boolean;
  /** Slider that must hop over exactly one piece before moving/capturing. */
  readonly hop: boolean;
  /** Square (relative) that must be empty, for lame leapers. */
  readonly leg: readonly [number, number] | null;
}

const LEAPERS: Record<string, [number, number]> = { W: [1, 0], F: [1, 1], D: [2, 0], A: [2, 2], N: [2, 1] };

const images = (a: number, b: number): [number, number][] => {
  const out: [number, number][] = [];
  const seen = new Set<string>();
  for (const [x, y] of [[a, b], [b, a]] as const)
    for (const sx of [1, -1])
      for (const sy of [1, -1]) {
        const v: [number, number] = [x * sx, y * sy];
        const k = v.join(',');
        if (!seen.has(k)) {
          seen.add(k);
          out.push(v);
        }
      }
  return out;
};

/** Does direction (dx,dy) match the direction letters? Empty letters: all directions. */
const matches = (dirs: string[], dx: number, dy: number): boolean => {
  if (dirs.length === 0) return true;
  return dirs.some((d) => {
    if (d.length === 2) {
      // a pair like 'fl': both components must match
      return matches([d[0]!], dx, dy) && matches([d[1]!], dx, dy);
    }
    switch (d) {
      case 'f': return dy > 0;
      case 'b': return dy < 0;
      case 'l': return dx < 0;
      case 'r': return dx > 0;
      case 's': return dx !== 0 && (dy === 0 || Math.abs(dx) > Math.abs(dy)) ? true : dy === 0;
      case 'v': return dy !== 0 && (dx === 0 || Math.abs(dy) > Math.abs(dx)) ? true : dx === 0;
      default: return false;
    }
  });
};

export function parseBetza(text: string): Result<Atom[], BetzaProblem> {
  const atoms: Atom[] = [];
  let i = 0;
  while (i < text.length) {
    let mods = '';
    while (i < text.length && 'fblrsvmcnp'.includes(text[i]!)) mods += text[i++];
    const letter = text[i++];
    if (letter === undefined) return err({ code: 'betza.modifiers-alone', text, mods });
    let range = 0;
    while (i < text.length && /[0-9]/.test(text[i]!)) range = range * 10 + Number(text[i++]);
    let bases: { v: [number, number]; slide: boolean }[];
    switch (letter) {
      case 'R': bases = [{ v: [1, 0], slide: true }]; break;
      case 'B': bases = [{ v: [1, 1], slide: true }]; break;
      case 'Q': bases = [{ v: [1, 0], slide: true }, { v: [1, 1], slide: true }]; break;
      case 'K': bases = [{ v: [1, 0], slide: false }, { v: [1, 1], slide: false }]; break;
      default: {
        const v = LEAPERS[letter];
        if (!v) return err({ code: 'betza.unknown-atom', text, letter });
        bases = [{ v, slide: false }];
      }
    }
    // Direction letters: pair up f/b with a following l/r on diagonal or oblique atoms.
    const dirs: string[] = [];
    const dirText = mods.replace(/[mcnp]/g, '');
    const move = !mods.includes('c') || mods.includes('m');
    const capture = !mods.includes('m') || mods.includes('c');
    const lame = mods.includes('n');
    const hop = mods.includes('p');
    for (const { v, slide } of bases) {
      const diagonal = v[0] !== 0 && v[1] !== 0;
      dirs.length = 0;
      for (let k = 0; k < dirText.length; k++) {
        const c = dirText[k]!;
        const next = dirText[k + 1];
        if (diagonal && (c === 'f' || c === 'b') && (next === 'l' || next === 'r')) {
          dirs.push(c + next);
          k++;
        } else dirs.push(c);
      }
      for (const [dx, dy] of images(v[0], v[1])) {
        if (!matches(dirs, dx, dy)) continue;
        let leg: [number, number] | null = null;
        if (lame) {
          if (Math.abs(dx) === Math.abs(dy)) leg = [Math.sign(dx), Math.sign(dy)];
          else if (Math.abs(dx) > Math.abs(dy)) leg = [Math.sign(dx), 0];
          else leg = [0, Math.sign(dy)];
          if (Math.abs(dx) <= 1 && Math.abs(dy) <= 1) leg = null;
        }
        atoms.push({ dx, dy, slide, range: slide ? range : 1, move, capture, hop, leg });
      }
    }
  }
  return ok(atoms);
}
