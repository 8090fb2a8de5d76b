/** An in-memory FileAccess for the play session's save/load commands; writes under /readonly/ fail. */
import type { FileAccess } from '../../src/tui/types.js';

export function memFiles(): FileAccess & { files: Map<string, string> } {
  const files = new Map<string, string>();
  return {
    files,
    read(p) {
      const t = files.get(p);
      if (t === undefined) throw new Error('no such file or directory');
      return t;
    },
    write(p, t) {
      if (p.startsWith('/readonly/')) throw new Error('permission denied');
      files.set(p, t);
    },
  };
}
