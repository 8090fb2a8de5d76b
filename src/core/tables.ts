/**
 * Precomputed move and attack tables built from the piece data. Board edges and region limits
 * (palace, river, ...) are baked in here, so move generation never tests them.
 */
import { parseBetza, type Atom } from './betza.js';
import type { Geometry } from './geometry.js';
import { pieceCode, type PieceSpec, type Region, type Side } from './piece.js';
import { formatProblem } from './problem.js';

export const MODE_MOVE = 1;
export const MODE_CAPTURE = 2;
export const MODE_HOP_MOVE = 4;
export const MODE_HOP_CAPTURE = 8;

export interface MoveTables {
  /** Movement class of each piece code (kind << 1 | side); -1 for none. */
  readonly classOf: Int16Array;
  /**
   * Bit of each piece code's class in the attack masks: the index of its class among the classes of
   * the same side (masks are per attacking side, so the two sides reuse bits 0..31). -1 for none.
   */
  readonly classBit: Int16Array;
  readonly classCount: number;
  /** Per (class, square): steps in [stepStart[i], stepStart[i + 1]). */
  readonly stepStart: Int32Array;
  readonly stepTo: Int16Array;
  readonly stepLeg: Int16Array;
  readonly stepMode: Uint8Array;
  /** Per (class, square): rays in [rayStart[i], rayStart[i + 1]); ray r covers raySq[rayFirst[r] .. rayFirst[r + 1]). */
  readonly rayStart: Int32Array;
  readonly rayMode: Uint8Array;
  readonly rayFirst: Int32Array;
  readonly raySq: Int16Array;
  /** Reverse (attack) tables, per (attacking side, target square). */
  readonly attStepStart: Int32Array;
  readonly attStepFrom: Int16Array;
  readonly attStepLeg: Int16Array;
  /** Bit (classBit) set: a piece of this class on attStepFrom attacks the target. */
  readonly attStepMask: Int32Array;
  /** Per (attacking side, target): 8 directions, squares outward from the target. */
  readonly attRayStart: Int32Array; // index (side * size + sq) * 8 + dir → start in attRaySq; end = next
  readonly attRaySq: Int16Array;
  readonly attRaySlide: Int32Array; // per (side, sq, dir): mask of classes that slide-capture along it
  readonly attRayHop: Int32Array; // per (side, sq, dir): mask of classes that hop-capture along it
  /**
   * Per (class, square) i: the squares a capture could land on, as bitsets of `reachWords` words
   * (bit sq & 31 of word sq >> 5): steps at captureReach[i * 2 * reachWords ..), rays (every square
   * of a ray that captures or hop-captures) at captureReach[(i * 2 + 1) * reachWords ..). A piece
   * whose set meets no enemy piece has no capture of that kind.
   */
  readonly captureReach: Int32Array;
  readonly reachWords: number;
}

interface ClassDef {
  readonly side: Side;
  /** Index among the classes of the same side: the class's bit in the attack masks. */
  readonly bit: number;
  readonly atoms: { atom: Atom; from: Region | null; to: Region | null }[];
}

const DIRS: [number, number][] = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]];

export function buildTables(g: Geometry, pieces: readonly PieceSpec[], regions: Record<string, Region>): MoveTables {
  const { width: W, height: H, size } = g;
  const codes = (pieces.length + 1) * 2;
  const classOf = new Int16Array(codes).fill(-1);
  const classBit = new Int16Array(codes).fill(-1);
  const classes: ClassDef[] = [];
  const perSide = [0, 0];
  const keyToClass = new Map<string, number>();
  pieces.forEach((spec, i) => {
    const kind = i + 1;
    for (const side of [0, 1] as Side[]) {
      const key = `${side}|${JSON.stringify(spec.moves)}`;
      let c = keyToClass.get(key);
      if (c === undefined) {
        c = classes.length;
        keyToClass.set(key, c);
        const atoms: ClassDef['atoms'] = [];
        for (const rule of spec.moves) {
          const parsed = parseBetza(rule.betza);
          if (!parsed.ok) throw new Error(`piece ${spec.id}: ${formatProblem(parsed.error)}`);
          const region = (name: string | undefined): Region | null => {
            if (name === undefined) return null;
            const r = regions[name];
            if (!r) throw new Error(`piece ${spec.id}: unknown region ${name}`);
            return r;
          };
          for (const atom of parsed.value) atoms.push({ atom, from: region(rule.from), to: region(rule.to) });
        }
        classes.push({ side, bit: perSide[side]!++, atoms });
      }
      classOf[pieceCode(kind, side)] = c;
      classBit[pieceCode(kind, side)] = classes[c]!.bit;
    }
  });
  // attack masks are 32-bit, one bit per class of the attacking side
  if (perSide[0]! > 32 || perSide[1]! > 32) throw new Error(`too many movement classes per side (${perSide[0]}, ${perSide[1]})`);

  const stepStart: number[] = [];
  const stepTo: number[] = [];
  const stepLeg: number[] = [];
  const stepMode: number[] = [];
  const rayStart: number[] = [];
  const rayMode: number[] = [];
  const rayFirst: number[] = [];
  const raySq: number[] = [];
  // attack accumulation: per (side, target) map from * 1024 + leg + 1 → mask (numeric keys: fast start-up)
  const attSteps: Map<number, number>[] = Array.from({ length: 2 * size }, () => new Map());
  const attSlide = new Int32Array(2 * size * 8);
  const attHop = new Int32Array(2 * size * 8);

  const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < W && y < H;
  const stepIndex = new Map<number, number>();
  // a ray from a given square is identified by its direction and length
  const rayIndex = new Map<number, number>();
  for (let c = 0; c < classes.length; c++) {
    const { side, bit, atoms } = classes[c]!;
    const sgn = side === 0 ? 1 : -1; // side 1 sees the board rotated by 180 degrees
    const reverseDir = atoms.map(({ atom }) => {
      const dx = atom.dx * sgn;
      const dy = atom.dy * sgn;
      if (Math.abs(dx) > 1 || Math.abs(dy) > 1) return -1;
      return DIRS.findIndex(([a, b]) => a === -dx && b === -dy);
    });
    for (let sq = 0; sq < size; sq++) {
      const x = sq % W;
      const y = (sq / W) | 0;
      stepStart.push(stepTo.length);
      rayStart.push(rayMode.length);
      stepIndex.clear();
      rayIndex.clear();
      for (let ai = 0; ai < atoms.length; ai++) {
        const { atom, from, to } = atoms[ai]!;
        if (from && !from(x, y, side)) continue;
        const dx = atom.dx * sgn;
        const dy = atom.dy * sgn;
        if (!atom.slide) {
          const tx = x + dx;
          const ty = y + dy;
          if (!inside(tx, ty) || (to && !to(tx, ty, side))) continue;
          const t = ty * W + tx;
          const leg = atom.leg ? (y + atom.leg[1] * sgn) * W + (x + atom.leg[0] * sgn) : -1;
          const mode = (atom.move ? MODE_MOVE : 0) | (atom.capture ? MODE_CAPTURE : 0);
          const prev = stepIndex.get(t * 1024 + leg + 1);
          if (prev !== undefined) stepMode[prev]! |= mode;
          else {
            stepIndex.set(t * 1024 + leg + 1, stepTo.length);
            stepTo.push(t);
            stepLeg.push(leg);
            stepMode.push(mode);
          }
          if (atom.capture) {
            const m = attSteps[side * size + t]!;
            const k = sq * 1024 + leg + 1;
            m.set(k, (m.get(k) ?? 0) | (1 << bit));
          }
        } else {
          // the ray's squares go straight into raySq; dropped again if the ray is a duplicate
          const first = raySq.length;
          for (let k = 1, tx = x + dx, ty = y + dy; inside(tx, ty); k++, tx += dx, ty += dy) {
            if (atom.range && k > atom.range) break;
            if (to && !to(tx, ty, side)) break;
            raySq.push(ty * W + tx);
          }
          const len = raySq.length - first;
          if (len === 0) continue;
          const mode = atom.hop
            ? (atom.move ? MODE_HOP_MOVE : 0) | (atom.capture ? MODE_HOP_CAPTURE : 0)
            : (atom.move ? MODE_MOVE : 0) | (atom.capture ? MODE_CAPTURE : 0);
          const key = ((dx + 32) * 64 + (dy + 32)) * 1024 + len;
          const prev = rayIndex.get(key);
          if (prev !== undefined) rayMode[prev]! |= mode;
          else {
            rayIndex.set(key, rayMode.length);
            rayMode.push(mode);
            rayFirst.push(first);
          }
          if (atom.capture) {
            if (atom.range) throw new Error('range-limited capturing sliders are not supported by the attack tables');
            // the attacker on sq attacks along direction (dx,dy); seen from a target, the attacker
            // lies in direction (-dx,-dy)
            const dir = reverseDir[ai]!;
            if (dir < 0) throw new Error('only unit sliders are supported');
            const b = 1 << bit;
            const att = atom.hop ? attHop : attSlide;
            for (let i = first, e = first + len; i < e; i++) att[(side * size + raySq[i]!) * 8 + dir]! |= b;
          }
          if (prev !== undefined) raySq.length = first;
        }
      }
    }
  }
  stepStart.push(stepTo.length);
  rayStart.push(rayMode.length);
  rayFirst.push(raySq.length);

  const attStepStart: number[] = [];
  const attStepFrom: number[] = [];
  const attStepLeg: number[] = [];
  const attStepMask: number[] = [];
  for (let i = 0; i < 2 * size; i++) {
    attStepStart.push(attStepFrom.length);
    for (const [k, mask] of attSteps[i]!) {
      attStepFrom.push(Math.floor(k / 1024));
      attStepLeg.push((k % 1024) - 1);
      attStepMask.push(mask);
    }
  }
  attStepStart.push(attStepFrom.length);

  // rays outward from each target square (same for both sides)
  const attRayStart: number[] = [];
  const attRaySq: number[] = [];
  for (let side = 0; side < 2; side++)
    for (let sq = 0; sq < size; sq++)
      for (let d = 0; d < 8; d++) {
        const [dx, dy] = DIRS[d]!;
        attRayStart.push(attRaySq.length);
        const x = sq % W;
        const y = (sq / W) | 0;
        const idx = (side * size + sq) * 8 + d;
        if (attSlide[idx] === 0 && attHop[idx] === 0) continue; // nothing ever attacks along it
        for (let tx = x + dx, ty = y + dy; inside(tx, ty); tx += dx, ty += dy) attRaySq.push(ty * W + tx);
      }
  attRayStart.push(attRaySq.length);

  const reachWords = (size + 31) >> 5;
  const captureReach = new Int32Array(classes.length * size * 2 * reachWords);
  for (let i = 0; i < classes.length * size; i++) {
    const sb = i * 2 * reachWords;
    for (let k = stepStart[i]!; k < stepStart[i + 1]!; k++)
      if (stepMode[k]! & MODE_CAPTURE) captureReach[sb + (stepTo[k]! >> 5)]! |= 1 << (stepTo[k]! & 31);
    for (let r = rayStart[i]!; r < rayStart[i + 1]!; r++) {
      if (!(rayMode[r]! & (MODE_CAPTURE | MODE_HOP_CAPTURE))) continue;
      for (let k = rayFirst[r]!; k < rayFirst[r + 1]!; k++) captureReach[sb + reachWords + (raySq[k]! >> 5)]! |= 1 << (raySq[k]! & 31);
    }
  }
  return {
    captureReach,
    reachWords,
    classOf,
    classBit,
    classCount: classes.length,
    stepStart: Int32Array.from(stepStart),
    stepTo: Int16Array.from(stepTo),
    stepLeg: Int16Array.from(stepLeg),
    stepMode: Uint8Array.from(stepMode),
    rayStart: Int32Array.from(rayStart),
    rayMode: Uint8Array.from(rayMode),
    rayFirst: Int32Array.from(rayFirst),
    raySq: Int16Array.from(raySq),
    attStepStart: Int32Array.from(attStepStart),
    attStepFrom: Int16Array.from(attStepFrom),
    attStepLeg: Int16Array.from(attStepLeg),
    attStepMask: Int32Array.from(attStepMask),
    attRayStart: Int32Array.from(attRayStart),
    attRaySq: Int16Array.from(attRaySq),
    attRaySlide: attSlide,
    attRayHop: attHop,
  };
}

/**
 * A move-table set as plain data (its typed arrays as number lists; the same fields in the same
 * order), for `tablesFromData`: a build can compute a game's tables once and ship them.
 */
export type MoveTablesData = { readonly [K in keyof MoveTables]: MoveTables[K] extends number ? number : readonly number[] };

export function tablesToData(t: MoveTables): MoveTablesData {
  const out: Record<string, number | number[]> = {};
  for (const [k, v] of Object.entries(t)) out[k] = typeof v === 'number' ? v : Array.from(v as ArrayLike<number>);
  return out as unknown as MoveTablesData;
}

/** The move tables written by `tablesToData`: the object `buildTables` made (same fields, order and array types). */
export function tablesFromData(d: MoveTablesData): MoveTables {
  return {
    captureReach: Int32Array.from(d.captureReach),
    reachWords: d.reachWords,
    classOf: Int16Array.from(d.classOf),
    classBit: Int16Array.from(d.classBit),
    classCount: d.classCount,
    stepStart: Int32Array.from(d.stepStart),
    stepTo: Int16Array.from(d.stepTo),
    stepLeg: Int16Array.from(d.stepLeg),
    stepMode: Uint8Array.from(d.stepMode),
    rayStart: Int32Array.from(d.rayStart),
    rayMode: Uint8Array.from(d.rayMode),
    rayFirst: Int32Array.from(d.rayFirst),
    raySq: Int16Array.from(d.raySq),
    attStepStart: Int32Array.from(d.attStepStart),
    attStepFrom: Int16Array.from(d.attStepFrom),
    attStepLeg: Int16Array.from(d.attStepLeg),
    attStepMask: Int32Array.from(d.attStepMask),
    attRayStart: Int32Array.from(d.attRayStart),
    attRaySq: Int16Array.from(d.attRaySq),
    attRaySlide: Int32Array.from(d.attRaySlide),
    attRayHop: Int32Array.from(d.attRayHop),
  };
}
