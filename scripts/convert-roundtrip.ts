/**
 * `convert` → `validate` over the real games, in every dialect and record format we write: each
 * source file is validated (the reference: every game's plies and final position), converted
 * with `chuhan convert` in each `--dialect` (and each `--notation` a dialect lets one choose), each
 * record format (`--to kif` for chu; `--to dhtmlxq`, `--to xqf` for xiangqi) and `--to fen` in each
 * dialect, and the conversion validated again (a FEN line read back as a PGN set-up); a game counts as kept when it replays
 * `ok` to the same number of plies and the same final position (FEN, move counters included).
 *
 *   npm run build:emit && npx tsx scripts/convert-roundtrip.ts [--data DIR] [--only xiangqi|chushogi] [--form TEXT]
 *
 * Sources: the 2,516 xiangqi master games (Hu_Ronghua, Liu_Dahua) and the 49 lishogi chu games,
 * read from `--data`, else `$CHUHAN_SHARED/data`, else `../shared/data` beside the repository.
 * Prints one line per source and output form (`kept N/N`), then each game that was not kept;
 * exit 1 if any was not.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(ROOT, 'bin', 'chuhan.js');

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

const args = process.argv.slice(2);
const dataDir = (() => {
  const given = option(args, '--data') ?? (process.env.CHUHAN_SHARED ? join(process.env.CHUHAN_SHARED, 'data') : undefined);
  if (given) return given;
  for (const up of ['../shared/data', '../../shared/data']) {
    const d = join(ROOT, up);
    if (existsSync(d)) return d;
  }
  throw new Error('no data folder: give --data DIR (the shared data with xiangqi/ and chushogi/)');
})();
const only = option(args, '--only');
/** Only the output forms whose name contains one of these (`--form fen,xqf`). */
const onlyForm = option(args, '--form');

interface Form {
  /** What the line says (`--dialect pychess`). */
  readonly name: string;
  readonly convert: readonly string[];
  /**
   * How the conversion is read back: `record` (one file, validated), `folder` (`-o DIR/`, one file
   * per game, the folder validated: XQF), `fen` (one FEN line per game, each read back as a PGN
   * set-up with no moves: the final position only, counters included).
   */
  readonly back: 'record' | 'folder' | 'fen';
}

interface Source {
  readonly game: 'xiangqi' | 'chushogi';
  readonly files: readonly string[];
  readonly forms: readonly Form[];
}

const form = (...convert: string[]): Form => ({ name: convert.join(' '), convert, back: convert.includes('xqf') ? 'folder' : convert.includes('fen') ? 'fen' : 'record' });

const SOURCES: readonly Source[] = [
  {
    game: 'xiangqi',
    files: ['xiangqi/Hu_Ronghua_1391_UCI_games.pgn', 'xiangqi/Liu_Dahua_1125_UCI_games.pgn'],
    forms: [
      form('--dialect', 'chuhan'),
      form('--dialect', 'chuhan', '--notation', 'uci'),
      form('--dialect', 'chuhan', '--notation', 'wxf'),
      form('--dialect', 'chuhan', '--notation', 'chinese'),
      form('--dialect', 'xqbase'),
      form('--dialect', 'xqbase', '--notation', 'wxf'),
      form('--dialect', 'xqbase', '--notation', 'chinese'),
      form('--dialect', 'pychess'),
      form('--dialect', 'xboard'),
      form('--dialect', 'xqbase', '--encoding', 'gbk', '--notation', 'chinese'),
      form('--to', 'dhtmlxq'),
      form('--to', 'dhtmlxq', '--encoding', 'gbk'),
      form('--to', 'xqf'),
      form('--to', 'fen', '--dialect', 'chuhan'),
      form('--to', 'fen', '--dialect', 'xqbase'),
      form('--to', 'fen', '--dialect', 'pychess'),
      form('--to', 'fen', '--dialect', 'xboard'),
    ],
  },
  {
    game: 'chushogi',
    files: ['chushogi/lishogi_49_games.pgn'],
    forms: [
      form('--dialect', 'chuhan'),
      form('--dialect', 'chuhan', '--notation', 'usi'),
      form('--dialect', 'chuhan', '--notation', 'western'),
      form('--dialect', 'xboard'),
      form('--to', 'kif'),
      form('--to', 'fen', '--dialect', 'chuhan'),
      form('--to', 'fen', '--dialect', 'xboard'),
    ],
  },
];

function run(cli: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...cli], { maxBuffer: 1 << 30, encoding: 'utf8' }, (e, stdout, stderr) => {
      const code = e ? (typeof e.code === 'number' ? e.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

interface Replayed {
  readonly file?: string;
  readonly ok: boolean;
  readonly plies: number;
  readonly fen: string | null;
  readonly error: { readonly message?: string } | null;
}

async function validate(files: readonly string[]): Promise<Replayed[]> {
  const r = await run(['validate', '--json', ...files]);
  if (r.stdout.trim() === '') throw new Error(`validate ${files.join(' ')} printed nothing (exit ${r.code}): ${r.stderr.trim()}`);
  return (JSON.parse(r.stdout) as { games: Replayed[] }).games;
}

const tmp = mkdtempSync(join(tmpdir(), 'chuhan-roundtrip-'));
let broken = 0;
try {
  for (const src of SOURCES) {
    if (only !== undefined && only !== src.game) continue;
    const files = src.files.map((f) => join(dataDir, f));
    const reference = await validate(files);
    const bad = reference.filter((g) => !g.ok).length;
    console.log(`${src.game}: ${reference.length} games in ${src.files.join(', ')} (${bad} not ok at the source)`);
    for (const f of src.forms) {
      if (onlyForm !== undefined && !onlyForm.split(',').some((o) => f.name.includes(o))) continue;
      const base = join(tmp, `${src.game}-${f.name.replace(/[^a-z0-9]+/gi, '_')}`);
      const ext = f.convert.includes('kif') ? 'kif' : f.convert.includes('dhtmlxq') ? 'txt' : f.back === 'fen' ? 'fen' : 'pgn';
      const out = f.back === 'folder' ? `${base}/` : `${base}.${ext}`;
      const c = await run(['convert', ...f.convert, '-o', out, ...files]);
      // games the dialect's program cannot load are left out (exit 1, one line each): the rest must be kept
      const leftOut = new Set([...c.stderr.matchAll(/: game (\d+): left out: /g)].map((m) => Number(m[1]) - 1));
      if (c.code !== 0 && !(c.code === 1 && leftOut.size > 0)) {
        console.log(`  ${f.name.padEnd(44)} convert failed (exit ${c.code}): ${c.stderr.trim()}`);
        broken += reference.length;
        continue;
      }
      let read = out;
      if (f.back === 'fen') {
        // each final position read back as a set-up: the same FEN, counters included
        const variant = src.game === 'chushogi' ? '[Variant "chushogi"]\n' : '';
        const lines = readFileSync(out, 'utf8').split('\n').filter((l) => l !== '');
        read = `${base}.pgn`;
        writeFileSync(read, lines.map((l) => `${variant}[SetUp "1"]\n[FEN "${l}"]\n\n*\n\n`).join(''));
      }
      const back = await validate([read]);
      // a folder's files are validated in name order, where `-1000` comes before `-101`: put them in the source's order
      const number = (g: Replayed): number => Number(/-(\d+)\.[a-z]+$/.exec(g.file ?? '')?.[1] ?? 0);
      const source = (g: Replayed): string => /([^/]*)-\d+\.[a-z]+$/.exec(g.file ?? '')?.[1] ?? '';
      if (f.back === 'folder') back.sort((a, b) => files.findIndex((p) => p.includes(source(a))) - files.findIndex((p) => p.includes(source(b))) || number(a) - number(b));
      const lost: string[] = [];
      const kept = reference.filter((_, i) => !leftOut.has(i));
      const index = reference.map((_, i) => i).filter((i) => !leftOut.has(i));
      kept.forEach((g, k) => {
        const i = index[k]!;
        const b = back[k];
        const plies = f.back === 'fen' ? 0 : g.plies;
        if (!b) lost.push(`game ${i + 1}: missing after conversion`);
        else if (!b.ok) lost.push(`game ${i + 1}: ${b.error?.message ?? 'not ok'}`);
        else if (b.plies !== plies || b.fen !== g.fen) lost.push(`game ${i + 1}: ${b.plies} plies to ${b.fen}, not ${plies} to ${g.fen}`);
      });
      if (back.length > kept.length) lost.push(`${back.length - kept.length} games more after conversion`);
      const same = kept.length - lost.filter((l) => l.startsWith('game ')).length;
      const left = leftOut.size > 0 ? ` (${leftOut.size} left out by convert: ${c.stderr.match(/left out: (.*)/)?.[1]?.replace(/ply \d+ \(\S+\) /, '') ?? ''})` : '';
      console.log(`  ${f.name.padEnd(44)} kept ${same}/${kept.length}${left}`);
      for (const l of lost.slice(0, 10)) console.log(`    ${l}`);
      if (lost.length > 10) console.log(`    … and ${lost.length - 10} more`);
      broken += lost.length;
    }
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
writeFileSync(1, broken === 0 ? 'all kept\n' : `${broken} games not kept\n`);
process.exitCode = broken === 0 ? 0 : 1;
