/** The `play` screen, presentational only: everything it shows comes in through props. */
import { Box, Text } from 'ink';
import type { UiMessage } from './ui.js';

export interface ScreenProps {
  title: string;
  /** Who plays which side (the placeholder computer is named as such). */
  players: string;
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
  /** Use colour (off for --no-color / NO_COLOR / non-TTY). */
  color: boolean;
}

export const FOOTER = [
  'type a move (h2e2, C2.5, 炮二平五, 7g7f) · ?h2 its moves · arrows, Enter: select and move',
  'undo · redo · flip · new · save F · load F · resign · draw · players · help · quit',
];

export function Screen(p: ScreenProps) {
  const listRows = Math.max(4, p.board.length - 1);
  const shown = p.moves.slice(-listRows);
  const skipped = p.moves.length - shown.length;
  return (
    <Box flexDirection="column">
      <Text bold={p.color}>{p.title}</Text>
      <Text dimColor={p.color}>{p.players}</Text>
      <Box flexDirection="row">
        <Box flexDirection="column" flexShrink={0}>
          {p.board.map((line, i) => (
            <Text key={i} wrap="truncate">
              {line}
            </Text>
          ))}
        </Box>
        {p.panel ? (
          <Box flexDirection="column" marginLeft={2}>
            {p.panel.map((row, i) => (
              <Text key={i} wrap="truncate">
                {row}
              </Text>
            ))}
            <Text dimColor={p.color}>(any key: back to the moves)</Text>
          </Box>
        ) : (
          <Box flexDirection="column" marginLeft={2}>
            <Text underline={p.color}>moves</Text>
            {skipped > 0 ? <Text dimColor={p.color}>… {skipped} earlier</Text> : null}
            {shown.map((row, i) => (
              <Text key={i} wrap="truncate">
                {row}
              </Text>
            ))}
          </Box>
        )}
      </Box>
      <Text bold={p.color}>{p.status}</Text>
      {p.note ? <Text color={p.color ? 'yellow' : undefined}>{p.note}</Text> : null}
      {p.messages.map((m, i) => (
        <Text key={i} color={p.color && m.error ? 'red' : undefined}>
          {m.error ? 'error: ' : ''}
          {m.text}
        </Text>
      ))}
      <Text>
        {'> '}
        {p.input}
        <Text inverse={p.color}>{p.color ? ' ' : '_'}</Text>
      </Text>
      {FOOTER.map((line, i) => (
        <Text key={`f${i}`} dimColor={p.color}>
          {line}
        </Text>
      ))}
    </Box>
  );
}
