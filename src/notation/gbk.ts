/** Writing text in GBK: the encoder lives in core (core/gbk.ts) so that a game's binary record writers (XQF) use it too. */
export { decodeGbk, encodeGbk } from '../core/gbk.js';
