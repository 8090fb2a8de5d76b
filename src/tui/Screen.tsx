/** The `play` screen, presentational only: everything it shows comes in through props. */
import { memo } from 'react';
import { Box, Text } from 'ink';
import { stringWidth } from '../render/width.js';
import type { LayoutChoice } from '../render/layout.js';
import type { Pane, UiMessage } from './ui.js';
import type { ScreenColors } from './paint.js';

export interface ScreenProps {
  title: string;
  /** Who plays which side (the placeholder computer is named as such). */
  players: string;
  /** Both clocks (`red 4:58 · black ▶ 5:00`), or null without a time control. */
  clock?: string | null;
  board: string[];
  /** Move list rows ("1. h2e2 h9g7"), the last ones that fit are shown. */
  moves: string[];
  /**
   * Where the moves after the current ply begin in `moves` (a game under review, → replays them):
   * those are drawn dimmed, and the rows shown are the ones around the current ply.
   */
  ahead?: { row: number; column: number } | null;
  /** Shown instead of the move list when set (the chooser of several moves to one square). */
  panel?: string[] | null;
  /** A scrollable pane in place of the board and the move list (help, a file's list of games). */
  pane?: Pane | null;
  /** The game is over: the key help says how to go on instead of "type a move". */
  over?: boolean;
  status: string;
  messages: UiMessage[];
  input: string;
  /** Extra status (thinking, cursor square, autosave problems). */
  note?: string;
  /** Example moves for the key help (the game's own notations), and an example square. */
  examples?: readonly string[];
  square?: string;
  /** The key help's lines instead of play's (the puzzle trainer's keys). */
  keys?: readonly string[];
  /** Use colour (off for --no-color / NO_COLOR / non-TTY). */
  color: boolean;
  /**
   * The layout chosen for the terminal (render/layout.ts `chooseLayout`, the board already drawn in
   * it): where the move panel goes and how many optional lines (note, messages, key help) fit. When
   * it does not fit, the screen is its one-line message. Absent: panel beside, every line shown.
   */
  fit?: LayoutChoice;
  // ---- the board's extras (themes, material, evaluation bar) ----
  /** The theme's colours of the note, errors and the bar (with `color`); absent: classic. */
  colors?: ScreenColors;
  /** The material balance and the captured pieces (material.ts): at the top of the panel beside the board, else one line when a row is spare. */
  material?: string[] | null;
  /** The evaluation bar beside the board: the share (0–1) of the side at the bottom of the board. */
  bar?: { share: number; bottom?: 0 | 1 } | null;
}

/** The rows of a vertical evaluation bar, top to bottom: true where the bottom side's part is. */
export function barCells(share: number, rows: number): boolean[] {
  const filled = Math.round(Math.min(1, Math.max(0, share)) * rows);
  return Array.from({ length: rows }, (_, i) => i >= rows - filled);
}

/** The rows "1. h2e2 h9g7" packed side by side into lines of at most `columns` (for a panel below). */
/** A line word-wrapped to `width` columns (continuations indented like the line). */
export function wrapTo(line: string, width: number): string[] {
  if (stringWidth(line) <= width) return [line];
  const indent = ' '.repeat(Math.min(22, /^ */.exec(line)![0].length + 4));
  const out: string[] = [];
  let cur = '';
  for (const word of line.split(/(?<=\S) +/)) {
    const next = cur ? `${cur} ${word}` : word;
    if (cur && stringWidth(next) > width) {
      out.push(cur);
      cur = indent + word.trimStart();
    } else cur = next;
  }
  if (cur) out.push(cur);
  return out;
}

/**
 * A line of help wrapped to `width` columns, its spacing kept: broken at the last space that fits,
 * each continuation indented to where the line's text after its first wide gap begins (the
 * description column of `  undo [n], redo [n]  take back …`).
 */
export function wrapHelp(line: string, width: number): string[] {
  if (stringWidth(line) <= width) return [line];
  const gap = /^(\s*\S.*?\s{2,})\S/.exec(line);
  const lead = /^ */.exec(line)![0].length;
  const indent = ' '.repeat(Math.min(Math.floor(width / 2), gap ? gap[1]!.length : lead + 4));
  const out: string[] = [];
  let rest = line;
  while (stringWidth(rest) > width) {
    // the last space within the width (by display width)
    let cut = -1;
    let w = 0;
    for (let i = 0; i < rest.length; i++) {
      w += stringWidth(rest[i]!);
      if (w > width) break;
      if (rest[i] === ' ' && i > indent.length) cut = i;
    }
    if (cut <= 0) break;
    out.push(rest.slice(0, cut).trimEnd());
    rest = indent + rest.slice(cut + 1).trimStart();
  }
  out.push(rest);
  return out;
}

/**
 * A FEN/SFEN wider than `columns` (a chu SFEN is 121–127 characters, more than a 120-column
 * terminal) broken between ranks, each line but the last ending in `/`, instead of wrapped at an
 * arbitrary character; the play prompt joins such pieces again when they are pasted back (ui.ts).
 * Any other text, or a FEN that fits, is returned as it is.
 */
export function breakFen(text: string, columns: number): string[] {
  if (stringWidth(text) <= columns || !/^[^\s/]+(\/[^\s/]*){4,}(\s.*)?$/.test(text)) return [text];
  const out: string[] = [];
  let cur = '';
  for (const piece of text.split(/(?<=\/)/)) {
    if (cur && stringWidth(cur + piece) > columns) {
      out.push(cur);
      cur = piece;
    } else cur += piece;
  }
  if (cur) out.push(cur);
  return out;
}

export function packRows(rows: string[], columns: number): string[] {
  return packRowsAt(rows, columns).lines;
}

/** packRows, and where each row went (line, column), to find a place in the packed lines. */
export function packRowsAt(rows: string[], columns: number): { lines: string[]; at: { line: number; column: number }[] } {
  const out: string[] = [];
  const at: { line: number; column: number }[] = [];
  for (const r of rows) {
    const last = out.length - 1;
    if (last >= 0 && out[last]!.length + 3 + r.length <= columns) {
      at.push({ line: last, column: out[last]!.length + 3 });
      out[last] += '   ' + r;
    } else {
      at.push({ line: out.length, column: 0 });
      out.push(r);
    }
  }
  return { lines: out, at };
}

/** The key help under the prompt; `examples`: one move of the position in the game's notations, `square` where it starts. */
export function footer(examples: readonly string[], square: string, over = false): string[] {
  const [first, ...others] = examples;
  const move = first === undefined ? 'type a move' : `type a move: ${first}${others.length ? ` (also ${others.join(' or ')})` : ''} · ?${square} its moves`;
  return [
    over ? 'the game is over · ←/→ or undo: look back · space: autoplay · new: a new game · load F: open a record' : `${move} · arrows/hjkl/mouse, Enter: select and move`,
    'undo · redo · ←/→ step · flip · new · save F · load F · resign · draw · players · help · quit',
  ];
}

/**
 * Rows of the area a pane takes (the board's and the move panel's, up to the status line) for a
 * layout; null: no terminal size (every line is shown).
 */
export function paneArea(fit: LayoutChoice | undefined): number | null {
  if (!fit?.fits) return null;
  return fit.board.rows + (fit.panel === 'below' ? fit.panelSize.rows : fit.spareRows);
}

/** Lines of a pane's list on screen: its area less the two heading lines. */
export function paneListRows(fit: LayoutChoice | undefined): number {
  const area = paneArea(fit);
  return area === null ? 10_000 : Math.max(1, area - 2);
}

/** A pane: the heading (what, which lines), the keys (or the search being typed), the lines in view. */
export function paneLines(p: Pane, rows: number): { text: string; selected: boolean; heading?: boolean }[] {
  const n = p.shown.length;
  const top = Math.min(Math.max(0, p.top), Math.max(0, n - rows));
  const end = Math.min(n, top + rows);
  const list = p.pick !== undefined;
  const range = n === 0 ? 'none' : `${top + 1}–${end} of ${n}`;
  const matched = p.query ? ` matching “${p.query}”` : '';
  const head = `${p.title} · ${range}${matched}`;
  const keys = p.searching
    ? `search (player, event, date): ${p.query}_ · Enter: done · Esc: clear`
    : `↑↓ PgUp PgDn: scroll · / search${list ? ' · Enter: open the game' : ''} · Esc: back`;
  const out: { text: string; selected: boolean; heading?: boolean }[] = [
    { text: head, selected: false, heading: true },
    { text: keys, selected: false, heading: true },
  ];
  for (let k = top; k < end; k++) {
    const line = p.lines[p.shown[k]!]!;
    out.push({ text: list ? `${k === p.sel ? '>' : ' '} ${line}` : line, selected: list && k === p.sel });
  }
  if (n === 0) out.push({ text: p.query ? `no line matches “${p.query}”` : '(empty)', selected: false });
  return out;
}

/** The last messages that fit in `rows` rows of `columns` (a long line wraps); at least the last one. */
function fitMessages(messages: UiMessage[], rows: number, columns: number): { shown: UiMessage[]; rows: number; cut: boolean } {
  let used = 0;
  let k = messages.length;
  while (k > 0) {
    const m = messages[k - 1]!;
    const r = Math.max(1, Math.ceil(stringWidth((m.error ? 'error: ' : '') + m.text) / columns));
    if (used + r > rows) break;
    used += r;
    k--;
  }
  if (k === messages.length && messages.length > 0) return { shown: messages.slice(-1), rows: Math.min(rows, 1), cut: true };
  return { shown: messages.slice(k), rows: used, cut: false };
}

/**
 * The board's rows, drawn again only when their lines are another array: App hands the same array
 * while the board looks the same (a key typed in the prompt does not rebuild the board's elements).
 */
const BoardRows = memo(function BoardRows({ lines }: { lines: readonly string[] }) {
  return (
    <Box flexDirection="column" flexShrink={0}>
      {lines.map((line, i) => (
        <Text key={i} wrap="truncate">
          {line}
        </Text>
      ))}
    </Box>
  );
});

export function Screen(p: ScreenProps) {
  const fit = p.fit;
  if (fit && !fit.fits) return <Text wrap="truncate">{fit.message}</Text>;
  const place = fit ? fit.panel : 'beside';
  const columns = fit ? fit.terminal.columns : Infinity;
  // optional lines, most important first, as many as fit: the note (thinking, eval), more message
  // rows, the key help; one message row is always there (reserved), blank without a message
  let spare = fit ? fit.spareRows : Infinity;
  const pane = p.pane ?? null;
  const noteColor = p.color ? (p.colors ? p.colors.note : 'yellow') : undefined;
  const errorColor = p.color ? (p.colors ? p.colors.error : 'red') : undefined;
  // the bar's colours: the side at the bottom first
  const sideColors = p.color ? (p.colors?.bar ?? ['red', 'white']) : [undefined, undefined];
  const barColors = p.bar?.bottom === 1 ? [sideColors[1], sideColors[0]] : sideColors;
  // the players line and the key help: dim, unless the theme dims nothing (high-contrast)
  const dimText = p.color && !p.colors?.noDim;
  const bar = p.bar && !pane && (place === 'beside' || !fit) ? barCells(p.bar.share, p.board.length) : null;
  // the note: a row of its own when there is room; else at the foot of the panel beside the
  // board; else in the message row when no message is there
  // (the moves below the board give up a row for it when they have more than two)
  const below = place === 'below';
  const noteTakesPanelRow = !!p.note && spare < 1 && !pane && below && fit!.panelSize.rows - fit!.spareRows >= 3;
  const noteRow = p.note && (spare >= 1 || noteTakesPanelRow) && !pane ? [p.note] : [];
  if (!noteTakesPanelRow) spare -= noteRow.length;
  const room = fit && place === 'beside' ? Math.max(20, fit.terminal.columns - Math.max(0, ...p.board.map((l) => stringWidth(l))) - 2 - (bar ? 2 : 0)) : Infinity;
  const noteBeside = p.note && !noteRow.length && !pane && fit && place === 'beside' ? wrapTo(p.note, room).slice(0, 3) : [];
  const noteInMessages = p.note && !noteRow.length && !noteBeside.length && !pane && p.messages.length === 0;
  const note = noteInMessages ? [p.note] : noteRow;
  const msg = fit ? fitMessages(p.messages, 1 + Math.max(0, spare), columns) : { shown: p.messages, rows: p.messages.length, cut: false };
  if (fit) spare -= Math.max(0, msg.rows - 1);
  const help = pane ? [] : p.keys ? p.keys.filter((l) => l !== '') : footer(p.examples ?? ['h2e2', 'C2.5', '炮二平五'], p.square ?? 'h2', p.over);
  const footerLines = fit ? (spare >= help.length ? help : []) : help;
  if (fit) spare -= footerLines.length;
  // the material: beside the board (when the moves keep 3 rows), else one line in a spare row
  const materialAll = pane || !p.material?.length ? [] : p.material;
  const materialBeside = !below && place !== 'none' && !p.panel ? materialAll.filter((_, i) => Math.max(5, p.board.length) - noteBeside.length - (i + 1) >= 4) : [];
  const materialRow = !materialBeside.length && materialAll.length && (!fit || spare >= 1) ? [materialAll.join(' · ')] : [];
  if (fit) spare -= materialRow.length;
  // no row for it below the board: after the moves' heading, as far as it fits
  const materialInHeading = below && !materialRow.length && materialAll.length ? materialAll.join(' · ') : '';
  // the panel: beside the board as tall as the board; below it, the rows left over
  const panelRows = below ? fit!.panelSize.rows - (fit!.spareRows - Math.max(0, spare)) - (noteTakesPanelRow ? 1 : 0) : Math.max(5, p.board.length) - noteBeside.length - materialBeside.length;
  const packing = below ? packRowsAt(p.moves, fit!.panelSize.columns) : { lines: p.moves, at: p.moves.map((_, i) => ({ line: i, column: 0 })) };
  const packed = packing.lines;
  // where the moves ahead begin in the packed lines
  const ahead = p.ahead ? { line: packing.at[p.ahead.row]!.line, column: packing.at[p.ahead.row]!.column + p.ahead.column } : null;
  const listRows = Math.max(1, panelRows - 1);
  const window = (rows: number): { from: number; to: number } => {
    // under review: the rows around the current ply (a few moves ahead in view); else the last ones
    const to = ahead ? Math.min(packed.length, Math.max(rows, ahead.line + 1 + Math.floor((rows - 1) / 2))) : packed.length;
    return { from: Math.max(0, to - rows), to };
  };
  let win = window(listRows);
  let skipped = win.from;
  if (skipped > 0 && !below) {
    win = window(listRows - 1);
    skipped = win.from;
  }
  const moveRow = (row: string, k: number) => {
    if (!ahead || k < ahead.line) return row;
    const at = k === ahead.line ? ahead.column : 0;
    return (
      <>
        {row.slice(0, at)}
        <Text dimColor={p.color}>{row.slice(at)}</Text>
      </>
    );
  };
  // the panel beside the board: long lines (the chooser) wrapped to the room beside it, never cut
  const panelLines = p.panel ? p.panel.flatMap((l) => wrapTo(l, room)) : null;
  const panelBox =
    place === 'none' ? null : panelLines ? (
      <Box flexDirection="column" marginLeft={below ? 0 : 2}>
        {panelLines.slice(0, below ? Math.max(1, panelRows) : undefined).map((row, i) => (
          <Text key={i} wrap="truncate">
            {row}
          </Text>
        ))}
      </Box>
    ) : (
      <Box flexDirection="column" marginLeft={below ? 0 : 2}>
        {materialBeside.map((l, i) => (
          <Text key={`m${i}`} wrap="truncate">
            {l}
          </Text>
        ))}
        <Text wrap="truncate">
          <Text underline={p.color}>
            moves{below && skipped > 0 ? ` (… ${skipped} earlier ${skipped === 1 ? 'line' : 'lines'})` : ''}
          </Text>
          {materialInHeading ? `   ${materialInHeading}` : ''}
        </Text>
        {!below && skipped > 0 ? <Text dimColor={p.color}>… {skipped} earlier</Text> : null}
        {packed.slice(win.from, win.to).map((row, i) => (
          <Text key={i} wrap="truncate">
            {moveRow(row, win.from + i)}
          </Text>
        ))}
        {noteBeside.length ? <Box flexGrow={1} /> : null}
        {noteBeside.map((l, i) => (
          <Text key={`n${i}`} color={noteColor} wrap="truncate">
            {l}
          </Text>
        ))}
      </Box>
    );
  const body = pane ? (
    <Box flexDirection="column">
      {paneLines(pane, paneListRows(fit)).map((l, i) => (
        <Text key={i} wrap="truncate" bold={p.color && i === 0} dimColor={p.color && i === 1} inverse={p.color && l.selected}>
          {l.text}
        </Text>
      ))}
    </Box>
  ) : (
    <Box flexDirection={below ? 'column' : 'row'}>
      <BoardRows lines={place === 'none' && p.panel ? p.panel.slice(0, p.board.length) : p.board} />
      {bar ? (
        <Box flexDirection="column" flexShrink={0} marginLeft={1}>
          {bar.map((bottom, i) => (
            <Text key={`b${i}`} color={bottom ? barColors[0] : barColors[1]}>
              {bottom ? '█' : '░'}
            </Text>
          ))}
        </Box>
      ) : null}
      {panelBox}
    </Box>
  );
  const area = paneArea(fit);
  return (
    <Box flexDirection="column" width={fit ? fit.terminal.columns : undefined}>
      <Text bold={p.color} wrap="truncate">
        {p.title}
      </Text>
      <Text dimColor={dimText} wrap="truncate">
        {p.players}
      </Text>
      {p.clock ? (
        <Text bold={p.color} wrap="truncate">
          {p.clock}
        </Text>
      ) : null}
      {pane && area !== null ? (
        <Box flexDirection="column" height={area}>
          {body}
        </Box>
      ) : (
        body
      )}
      {materialRow.map((l) => (
        <Text key="material" wrap="truncate">
          {l}
        </Text>
      ))}
      <Text bold={p.color} wrap={fit ? 'truncate' : 'wrap'}>
        {p.status}
      </Text>
      {note.length ? (
        <Text color={noteColor} wrap={fit ? 'truncate' : 'wrap'}>
          {note[0]}
        </Text>
      ) : null}
      {msg.shown.flatMap((m, i) =>
        (m.error || !fit || msg.cut ? [m.text] : breakFen(m.text, fit.terminal.columns)).map((text, j) => (
          <Text key={`${i}.${j}`} color={m.error ? errorColor : undefined} wrap={msg.cut ? 'truncate-end' : 'wrap'}>
            {m.error && j === 0 ? 'error: ' : ''}
            {text}
          </Text>
        )),
      )}
      {fit && msg.shown.length === 0 && !noteInMessages ? <Text> </Text> : null}
      <Text>
        {'> '}
        {p.input}
        <Text inverse={p.color}>{p.color ? ' ' : '_'}</Text>
      </Text>
      {footerLines.map((line, i) => (
        <Text key={`f${i}`} dimColor={dimText} wrap={fit ? 'truncate' : 'wrap'}>
          {line}
        </Text>
      ))}
    </Box>
  );
}
