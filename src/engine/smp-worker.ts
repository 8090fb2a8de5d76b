/**
 * A Lazy SMP helper thread (see smp.ts): searches the roots the main thread hands it, on the
 * shared transposition table, until the main thread raises the stop flag; only its table entries
 * and node count are used.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { LineCache } from './line-cache.js';
import { Searcher } from './search.js';
import { controlViews, READY, stateWord, type HelperGo, type HelperInit } from './smp.js';
import { variantById } from './variants.js';

const port = parentPort;
const init = workerData as HelperInit | null;
if (port && init) {
  const { index } = init;
  const { ctrl, nodes } = controlViews(init.control, init.count);
  const word = stateWord(index - 1);
  const searcher = new Searcher({ ttBuffer: init.tt, helper: index });
  const cache = new LineCache();
  port.on('message', (msg: HelperGo) => {
    // take the search unless it was withdrawn (or is an old one)
    if (Atomics.compareExchange(ctrl, word, msg.seq, -msg.seq) !== msg.seq) return;
    try {
      const variant = variantById(msg.start.variantId);
      if (!variant) return;
      // the game's moves on the root's undo stack (the rules' repetition judge): the helper keeps
      // the last game and plays only the moves since
      const pos = cache.sync(variant, { start: msg.start, moves: msg.moves }).position;
      searcher.tt.setGeneration(msg.generation);
      const r = searcher.search(pos, {
        depth: msg.depth,
        history: msg.history,
        stop: ctrl,
        exactRoot: msg.exactRoot,
        instantSingle: msg.instantSingle,
        onInfo: (info) => {
          nodes[index - 1] = info.nodes;
        },
      });
      nodes[index - 1] = r.nodes;
    } catch {
      // a helper's failure costs only its help (and its copy of the game)
      cache.clear();
    } finally {
      Atomics.store(ctrl, word, 0);
      Atomics.notify(ctrl, word);
    }
  });
  Atomics.add(ctrl, READY, 1);
  Atomics.notify(ctrl, READY);
}
