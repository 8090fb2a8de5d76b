/** The search worker thread: receives positions as data, searches, posts info lines and the result. */
import { parentPort } from 'node:worker_threads';
import { chooseMove, sharedSearcher } from './player.js';
import { positionFromData, type WorkerReply, type WorkerRequest } from './protocol.js';
import { createRng } from './rng.js';
import type { SearchInfo } from './search.js';
import { variantById } from './variants.js';

const port = parentPort;
if (port) {
  port.on('message', (req: WorkerRequest) => {
    if (req.type === 'clear') {
      for (const id of ['xiangqi', 'chushogi']) {
        const v = variantById(id);
        if (v) sharedSearcher(v).clear();
      }
      return;
    }
    const reply = (r: WorkerReply) => port.postMessage(r);
    try {
      const variant = variantById(req.position.variantId);
      if (!variant) throw new Error(`unknown variant ${req.position.variantId}`);
      const pos = positionFromData(variant, req.position);
      const onInfo = (info: SearchInfo) => reply({ type: 'info', id: req.id, info });
      if (req.type === 'search') {
        const result = sharedSearcher(variant).search(pos, { ...req.limits, history: req.history, stop: req.stop, onInfo });
        reply({ type: 'done', id: req.id, result, move: result.move, score: result.score });
      } else {
        const chosen = chooseMove(null, pos, req.level, {
          history: req.history,
          stop: req.stop,
          onInfo,
          deterministic: req.deterministic,
          ...(req.seed !== null ? { rng: createRng(req.seed) } : {}),
        });
        reply({ type: 'done', id: req.id, result: chosen.result, move: chosen.move, score: chosen.score });
      }
    } catch (e) {
      reply({ type: 'error', id: req.id, message: e instanceof Error ? e.message : String(e) });
    }
  });
}
