#!/usr/bin/env node
// `npm run bench`: every benchmark section, on the compiled code in dist/. Prints nodes/s, plies/s
// and peak memory; sections live in bench/*.bench.js and export `name` and `run(log)`.
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here).filter((f) => f.endsWith('.bench.js')).sort();
for (const f of files) {
  const mod = await import(pathToFileURL(join(here, f)).href);
  if (only.length && !only.some((o) => f.includes(o))) continue;
  console.log(`\n## ${mod.name ?? f}`);
  await mod.run((line) => console.log(`  ${line}`));
}
const mem = process.memoryUsage();
console.log(`\npeak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(1)} MiB (heap used now ${(mem.heapUsed / 2 ** 20).toFixed(1)} MiB)`);
