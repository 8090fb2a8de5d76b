/** Reads a recorded oracle fixture (`fixtures/oracle/*.jsonl`): one JSON object per line. */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface OracleRow {
  source: string;
  moves?: string[];
  depth?: number;
  nodes?: number;
}

/** The rows of a fixture, split into move-set rows and perft rows. */
export function readOracle<R extends OracleRow>(name: string): { rows: R[]; moveRows: R[]; perftRows: R[] } {
  const file = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'oracle', name);
  const rows = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as R);
  return { rows, moveRows: rows.filter((r) => r.moves !== undefined), perftRows: rows.filter((r) => r.depth !== undefined) };
}
