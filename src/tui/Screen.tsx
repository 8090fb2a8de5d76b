/** The `play` screen, presentational only: everything it shows comes in through props. */
import { Box, Text } from 'ink';
import { stringWidth } from '../render/width.js';
import type { LayoutChoice } from '../render/layout.js';
import type { UiMessage } from './ui.js';

export interface ScreenProps {
  title: string;
  /** Who plays which side (the placeholder computer is named as such). */
  players: string;
  /** Both clocks (`red 4:58 · black ▶ 5:00`), or null without a time control. */
  clock?: string | null;
  board: string[];
  /** Move list rows ("1. h2e2 h9g7"), the last ones that fit are shown. */
  moves: string[];
  /** Shown instead of the move list when set (help). */
  panel?: string[] | null;
  status: string;
  messages: UiMessage[];
  input: string;
  /** Extra status (thinking, cursor square, autosave problems). */
  note?: string;
  /** Example moves for the key help (the game's own notations), and an example square. */
  examples?: readonly string[];
  square?: string;
  /** Use colour (off for --no-color / NO_COLOR / non-TTY). */
  color: boolean;
  /**
   * The layout chosen for the terminal (render/layout.ts `chooseLayout`, the board already drawn in
   * it): where the move panel goes and how many optional lines (note, messages, key help) fit. When
   * it does not fit, the screen is its one-line message. Absent: panel beside, every line shown.
   */
  fit?: LayoutChoice;
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
  const out: string[] = [];
  for (const r of rows) {
    const last = out.length - 1;
    if (last >= 0 && out[last]!.length + 3 + r.length <= columns) out[last] += '   ' + r;
    else out.push(r);
  }
  return out;
}

/** The key help under the prompt; `examples`: moves of the game on screen, `square` one of its squares. */
export function footer(examples: readonly string[], square: string): string[] {
  return [
    `type a move (${examples.join(', ')}) · ?${square} its moves · arrows/mouse, Enter: select and move`,
    'undo · redo · ←/→ step · flip · new · save F · load F · resign · draw · players · help · quit',
  ];
}

export function Screen(p: ScreenProps) {
  const fit = p.fit;
  if (fit && !fit.fits) return <Text wrap="truncate">{fit.message}</Text>;
  const place = fit ? fit.panel : 'beside';
  // optional lines, most important first, as many as fit
  let spare = fit ? fit.spareRows : Infinity;
  const columns = fit ? fit.terminal.columns : Infinity;
  // the last items of xs whose rows (a long line wraps) fit
  const take = <T,>(xs: T[], text: (x: T) => string = String): T[] => {
    let k = xs.length;
    while (k > 0) {
      const rows = Math.max(1, Math.ceil(stringWidth(text(xs[k - 1]!)) / columns));
      if (rows > spare) break;
      spare -= rows;
      k--;
    }
    return xs.slice(k);
  };
  const note = p.note ? take([p.note]) : [];
  const messages = take(p.messages, (m) => (m.error ? 'error: ' : '') + m.text);
  const help = footer(p.examples ?? ['h2e2', 'C2.5', '炮二平五'], p.square ?? 'h2');
  const footerLines = fit && spare < help.length ? [] : take(help);
  const below = place === 'below';
  // the panel: beside the board as tall as the board; below it, the rows left over
  const panelRows = below ? fit!.panelSize.rows - (fit!.spareRows - Math.max(0, spare)) : Math.max(5, p.board.length);
  const packed = below ? packRows(p.moves, fit!.panelSize.columns) : p.moves;
  const listRows = Math.max(1, panelRows - 1);
  let shown = packed.slice(-listRows);
  let skipped = packed.length - shown.length;
  if (skipped > 0 && !below) {
    shown = packed.slice(-(listRows - 1));
    skipped = packed.length - shown.length;
  }
  // the panel beside the board: long lines (help) wrapped to the room beside it, never cut
  const room = fit && !below ? Math.max(20, fit.terminal.columns - Math.max(0, ...p.board.map((l) => stringWidth(l))) - 2) : Infinity;
  const panelLines = p.panel ? p.panel.flatMap((l) => wrapTo(l, room)) : null;
  const panelBox =
    place === 'none' ? null : panelLines ? (
      <Box flexDirection="column" marginLeft={below ? 0 : 2}>
        {panelLines.slice(0, below ? Math.max(1, panelRows - 1) : undefined).map((row, i) => (
          <Text key={i} wrap="truncate">
            {row}
          </Text>
        ))}
        <Text dimColor={p.color}>(any key: back to the moves)</Text>
      </Box>
    ) : (
      <Box flexDirection="column" marginLeft={below ? 0 : 2}>
        <Text underline={p.color}>
          moves{below && skipped > 0 ? ` (… ${skipped} earlier ${skipped === 1 ? 'line' : 'lines'})` : ''}
        </Text>
        {!below && skipped > 0 ? <Text dimColor={p.color}>… {skipped} earlier</Text> : null}
        {shown.map((row, i) => (
          <Text key={i} wrap="truncate">
            {row}
          </Text>
        ))}
      </Box>
    );
  return (
    <Box flexDirection="column" width={fit ? fit.terminal.columns : undefined}>
      <Text bold={p.color} wrap="truncate">
        {p.title}
      </Text>
      <Text dimColor={p.color} wrap="truncate">
        {p.players}
      </Text>
      {p.clock ? (
        <Text bold={p.color} wrap="truncate">
          {p.clock}
        </Text>
      ) : null}
      <Box flexDirection={below ? 'column' : 'row'}>
        <Box flexDirection="column" flexShrink={0}>
          {(place === 'none' && p.panel ? [...p.panel.slice(0, p.board.length - 1), '(any key: back to the board)'] : p.board).map((line, i) => (
            <Text key={i} wrap="truncate">
              {line}
            </Text>
          ))}
        </Box>
        {panelBox}
      </Box>
      <Text bold={p.color} wrap={fit ? 'truncate' : 'wrap'}>
        {p.status}
      </Text>
      {note.length ? (
        <Text color={p.color ? 'yellow' : undefined} wrap={fit ? 'truncate' : 'wrap'}>
          {note[0]}
        </Text>
      ) : null}
      {messages.flatMap((m, i) =>
        (m.error || !fit ? [m.text] : breakFen(m.text, fit.terminal.columns)).map((text, j) => (
          <Text key={`${i}.${j}`} color={p.color && m.error ? 'red' : undefined}>
            {m.error && j === 0 ? 'error: ' : ''}
            {text}
          </Text>
        )),
      )}
      <Text>
        {'> '}
        {p.input}
        <Text inverse={p.color}>{p.color ? ' ' : '_'}</Text>
      </Text>
      {footerLines.map((line, i) => (
        <Text key={`f${i}`} dimColor={p.color} wrap={fit ? 'truncate' : 'wrap'}>
          {line}
        </Text>
      ))}
    </Box>
  );
}
