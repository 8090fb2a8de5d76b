/**
 * Move tables a build made ahead of time: scripts/bundle.mjs writes each variant's tables beside
 * the bundle (`<variant id>.tables`, core/tables-file.ts `tablesToBytes`), because building chu's at
 * start-up costs more CPU than the whole rest of a `moves -v chu`. Read as views on the file's
 * bytes; a missing file, or one made from other piece data, and the tables are built as usual.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTablesSource, tablesFromBytes } from '../core/tables-file.js';

/** Variants look for their tables in `dir` (the bundle's folder) before building them. */
export function readShippedTables(dir: string): void {
  setTablesSource((id, key) => {
    if (!/^[a-z0-9-]+$/.test(id)) return null;
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(join(dir, `${id}.tables`));
    } catch {
      return null;
    }
    return tablesFromBytes(bytes, key);
  });
}
