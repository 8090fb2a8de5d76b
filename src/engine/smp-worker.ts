/**
 * A Lazy SMP helper thread (see smp.ts): searches the roots the main thread hands it, on the
 * shared transposition table, until the main thread raises the stop flag; only its table entries
 * and node count are used.
 */
import { parentPort } from 'node:worker_threads';
import { positionFromData } from './protocol.js';
import { Searcher } from './search.js';
import { busyWord, controlViews, readyWord, type HelperGo, type HelperInit } from './smp.js';
import { variantById } from './variants.js';

const port = parentPort;
if (port) {
  let searcher: Searcher | null = null;
  let ctrl: Int32Array | null = null;
  let nodes: Float64Array | null = null;
  let index = 0;
  let count = 0;
  port.on('message', (msg: HelperInit | HelperGo) => {
    if (msg.type === 'init') {
      index = msg.index;
      count = msg.count;
      ({ ctrl, nodes } = controlViews(msg.control, count));
      searcher = new Searcher({ ttBuffer: msg.tt, helper: index });
      Atomics.store(ctrl, readyWord(index - 1), 1);
      Atomics.notify(ctrl, readyWord(index - 1));
      return;
    }
    const c = ctrl!;
    const counts = nodes!;
    try {
      const variant = variantById(msg.start.variantId);
      if (!variant) return;
      // the game replayed, its moves on the root's undo stack (the rules' repetition judge)
      const pos = positionFromData(variant, msg.start, msg.moves.length + 1024);
      for (const m of msg.moves) pos.play(m);
      searcher!.tt.setGeneration(msg.generation);
      const r = searcher!.search(pos, {
        depth: msg.depth,
        history: msg.history,
        stop: c,
        exactRoot: msg.exactRoot,
        instantSingle: msg.instantSingle,
        onInfo: (info) => {
          counts[index - 1] = info.nodes;
        },
      });
      counts[index - 1] = r.nodes;
    } catch {
      // a helper's failure costs only its help
    } finally {
      Atomics.store(c, busyWord(count, index - 1), 0);
      Atomics.notify(c, busyWord(count, index - 1));
    }
  });
}
