/**
 * Helpers the whole-text record readers (WXF files, DhtmlXQ, KIF) share: line:column of an offset,
 * and building a `GameRecord` as the PGN reader makes it.
 */
import type { GameRecord, RecordError, RecordMove } from '../pgn.js';
import { formatProblem, type RecordProblem } from '../../core/problem.js';

/** Maps UTF-16 offsets of a text to 1-based line:column (columns count code points, as pgn.ts). */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(private readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) this.starts.push(i + 1);
    }
  }

  /** [line, column] of offset `at`. */
  at(at: number): [number, number] {
    const s = this.starts;
    let lo = 0;
    let hi = s.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (s[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    let col = 1;
    for (let i = s[lo]!; i < at; i++) {
      const c = this.text.charCodeAt(i);
      if (c < 0xdc00 || c > 0xdfff) col++;
    }
    return [lo + 1, col];
  }
}

/** A fresh record to fill. */
export function newRecord(index: number, startLine: number): GameRecord {
  return {
    index,
    tags: Object.create(null) as Record<string, string>,
    tagList: [],
    moves: [],
    result: null,
    startLine,
    errors: [],
  };
}

export function setTag(rec: GameRecord, name: string, value: string): void {
  rec.tags[name] = value;
  rec.tagList.push([name, value]);
}

export function addMove(rec: GameRecord, text: string, where: [number, number], display?: string): void {
  const m: RecordMove = { text, line: where[0], column: where[1] };
  if (display !== undefined && display !== text) m.display = display;
  rec.moves.push(m);
}

export function addError(rec: GameRecord, message: string, where: [number, number]): void {
  const problem: RecordProblem = { code: 'record.malformed', detail: message };
  const e: RecordError = { problem, message: formatProblem(problem), line: where[0], column: where[1] };
  rec.errors.push(e);
}

/** `1-0`, `0-1`, `1/2-1/2`, `*` from the ways records write results, or null. */
export function normalResult(v: string): string | null {
  const t = v.trim();
  if (t === '1-0' || t === '0-1' || t === '1/2-1/2' || t === '*') return t;
  if (t === '½-½' || t === '1/2' || t === '=') return '1/2-1/2';
  return null;
}
