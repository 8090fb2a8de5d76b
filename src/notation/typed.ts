/**
 * Moves as people type them (play, repl, `show --moves`), read the way `validate` reads a record's
 * movetext: move numbers (`1.`, `1...`, `12…`, glued `1.h2e2`, `1...h9g7`) are dropped, trailing
 * annotation glyphs (`!`, `?`, `!?`, full-width `！？`) and NAGs (`$1`) are removed, and a check or
 * mate mark (`+`, `#`) is removed when the text without it is shaped like a move and the text with
 * it is not (so chu's promotion `+` in `7g7f+` or `P-7d+` stays).
 */
import type { Game } from '../games/game.js';

const NUMBER_PUNCT = /^[.．。、…]+$/;

/** The words of a typed line that are moves (move numbers dropped), with annotations removed. */
export function typedMoveWords(text: string): string[] {
  const out: string[] = [];
  for (const w of text.split(/\s+/)) {
    if (w === '') continue;
    const t = stripAnnotations(w);
    if (t === '') continue;
    if (/^[0-9０-９]+$/.test(t) || /^[0-9０-９]+[.．。、…]+$/.test(t) || NUMBER_PUNCT.test(t)) continue;
    const glued = /^([0-9０-９]+)([.．。、…]+)(.+)$/.exec(t);
    // `15.6` is a WXF pawn move in index form, not move 15 then "6"
    if (glued && !(glued[2]!.length === 1 && /^[0-9０-９]$/.test(glued[3]!))) {
      out.push(glued[3]!);
      continue;
    }
    out.push(t);
  }
  return out;
}

function stripAnnotations(w: string): string {
  let t = w;
  for (;;) {
    const next = t.replace(/[!?！？]+$/, '').replace(/\$[0-9]+$/, '');
    if (next === t) return t;
    t = next;
  }
}

/** The move text without a trailing check/mate mark the game's notations do not use there. */
export function withoutCheckMark(game: Game, text: string): string {
  const m = /^(.*?)([+#＋＃]+)$/.exec(text);
  if (!m || m[1] === '' || game.classifyMove(text) !== null) return text;
  return game.classifyMove(m[1]!) !== null ? m[1]! : text;
}
