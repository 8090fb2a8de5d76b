/** The search worker thread: receives positions as data, searches, posts info lines and the result. */
import { parentPort } from 'node:worker_threads';
import { chooseMove, sharedSearcher } from './player.js';
import { positionFromData, type WorkerReply, type WorkerRequest } from './protocol.js';
import { createRng } from './rng.js';
import { Searcher, type SearchInfo } from './search.js';
import type { Position } from '../core/position.js';
import type { Variant } from '../core/variant.js';
import { LineCache } from './line-cache.js';
import { variantById } from './variants.js';
import { GAMES } from '../games/registry.js';

/** The searcher with helper threads of each variant (kept with its helpers while the count stays). */
const smpSearchers = new Map<Variant, Searcher>();
function searcherFor(variant: Variant, threads: number): Searcher {
  if (threads <= 1) return sharedSearcher(variant);
  let s = smpSearchers.get(variant);
  if (s?.threads !== threads) {
    void s?.close();
    s = new Searcher({ threads });
    smpSearchers.set(variant, s);
  }
  return s;
}

/** The game of the last request, kept so that the next `go` plays only the new moves. */
const lineCache = new LineCache();

const port = parentPort;
if (port) {
  port.on('message', (req: WorkerRequest) => {
    if (req.type === 'clear') {
      for (const g of GAMES) sharedSearcher(g.variant).clear();
      for (const s of smpSearchers.values()) s.clear();
      lineCache.clear();
      return;
    }
    const reply = (r: WorkerReply) => port.postMessage(r);
    try {
      const variant = variantById(req.position.variantId);
      if (!variant) throw new Error(`unknown variant ${req.position.variantId}`);
      let pos: Position;
      let history = req.history;
      if (req.line) {
        // the game's moves on the position's undo stack (the rules' repetition judge): the cache
        // plays only the moves since the last request's game
        const synced = lineCache.sync(variant, req.line);
        pos = synced.position;
        history = synced.history;
      } else pos = positionFromData(variant, req.position);
      const onInfo = (info: SearchInfo) => reply({ type: 'info', id: req.id, info });
      if (req.type === 'search') {
        const { threads, ...limits } = req.limits;
        const result = searcherFor(variant, threads ?? 1).search(pos, { ...limits, history, stop: req.stop, onInfo });
        reply({ type: 'done', id: req.id, result, move: result.move, score: result.score });
      } else {
        const chosen = chooseMove(null, pos, req.level, {
          history,
          stop: req.stop,
          onInfo,
          deterministic: req.deterministic,
          book: req.book,
          ...(req.seed !== null ? { rng: createRng(req.seed) } : {}),
        });
        reply({ type: 'done', id: req.id, result: chosen.result, move: chosen.move, score: chosen.score });
      }
    } catch (e) {
      lineCache.clear();
      reply({ type: 'error', id: req.id, message: e instanceof Error ? e.message : String(e) });
    }
  });
}
