#!/usr/bin/env -S npx tsx
/**
 * `chuhan puzzle --check` before the `puzzle` command exists: the same function (puzzleCheck,
 * src/cli/commands/puzzle-check.ts) on files, with the same options. Prints its report; exits
 * with its code. A shipped set is checked by name: `xiangqi` or `chushogi` (written to a
 * temporary library file first).
 *
 *   nice -n 10 npx tsx scripts/puzzles/check.ts FILE|xiangqi|chushogi… [--time MS] [--depth N] [--json]
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { puzzleCheck } from '../../src/cli/commands/puzzle-check.js';
import { gameFromName } from '../../src/games/registry.js';
import { processIo } from '../../src/tui/io.js';

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i < 0 ? undefined : args.splice(i, 2)[1];
};
const time = opt('--time');
const depth = opt('--depth');
const json = args.includes('--json');
const files: string[] = [];
for (const a of args.filter((x) => x !== '--json')) {
  const game = gameFromName(a);
  if (!game?.puzzles) {
    files.push(a);
    continue;
  }
  const file = join(mkdtempSync(join(tmpdir(), 'chuhan-puzzles-')), `shipped-${game.id}.tsv`);
  writeFileSync(file, await game.puzzles());
  files.push(file);
}
process.exitCode = await puzzleCheck(files, processIo(), { json, ...(time ? { time } : {}), ...(depth ? { depth } : {}) });
