/**
 * The keyboard logic of the `play` screen as a pure reducer: a key press + the session in, the new
 * UI state and the command lines to run out. The Ink component only feeds keys and renders.
 *
 * Keys: printable characters edit the prompt (Backspace deletes, Esc clears the prompt and the
 * selection); Enter runs the prompt's text as a command — or, with an empty prompt, selects the
 * piece under the cursor (its destinations light up) / plays the selected piece to the cursor
 * (on the selected piece itself: a chu lion's pass and igui in the chooser, else it is let go);
 * arrow keys move the cursor (screen directions, also when the board is flipped); Ctrl-C and
 * Ctrl-D quit.
 */
import { isPass, isPromotion, moveMid, moveTo, type Move } from '../core/move.js';
import { pieceKind, pieceSide } from '../core/piece.js';
import type { Session } from './session.js';
import { parseSgrMouse } from './mouse.js';
import { escapeControls } from '../core/text.js';

export interface UiMessage {
  text: string;
  error: boolean;
}

export interface UiState {
  input: string;
  /** Square under the keyboard cursor (null until an arrow key is used). */
  cursor: number | null;
  /** Square of the piece selected with the cursor. */
  selected: number | null;
  messages: UiMessage[];
  /** A scrollable pane in place of the board and the move list (help, the games of a file), until Esc. */
  pane: Pane | null;
  /** Several moves go to the square clicked or chosen (promotion or not, lion routes): pick one. */
  choice: Choice | null;
}

export interface Choice {
  /** The destination's name, for the heading. */
  square: string;
  /** The heading instead of `several moves go to <square>:` (a lion staying on its square). */
  heading?: string;
  /** The moves as typed commands, and what each does. */
  moves: string[];
  labels: string[];
  index: number;
}

/**
 * The pane: lines to scroll through (↑/↓, PgUp/PgDn, Home/End), filtered by a search (`/`); a list
 * of games (`pick`) has a selected line, which Enter opens.
 */
export interface Pane {
  /** What the pane shows (`help`, `games.pgn: 1391 games`). */
  title: string;
  lines: string[];
  /** The games of this file: Enter runs `load <pick> N` for the selected line. */
  pick?: string;
  /** Indices (into `lines`) of the lines matching `query`, in order. */
  shown: number[];
  /** First shown line on screen (index into `shown`). */
  top: number;
  /** The selected line (index into `shown`), lists only. */
  sel: number;
  query: string;
  /** `/` was typed: keys edit the query until Enter or Esc. */
  searching: boolean;
}

/** A pane over `lines` (control characters of a file's tags written out, never sent raw), scrolled to the top. */
export function openPane(title: string, raw: string[], pick?: string): Pane {
  const lines = raw.map(escapeControls);
  return { title: escapeControls(title), lines, ...(pick !== undefined ? { pick } : {}), shown: lines.map((_, i) => i), top: 0, sel: 0, query: '', searching: false };
}

/** The lines matching a search: every word of the query in the line, any case. */
export function searchLines(lines: readonly string[], query: string): number[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const out: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!.toLowerCase();
    if (words.every((w) => l.includes(w))) out.push(i);
  }
  return out;
}

/** `top` moved so that the selection (lists) is on screen, and no empty rows past the end. */
function clampPane(p: Pane, rows: number): Pane {
  const n = p.shown.length;
  const sel = Math.min(Math.max(0, p.sel), Math.max(0, n - 1));
  let top = Math.min(Math.max(0, p.top), Math.max(0, n - rows));
  if (p.pick !== undefined) {
    if (sel < top) top = sel;
    if (sel >= top + rows) top = sel - rows + 1;
  }
  return { ...p, sel, top };
}

/** Keys while the pane is open; null: not a pane key (it edits the prompt). */
function reducePane(ui: UiState, p: Pane, input: string, key: KeyInfo, rows: number): UiStep | null {
  const set = (q: Pane): UiStep => ({ ui: { ...ui, pane: clampPane(q, rows) }, submit: [] });
  const list = p.pick !== undefined;
  const enter = key.return || input === '\r' || input === '\n' || input === '\r\n';
  if (p.searching) {
    if (key.escape) return set({ ...p, searching: false, query: '', shown: p.lines.map((_, i) => i), top: 0, sel: 0 });
    if (enter) return set({ ...p, searching: false });
    if (key.backspace || key.delete) {
      const query = [...p.query].slice(0, -1).join('');
      return set({ ...p, query, shown: searchLines(p.lines, query), top: 0, sel: 0 });
    }
    if (!key.ctrl && !key.meta && !key.upArrow && !key.downArrow && !key.pageUp && !key.pageDown) {
      const typed = [...input].filter((c) => c >= ' ' && c !== '\x7f').join('');
      if (typed) {
        const query = p.query + typed;
        return set({ ...p, query, shown: searchLines(p.lines, query), top: 0, sel: 0 });
      }
    }
  }
  // the prompt is empty: keys move around the pane; else they edit the prompt (and Enter runs it)
  const idle = ui.input === '';
  const by = (d: number): Pane => (list ? { ...p, sel: p.sel + d } : { ...p, top: p.top + d });
  if (key.upArrow) return set(by(-1));
  if (key.downArrow) return set(by(1));
  if (key.pageUp) return set({ ...by(-Math.max(1, rows - 1)), top: p.top - Math.max(1, rows - 1) });
  if (key.pageDown) return set({ ...by(Math.max(1, rows - 1)), top: p.top + Math.max(1, rows - 1) });
  if (idle && key.home) return set({ ...p, top: 0, sel: 0 });
  if (idle && key.end) return set({ ...p, top: p.shown.length, sel: p.shown.length - 1 });
  if (key.escape) {
    if (!idle) return { ui: { ...ui, input: '' }, submit: [] };
    if (p.query) return set({ ...p, query: '', shown: p.lines.map((_, i) => i), top: 0, sel: 0 });
    return { ui: { ...ui, pane: null }, submit: [] };
  }
  // `/` starts a search (what follows it in the same read, typed fast or pasted, is its text)
  if (idle && input.startsWith('/') && !key.ctrl && !key.meta) {
    const query = [...input.slice(1)].filter((c) => c >= ' ' && c !== '\x7f').join('');
    return set({ ...p, searching: true, query, shown: searchLines(p.lines, query), top: 0, sel: 0 });
  }
  if (idle && enter) {
    const at = p.shown[p.sel];
    if (list && at !== undefined) return { ui: { ...ui, pane: null }, submit: [`load ${p.pick} ${at + 1}`] };
    return { ui: { ...ui, pane: null }, submit: [] };
  }
  return null;
}

/** Only the fields of Ink's `Key` the reducer reads. */
export interface KeyInfo {
  upArrow?: boolean;
  downArrow?: boolean;
  leftArrow?: boolean;
  rightArrow?: boolean;
  return?: boolean;
  escape?: boolean;
  ctrl?: boolean;
  meta?: boolean;
  backspace?: boolean;
  home?: boolean;
  end?: boolean;
  pageUp?: boolean;
  pageDown?: boolean;
  delete?: boolean;
  tab?: boolean;
}

export interface UiStep {
  ui: UiState;
  /** Command lines to run, in order. */
  submit: string[];
  quit?: boolean;
}

export const MAX_MESSAGES = 6;

export const initialUi = (messages: UiMessage[] = []): UiState => ({
  input: '',
  cursor: null,
  selected: null,
  messages,
  pane: null,
  choice: null,
});

/**
 * The square a typed text starts with (`h2`, `h2e…`, `?h2`, `7g7…`), for live destination hints.
 * Lower case only: `C2.5` is a WXF cannon move, not the square c2.
 */
export function typedSquare(session: Session, input: string): number | null {
  const t = input.trim().replace(/^\?/, '');
  const m = session.game.squares.prefix.exec(t);
  return m ? session.parseSquare(m[0]) : null;
}

/** Squares to light up: the selection's destinations, else a typed square's, else the session's. */
export function highlightsFor(session: Session, ui: UiState): number[] {
  if (ui.selected !== null) return session.destinations(ui.selected);
  const sq = typedSquare(session, ui.input);
  if (sq !== null) {
    const p = session.pos.board[sq]!;
    if (p && pieceSide(p) === session.turn) return session.destinations(sq);
  }
  return session.highlights;
}

function moveCursor(session: Session, ui: UiState, dx: number, dy: number): number {
  const { width: W, height: H } = session.pos.variant.geometry;
  const from = ui.cursor ?? ui.selected;
  if (from === null) {
    // start in the middle of the bottom rank (the side at the bottom of the screen)
    const y = session.flipped ? H - 1 : 0;
    return y * W + Math.floor(W / 2);
  }
  const s = session.flipped ? -1 : 1;
  const x = Math.min(W - 1, Math.max(0, (from % W) + dx * s));
  const y = Math.min(H - 1, Math.max(0, Math.floor(from / W) + dy * s));
  return y * W + x;
}

const ownPiece = (session: Session, sq: number): boolean => {
  const p = session.pos.board[sq]!;
  return p !== 0 && pieceSide(p) === session.turn;
};

/** The name of the piece on a square (`lion`). */
const pieceName = (session: Session, sq: number): string => {
  const p = session.pos.board[sq]!;
  return session.pos.variant.pieces[pieceKind(p) - 1]?.name ?? 'piece';
};

/** The moves of the piece on `sq` that end where they started: a lion's pass and its igui (capture and return). */
const stayMoves = (session: Session, sq: number): Move[] => session.movesFrom(sq).filter((m) => moveTo(m) === sq);

/**
 * The selected piece chosen again (Enter on it, or a click): a lion's moves that stay on its square
 * (pass; capture on a neighbour and return, igui) in the chooser, else the piece is deselected.
 */
function pickStay(session: Session, ui: UiState, sq: number): UiStep {
  const stays = stayMoves(session, sq);
  if (stays.length === 0) return { ui: { ...ui, selected: null }, submit: [] };
  const labels = stays.map((m) => {
    const via = session.square(moveMid(m));
    const what = isPass(session.pos.board, m) ? `pass (through ${via}): it stays, the turn goes over` : `capture on ${via} and return (igui)`;
    return isPromotion(m) ? `${what}, promotes` : what;
  });
  const heading = `the ${pieceName(session, sq)} on ${session.square(sq)} stays on its square:`;
  return { ui: { ...ui, choice: { square: session.square(sq), heading, moves: stays.map((m) => session.typedText(m)), labels, index: 0 } }, submit: [] };
}

/** Enter on an empty prompt: select, deselect, or move the selected piece to the cursor. */
function pick(session: Session, ui: UiState): UiStep {
  const c = ui.cursor;
  if (c === null) return { ui, submit: [] };
  if (ui.selected !== null && c === ui.selected) return pickStay(session, ui, c);
  if (ui.selected !== null) {
    const moves = session.movesFrom(ui.selected).filter((m) => moveTo(m) === c);
    if (moves.length === 1) {
      return { ui: { ...ui, selected: null }, submit: [session.typedText(moves[0]!)] };
    }
    if (moves.length > 1) {
      const texts = moves.map((m) => session.typedText(m));
      const anyPromotes = moves.some((m) => isPromotion(m));
      const labels = moves.map((m) => {
        const mid = moveMid(m);
        const parts: string[] = [];
        if (mid >= 0) parts.push(`via ${session.square(mid)}`);
        if (isPromotion(m)) parts.push('promotes');
        else if (anyPromotes) parts.push('does not promote');
        return parts.join(', ');
      });
      return { ui: { ...ui, choice: { square: session.square(c), moves: texts, labels, index: 0 } }, submit: [] };
    }
    if (!ownPiece(session, c)) {
      const msg = `the piece on ${session.square(ui.selected)} cannot go to ${session.square(c)}`;
      return { ui: { ...ui, messages: [{ text: msg, error: true }] }, submit: [] };
    }
  }
  if (ownPiece(session, c)) {
    if (session.movesFrom(c).length === 0)
      return { ui: { ...ui, selected: null, messages: [{ text: `the piece on ${session.square(c)} has no legal moves`, error: true }] }, submit: [] };
    // a lion that can stay on its square: how to say so (the same square again)
    if (stayMoves(session, c).length > 0) {
      const text = `the ${pieceName(session, c)} on ${session.square(c)}: choose it again (click, or Enter) to pass or to capture and return (igui); Esc deselects`;
      return { ui: { ...ui, selected: c, messages: [{ text, error: false }] }, submit: [] };
    }
    return { ui: { ...ui, selected: c }, submit: [] };
  }
  return { ui: { ...ui, messages: [{ text: `select a ${session.sideName(session.turn)} piece`, error: true }] }, submit: [] };
}

/** The chooser as panel lines. */
export function choiceLines(c: Choice): string[] {
  return [
    c.heading ?? `several moves go to ${c.square}:`,
    ...c.moves.map((m, i) => `${i === c.index ? '>' : ' '} ${i + 1}  ${m}${c.labels[i] ? `  (${c.labels[i]})` : ''}`),
    `1-${c.moves.length}, or ↑↓ and Enter; Esc: none`,
  ];
}

/** Keys while the chooser is open: a digit or Enter picks, arrows move, Esc (or any other key) closes it. */
function reduceChoice(ui: UiState, c: Choice, input: string, key: KeyInfo): UiStep | null {
  const close = { ...ui, choice: null, selected: null };
  if (key.upArrow || key.downArrow) {
    const n = c.moves.length;
    return { ui: { ...ui, choice: { ...c, index: (c.index + (key.upArrow ? n - 1 : 1)) % n } }, submit: [] };
  }
  if (key.return || input === '\r' || input === '\n') return { ui: close, submit: [c.moves[c.index]!] };
  if (/^[1-9]$/.test(input) && Number(input) <= c.moves.length) return { ui: close, submit: [c.moves[Number(input) - 1]!] };
  if (key.escape) return { ui: close, submit: [] };
  return null;
}

/**
 * The board square under a mouse report's screen cell (1-based column and row), from the App's
 * map of the drawn board; null: not on a square.
 */
export type HitTest = (column: number, row: number) => number | null;

/** The board's key options (its settings). */
export interface KeyOptions {
  /** h j k l move the cursor (while it is shown and the prompt is empty), as vim's normal mode. */
  vim?: boolean;
  /** A game under review (a loaded record, or moves to redo): space, + and - drive autoplay. */
  review?: boolean;
}

/**
 * One key. `paneRows`: the lines the pane shows at once (the App's layout), for PgUp/PgDn; with
 * the pane open, keys scroll it (see reducePane) and typed text still goes to the prompt.
 */
export function reduceKey(session: Session, ui: UiState, input: string, key: KeyInfo, hit?: HitTest, paneRows = 10, opts: KeyOptions = {}): UiStep {
  if (key.ctrl && (input === 'c' || input === 'd')) return { ui, submit: [], quit: true };
  const mouse = parseSgrMouse(input);
  if (ui.pane && mouse) return { ui: mouse.press ? { ...ui, pane: null } : ui, submit: [] };
  // vim keys in a pane and in the chooser (the prompt empty): j and k as ↓ and ↑
  const vimDown = opts.vim && ui.input === '' && !key.ctrl && !key.meta && (input === 'j' || input === 'k') && !ui.pane?.searching;
  if (vimDown && (ui.pane || ui.choice)) return reduceKey(session, ui, '', input === 'j' ? { downArrow: true } : { upArrow: true }, hit, paneRows, opts);
  if (ui.pane) {
    const p = ui.pane;
    const step = reducePane(ui, p, input, key, Math.max(1, paneRows));
    if (step) return step;
    // not a pane key: it edits the prompt below the pane (Enter runs it and closes the pane)
    const enter = key.return || input === '\r' || input === '\n' || input === '\r\n';
    if (enter && ui.input.trim() !== '') {
      if (fenGoesOn(ui.input)) return { ui, submit: [] };
      return { ui: { ...ui, input: '', pane: null }, submit: [ui.input] };
    }
    if (key.backspace || key.delete) return { ui: { ...ui, input: [...ui.input].slice(0, -1).join('') }, submit: [] };
    if (key.ctrl || key.meta || key.tab || key.leftArrow || key.rightArrow || enter) return { ui, submit: [] };
    let text = ui.input;
    const submit: string[] = [];
    for (const ch of input) {
      if (ch === '\r' || ch === '\n') {
        if (text.trim()) submit.push(text);
        text = '';
      } else if (ch >= ' ' && ch !== '\x7f') text += ch;
    }
    return { ui: { ...ui, input: text, pane: submit.length ? null : ui.pane }, submit };
  }
  if (mouse) {
    // a left-button press on a square: as the cursor and Enter (select, then move); the rest is ignored
    if (!mouse.press || mouse.button !== 0) return { ui, submit: [] };
    const sq = hit?.(mouse.x, mouse.y) ?? null;
    if (sq === null) return { ui: ui.choice ? { ...ui, choice: null } : ui, submit: [] };
    // the selected piece clicked again while the chooser is open: none, and the piece is let go
    if (ui.choice && sq === ui.selected) return { ui: { ...ui, choice: null, selected: null, cursor: sq }, submit: [] };
    return pick(session, { ...ui, choice: null, input: '', cursor: sq });
  }
  if (ui.choice) {
    const step = reduceChoice(ui, ui.choice, input, key);
    if (step) return step;
    ui = { ...ui, choice: null };
  }
  const plain = ui.input === '' && !key.ctrl && !key.meta;
  // a game under review, the prompt empty: space plays or pauses its moves, + and - change the speed
  // (several in one read, as a held + arrives while autoplay draws: each one, none typed)
  if (opts.review && plain && /^[ +-]+$/.test(input)) {
    return { ui, submit: [...input].map((c) => (c === ' ' ? 'autoplay' : c === '+' ? 'autoplay faster' : 'autoplay slower')) };
  }
  // vim keys: while the cursor is shown and the prompt is empty (else they are typed: h2e2)
  if (opts.vim && plain && ui.cursor !== null && /^[hjkl]+$/.test(input)) {
    let at = ui;
    for (const c of input) {
      const [dx, dy] = c === 'h' ? [-1, 0] : c === 'l' ? [1, 0] : c === 'k' ? [0, 1] : [0, -1];
      at = { ...at, cursor: moveCursor(session, at, dx!, dy!) };
    }
    return { ui: at, submit: [] };
  }
  // reviewing (the computer paused, or no computer) with the cursor hidden: ←/→ step, Home/End jump
  const stepping = ui.cursor === null && ui.input === '' && (session.paused || !session.players.includes('computer'));
  if (stepping && (key.leftArrow || key.rightArrow || key.home || key.end)) {
    const line = key.leftArrow ? 'undo' : key.rightArrow ? 'redo' : key.home ? 'undo 100000' : 'redo 100000';
    const none = key.leftArrow || key.home ? session.history.length === 0 : session.redoStack.length === 0;
    return { ui, submit: none ? [] : [line] };
  }
  if (key.upArrow) return { ui: { ...ui, cursor: moveCursor(session, ui, 0, 1) }, submit: [] };
  if (key.downArrow) return { ui: { ...ui, cursor: moveCursor(session, ui, 0, -1) }, submit: [] };
  if (key.leftArrow) return { ui: { ...ui, cursor: moveCursor(session, ui, -1, 0) }, submit: [] };
  if (key.rightArrow) return { ui: { ...ui, cursor: moveCursor(session, ui, 1, 0) }, submit: [] };
  // Esc clears the prompt and the selection; with neither, it hides the cursor (←/→ step again),
  // or, with vim keys and nothing left to clear (no message either), shows a hidden one (h j k l move it then)
  if (key.escape && opts.vim && ui.input === '' && ui.selected === null && ui.cursor === null && ui.messages.length === 0)
    return { ui: { ...ui, messages: [], cursor: moveCursor(session, ui, 0, 0) }, submit: [] };
  if (key.escape) return { ui: { ...ui, input: '', selected: null, messages: [], cursor: ui.input === '' && ui.selected === null ? null : ui.cursor }, submit: [] };
  if (key.backspace || key.delete) return { ui: { ...ui, input: [...ui.input].slice(0, -1).join('') }, submit: [] };
  // a lone "\n" is Enter too (keys typed before the terminal switched to raw mode arrive cooked)
  if (key.return || input === '\r' || input === '\n' || input === '\r\n') {
    if (ui.input.trim() === '') return pick(session, ui);
    if (fenGoesOn(ui.input)) return { ui, submit: [] };
    return { ui: { ...ui, input: '', selected: null }, submit: [ui.input] };
  }
  if (key.ctrl || key.meta || key.tab) return { ui, submit: [] };
  // typed or pasted text; a pasted line break submits what came before it
  let text = ui.input;
  const submit: string[] = [];
  for (const ch of input) {
    if (ch === '\r' || ch === '\n') {
      if (fenGoesOn(text)) continue; // a FEN pasted in pieces (as a long one is shown): joined
      if (text.trim()) submit.push(text);
      text = '';
    } else if (ch >= ' ' && ch !== '\x7f') text += ch;
  }
  return { ui: { ...ui, input: text, selected: submit.length ? null : ui.selected }, submit };
}

/**
 * `fen …/`: a FEN whose ranks go on (it ends between ranks), as the board shows a FEN too wide for
 * the terminal (Screen's breakFen); Enter or a pasted line break then waits for the rest.
 */
export function fenGoesOn(line: string): boolean {
  return /^\s*fen\s+\S*\/$/i.test(line);
}

/**
 * The UI after a command ran: its output in the message area (errors marked, the last few lines),
 * or, for `help` and a file's list of games (`pick`: the file), in the pane.
 */
export function afterCommand(ui: UiState, line: string, out: string[], err: string[], panel = false, pick?: string): UiState {
  if ((panel || /^\s*(help|\?)\s*$/i.test(line)) && err.length === 0) {
    const pane =
      pick !== undefined
        ? openPane(`${pick}: ${out.length - 1} games`, out.slice(1), pick)
        : openPane(/^\s*(help|\?)\s*$/i.test(line) ? 'help' : line.trim(), out);
    return { ...ui, messages: [], pane };
  }
  return withMessages(ui, out, err);
}

/** Adds output to the message area (errors marked), keeping the last few lines. */
export function withMessages(ui: UiState, out: string[], err: string[]): UiState {
  const lines = [...out.map((text) => ({ text, error: false })), ...err.map((text) => ({ text, error: true }))];
  return { ...ui, messages: lines.slice(-MAX_MESSAGES) };
}
