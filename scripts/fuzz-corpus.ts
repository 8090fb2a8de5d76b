/**
 * A small seeded mutation fuzzer over the fuzz corpus (dev only; not run by npm test):
 *
 *   npx tsx scripts/fuzz-corpus.ts [--surface pgn] [--runs 2000] [--seed 1] [--write] [--slow DIR]
 *
 * For each surface (all by default) it takes the seeds in fixtures/fuzz/<surface>/, mutates them
 * (bytes flipped, nasty pieces inserted — control characters, huge numbers, brackets, invalid
 * UTF-8 and GBK —, ranges cut, repeated or spliced from another seed, the end cut off) and checks
 * each input with the corpus test's checker (test/helpers/fuzz-surfaces.ts). An input that breaks
 * it is shrunk (pieces cut while it still breaks the same way) and printed; with --write it is
 * saved as fixtures/fuzz/<surface>/found-<hash>.<ext>, where `npm test` replays it from then on.
 * Inputs slower than a second are reported too (kept in DIR with --slow, never in the corpus). The same seed draws the same inputs.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { checkInput, corpusInputs, SURFACES, type Surface } from '../test/helpers/fuzz-surfaces.js';

const DIR = new URL('../fixtures/fuzz/', import.meta.url).pathname;

function arg(name: string): string | undefined {
  const k = process.argv.indexOf(`--${name}`);
  return k >= 0 ? process.argv[k + 1] : undefined;
}
const surfaces = (arg('surface')?.split(',') ?? [...SURFACES]) as Surface[];
const runs = Number(arg('runs') ?? 2000);
const seed = Number(arg('seed') ?? 1);
const write = process.argv.includes('--write');
/** A folder to keep the slow inputs in, to look into (they are not failures: not written to the corpus). */
const slowDir = arg('slow');
for (const s of surfaces) if (!SURFACES.includes(s)) throw new Error(`unknown surface ${s} (use ${SURFACES.join(', ')})`);

/** mulberry32 */
function rng(a: number): () => number {
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES: Uint8Array[] = [
  '\x00', '\x1b', '\x1b]0;X\x07', '\x1b[2J', '\x07', '\x7f', '\u0085', '\u009b', '\u202e', '\u2066', '\uFEFF', '\r', '\n', '\t', ' ',
  '99999999999999999999', '18446744073709551617', '-1', '1e99', 'NaN', '0', '"', '\\', '[', ']', '{', '}', '(', ')', ';', '%', '$', '*',
  '1-0', '0-1', '1/2-1/2', '...', '+', '=', '/', ',', '@', '#', 'START{', '}END', '[DhtmlXQ]', '[/DhtmlXQ]', '[DhtmlXQ_movelist]', '手目', '一歩目', '仝',
  '炮二平五', 'h2e2', 'C2.5', '7i7h', '5h4g,4g3f', 'info depth 1 pv ', 'bestmove ', 'id name ', 'feature ', 'option name X type spin ', 'position fen ', 'go ', 'moves ',
].map((s) => Buffer.from(s, 'utf8') as Uint8Array)
  .concat([Buffer.from([0xff]), Buffer.from([0xfe, 0xff]), Buffer.from([0xc3]), Buffer.from([0xe4, 0xb8]), Buffer.from([0x81, 0x30]), Buffer.from([0xed, 0xa0, 0x80])]);

function mutate(r: () => number, input: Uint8Array, others: readonly Uint8Array[]): Uint8Array {
  let b = Buffer.from(input);
  const edits = 1 + Math.floor(r() * 6);
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(r() * (b.length + 1));
    const k = r();
    if (k < 0.2 && b.length > 0) {
      const c = Buffer.from(b);
      c[Math.min(at, c.length - 1)] = Math.floor(r() * 256);
      b = c;
    } else if (k < 0.5) {
      b = Buffer.concat([b.subarray(0, at), PIECES[Math.floor(r() * PIECES.length)]!, b.subarray(at)]);
    } else if (k < 0.62) {
      b = Buffer.concat([b.subarray(0, at), b.subarray(Math.min(b.length, at + 1 + Math.floor(r() * 64)))]);
    } else if (k < 0.74) {
      // a range repeated (nesting, long lines, many games)
      const len = 1 + Math.floor(r() * 32);
      const piece = b.subarray(at, at + len);
      const times = 1 + Math.floor(r() * (r() < 0.1 ? 5000 : 50));
      b = Buffer.concat([b.subarray(0, at), ...Array.from({ length: times }, () => piece), b.subarray(at)]);
    } else if (k < 0.84 && others.length > 0) {
      const o = others[Math.floor(r() * others.length)]!;
      const from = Math.floor(r() * o.length);
      b = Buffer.concat([b.subarray(0, at), o.subarray(from, from + 1 + Math.floor(r() * 200)), b.subarray(at)]);
    } else if (k < 0.9) {
      b = b.subarray(0, at);
    } else {
      // a number made huge
      const s = b.toString('latin1');
      const m = /\d+/g;
      m.lastIndex = at;
      const hit = m.exec(s);
      if (hit) b = Buffer.concat([b.subarray(0, hit.index), Buffer.from('9'.repeat(5 + Math.floor(r() * 30))), b.subarray(hit.index + hit[0].length)]);
    }
    if (b.length > 1 << 20) b = b.subarray(0, 1 << 20);
  }
  return b;
}

/** The kind of a failure, to shrink while it stays the same: its first line without quoted text and numbers. */
const kind = (problem: string): string => problem.split('\n')[0]!.replace(/"[^"]*"|\d+/g, '');

/** Cuts pieces of the input while it still fails the same way (a few hundred tries at most). */
async function shrink(surface: Surface, input: Uint8Array, name: string, problem: string): Promise<Uint8Array> {
  let best = Buffer.from(input);
  const want = kind(problem);
  let tries = 0;
  for (let size = best.length >> 1; size >= 1 && tries < 400; size >>= 1) {
    for (let at = 0; at + size <= best.length && tries < 400; ) {
      const cut = Buffer.concat([best.subarray(0, at), best.subarray(at + size)]);
      tries++;
      const p = await checkInput(surface, cut, name);
      if (p !== null && kind(p) === want) best = cut;
      else at += size;
    }
  }
  return best;
}

let found = 0;
for (const surface of surfaces) {
  const files = readdirSync(join(DIR, surface)).sort();
  const seeds: Array<{ name: string; bytes: Uint8Array; ext: string }> = [];
  for (const f of files) for (const bytes of corpusInputs(f, readFileSync(join(DIR, surface, f)))) seeds.push({ name: f, bytes, ext: f.endsWith('.jsonl') ? '.txt' : extname(f) || '.txt' });
  const r = rng(seed + SURFACES.indexOf(surface) * 7919);
  const all = seeds.map((s) => s.bytes);
  let slow = 0;
  for (let i = 0; i < runs; i++) {
    const s = seeds[Math.floor(r() * seeds.length)]!;
    const input = mutate(r, s.bytes, all);
    const t = performance.now();
    const problem = await checkInput(surface, input, s.name);
    const ms = performance.now() - t;
    if (ms > 1000) {
      slow++;
      console.log(`${surface}: slow input (${Math.round(ms)} ms, ${input.length} bytes, from ${s.name}, run ${i})`);
      if (slowDir) {
        mkdirSync(slowDir, { recursive: true });
        writeFileSync(join(slowDir, `${surface}-${i}${s.ext}`), input);
      }
    }
    if (problem === null) continue;
    found++;
    const small = await shrink(surface, input, s.name, problem);
    const hash = createHash('sha1').update(small).digest('hex').slice(0, 10);
    // a protocol input keeps its protocol's prefix (the checker reads it from the name)
    const prefix = surface === 'protocol' && /^(uci|ucci|usi|xboard)-/.test(s.name) ? s.name.split('-')[0] + '-' : '';
    const out = join(DIR, surface, `${prefix}found-${hash}${s.ext}`);
    console.log(`${surface}: ${problem.split('\n').slice(0, 6).join('\n  ')}\n  input (${small.length} bytes): ${JSON.stringify(Buffer.from(small).toString('utf8').slice(0, 400))}`);
    if (write) {
      writeFileSync(out, small);
      console.log(`  written to ${out}`);
    }
  }
  console.log(`${surface}: ${runs} inputs (seed ${seed}), ${slow} slow`);
}
console.log(`${found} failing input${found === 1 ? '' : 's'}`);
process.exitCode = found > 0 ? 1 : 0;
