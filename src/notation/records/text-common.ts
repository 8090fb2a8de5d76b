/**
 * Helpers the whole-text record readers (WXF files, DhtmlXQ, KIF) share: line:column of an offset,
 * and building a `GameRecord` as the PGN reader makes it. They live in core/record.ts (game folders'
 * readers use them too); kept here for the notation readers that import them from this place.
 */
export { addError, addMove, LineIndex, newRecord, normalResult, setTag } from '../../core/record.js';
