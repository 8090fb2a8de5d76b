/**
 * The interactive `play` board: feeds keys to the pure reducer (ui.ts), runs the resulting command
 * lines on the Session, lets the computer move when it is its turn, autosaves after every change
 * and before the computer thinks, and renders the Screen.
 */
import { useEffect, useReducer, useRef } from 'react';
import { useApp, useInput, useStdout } from 'ink';
import { pieceKind, pieceSide } from '../core/piece.js';
import { chooseLayout, type LayoutChoice, type Size } from '../render/layout.js';
import { legalMoves } from '../core/perft.js';
import { hasMid, isPromotion, moveFrom } from '../core/move.js';
import type { BoardLayout, LabelMode, Painter, RenderStyle } from '../render/types.js';
import { measureFor, stringWidth } from '../render/width.js';
import type { ComputerPlayer } from './computer.js';
import { analyserFor, builtinComputer, evaluationLine, scoreOf, type Evaluation } from './engine-computer.js';
import { breakFen, paneListRows, Screen, wrapHelp } from './Screen.js';
import type { Session } from './session.js';
import { afterCommand, choiceLines, highlightsFor, initialUi, reduceKey, withMessages, type HitTest, type KeyInfo, type UiState } from './ui.js';
import { boardGeometry, cellAt, type BoardGeometry } from './mouse.js';
import { RESERVED_ROWS } from './preview.js';
import type { OpeningNamer } from '../games/game.js';
import { openingLine } from '../notation/convert.js';

export interface AppProps {
  session: Session;
  computer: ComputerPlayer;
  paint: Partial<Painter>;
  color: boolean;
  style?: RenderStyle;
  labels?: LabelMode;
  /** Saves the game in progress; returns an error message or null. */
  autosave?: (session: Session) => string | null;
  /** Lines to show at the start (e.g. "resumed the saved game"). */
  greeting?: string[];
  /** Called once when the user quits (after the last autosave). */
  onQuit?: () => void;
  /** How often the clocks are checked and redrawn, ms (default 200). */
  tickMs?: number;
  /** Pause before a computer move that answers a computer move (computer vs computer), ms; default 0. */
  delayMs?: number;
}

interface Thinking {
  /** What the search is about (see thinkKey): a flip or a hint does not make it stale. */
  key: string;
  abort: AbortController;
}

/** Rows of the play screen besides the board and the move panel (preview.ts, which draws the first frame before Ink). */
export { RESERVED_ROWS };

/** The game state a computer move depends on. */
const thinkKey = (s: Session): string =>
  `${s.game.id}|${s.startFen}|${s.history.join(',')}|${s.players.join(',')}|${s.level}|${s.outcome()?.result ?? ''}`;

/**
 * The key help's example: one legal move of the position (a plain one, from the middle of the
 * list), written in each notation that reads back as that same move (xiangqi's `uci` a1a2 would be
 * read as another move, a0a1 in ICCS, and is left out), and the square it starts from (`?h2`).
 */
export function keyHelpExample(s: Session): { moves: string[]; square: string } {
  // a plain move of a piece that is not a king or general (the most typical moves)
  const ms = legalMoves(s.pos).filter((x) => !isPromotion(x) && !hasMid(x) && !s.pos.variant.royal[s.pos.board[moveFrom(x)]!]);
  const all = ms.length ? ms : legalMoves(s.pos);
  if (all.length === 0) return { moves: [], square: s.game.squares.example };
  const coord = s.game.coordinate;
  const sorted = all.map((m) => ({ m, t: coord.format(s.pos, m) })).sort((a, b) => (a.t < b.t ? -1 : a.t > b.t ? 1 : 0));
  const m = sorted[Math.floor(sorted.length / 2)]!.m;
  const texts: string[] = [];
  for (const n of [s.formatter(), ...s.game.notations.values()]) {
    const t = n.format(s.pos, m);
    if (texts.includes(t)) continue;
    const back = s.parseMove(t);
    if (back.ok && back.value === m) texts.push(t);
  }
  return { moves: texts, square: s.square(moveFrom(m)) };
}

export function App(props: AppProps) {
  const { session, computer } = props;
  const { exit } = useApp();
  const ui = useRef<UiState>(initialUi((props.greeting ?? []).map((text) => ({ text, error: false }))));
  const thinking = useRef<Thinking | null>(null);
  const saveError = useRef<string | null>(null);
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const { stdout } = useStdout();
  const boardSizeCache = useRef(new Map<string, Record<BoardLayout, Size>>());
  const geometryCache = useRef(new Map<string, BoardGeometry>());
  /** Screen cell → square of the board as last drawn (mouse clicks). */
  const hitTest = useRef<HitTest | undefined>(undefined);
  const exampleCache = useRef<{ key: string; value: ReturnType<typeof keyHelpExample> } | null>(null);
  /** The layout as last drawn (the pane's page size for PgUp/PgDn). */
  const lastFit = useRef<LayoutChoice | undefined>(undefined);
  /** The games' opening namers (`Game.openingNames`), by game id: null while loading or for none. */
  const namers = useRef(new Map<string, OpeningNamer | null>());
  const openingCache = useRef<{ key: string; value: string } | null>(null);

  // a new terminal size: choose the layout again
  useEffect(() => {
    const onResize = (): void => redraw();
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);

  // --- engine client: the last evaluation shown (from a computer move or a hint), a hint's builtin fallback
  const evaluation = useRef<{ key: string; e: Evaluation } | null>(null);
  const hintEngine = useRef<ReturnType<typeof builtinComputer> | null>(null);
  const hint = (): void => {
    const side = session.turn as 0 | 1;
    const a = analyserFor(computer, side) ?? (hintEngine.current ??= builtinComputer());
    const key = thinkKey(session);
    ui.current = withMessages(ui.current, [`${a.name} is looking for a hint…`], []);
    void a.hint(session.thinkRequest()).then(
      (h) => {
        if (thinkKey(session) !== key) return;
        const fmt = session.formatter();
        ui.current = withMessages(ui.current, [h.move === null ? 'hint: no move' : `hint: ${fmt.format(session.pos, h.move)}`], []);
        if (h.evaluation) evaluation.current = { key, e: h.evaluation };
        redraw();
      },
      (e: unknown) => {
        ui.current = withMessages(ui.current, [], [`hint failed: ${e instanceof Error ? e.message : String(e)}`]);
        redraw();
      },
    );
  };

  const save = (): void => {
    if (props.autosave) saveError.current = props.autosave(session);
  };

  const quit = (): void => {
    thinking.current?.abort.abort();
    save();
    props.onQuit?.();
    exit();
  };

  const run = (line: string): boolean => {
    const before = session.version;
    const r = session.command(line);
    const columns = stdout.columns || 0;
    const help = /^\s*(help|\?)\s*$/i.test(line);
    // a listing (fen, moves, show) longer than a row opens in the pane, where it can be read whole
    // (a FEN broken between ranks, as the prompt takes it back); help is wrapped to the width
    const listing = columns > 20 && r.err.length === 0 && /^\s*(fen|moves|show|board)(\s+\S+)?\s*$/i.test(line) && !/^\s*fen\s+\S/i.test(line);
    const long = listing && (r.out.length > 1 || r.out.some((l) => stringWidth(l) > columns));
    const out = (help || long) && columns > 20 ? r.out.flatMap((l) => breakFen(l, columns)).flatMap((l) => wrapHelp(l, columns)) : r.out;
    ui.current = afterCommand(ui.current, line, out, r.err, r.panel || long, r.pick);
    if (session.version !== before) save();
    if (r.quit) {
      quit();
      return false;
    }
    if (r.think) startThinking();
    if (r.hint) hint();
    return true;
  };

  const startThinking = (): void => {
    if (thinking.current || session.outcome()) return;
    const key = thinkKey(session);
    const abort = new AbortController();
    thinking.current = { key, abort };
    save(); // before anything that can fail
    const side = session.turn as 0 | 1;
    // computer against computer: a pause between the moves, to watch the game
    const wait = session.players[0] === 'computer' && session.players[1] === 'computer' && session.history.length > 0 ? (props.delayMs ?? 0) : 0;
    const pause = wait > 0 ? new Promise<void>((r) => setTimeout(r, wait)) : Promise.resolve();
    void pause
      .then(() => (abort.signal.aborted ? null : computer.choose(session.thinkRequest(abort.signal))))
      .then(
        (m) => {
          if (abort.signal.aborted || thinkKey(session) !== key) return;
          const e = analyserFor(computer, side)?.lastEvaluation;
          const r = session.computerMove(m, scoreOf(session, e));
          if (e) evaluation.current = { key: thinkKey(session), e };
          ui.current = withMessages(ui.current, r.out, r.err);
          save();
        },
        (e: unknown) => {
          ui.current = withMessages(ui.current, [], [`the computer failed: ${e instanceof Error ? e.message : String(e)}`]);
        },
      )
      .finally(() => {
        if (thinking.current?.abort === abort) thinking.current = null;
        redraw();
      });
  };

  // the computer's turn (after a human move, new game, undo, load, players …)
  useEffect(() => {
    const t = thinking.current;
    if (t && t.key !== thinkKey(session)) {
      t.abort.abort();
      thinking.current = null;
    }
    if (!thinking.current && session.computerToMove()) startThinking();
  });

  useEffect(() => () => thinking.current?.abort.abort(), []);

  // clocks: the running one is redrawn every second (tenths under 10 s), a flag ends the game
  useEffect(() => {
    if (!session.clock) return;
    const timer = setInterval(() => {
      const lines = session.checkTime();
      if (lines) {
        thinking.current?.abort.abort();
        thinking.current = null;
        ui.current = withMessages(ui.current, lines, []);
        save();
      }
      redraw();
    }, props.tickMs ?? 200);
    return () => clearInterval(timer);
  }, [session, session.clock]);

  useInput((input, key) => {
    const step = reduceKey(session, ui.current, input, key as KeyInfo, hitTest.current, paneListRows(lastFit.current));
    ui.current = step.ui;
    if (step.quit) return quit();
    for (const line of step.submit) if (!run(line)) return;
    redraw();
  });

  const u = ui.current;
  const boardOpts = {
    style: props.style,
    labels: props.labels,
    paint: props.paint,
    highlights: highlightsFor(session, u),
    cursor: u.cursor,
    steadyWidth: true,
  };
  // the board's size in each layout depends on the game and the drawing options, not the position
  const sizeKey = `${session.game.id}|${props.style}|${props.labels}|${session.flipped}`;
  let sizes = boardSizeCache.current.get(sizeKey);
  if (!sizes) {
    const measure = measureFor(false);
    const size = (layout: BoardLayout): Size => {
      const lines = session.boardLines({ ...boardOpts, paint: {}, highlights: [], cursor: null, layout });
      return { columns: Math.max(0, ...lines.map(measure)), rows: lines.length };
    };
    sizes = { full: size('full'), compact: size('compact') };
    boardSizeCache.current.set(sizeKey, sizes);
  }
  const clockLine = session.clockLine();
  // a terminal that does not say its size (e.g. a test stream): the full board, all lines
  const fit =
    stdout.columns && stdout.rows
      ? chooseLayout({ columns: stdout.columns, rows: stdout.rows, reservedRows: RESERVED_ROWS + (clockLine ? 1 : 0), boards: sizes })
      : undefined;
  lastFit.current = fit;
  const layout: BoardLayout = fit?.fits ? fit.layout : 'full';
  const board = session.boardLines({ ...boardOpts, layout });
  // where the squares are on screen: rows above the board are the title, players and clock lines
  const geoKey = `${sizeKey}|${layout}`;
  let geometry = geometryCache.current.get(geoKey);
  if (!geometry) {
    geometry = boardGeometry(session.boardLines({ ...boardOpts, paint: {}, highlights: [], cursor: null, layout }), session.pos.variant.geometry.width);
    geometryCache.current.set(geoKey, geometry);
  }
  const top = 2 + (clockLine ? 1 : 0);
  const geo = geometry;
  hitTest.current = (column, row) => {
    const at = cellAt(geo, column - 1, row - 1 - top);
    if (!at || (fit && !fit.fits)) return null;
    const { width: W, height: H } = session.pos.variant.geometry;
    const x = session.flipped ? W - 1 - at[0] : at[0];
    const y = session.flipped ? at[1] : H - 1 - at[1];
    return y * W + x;
  };
  const notes: string[] = [];
  if (thinking.current) notes.push(`${analyserFor(computer, session.turn as 0 | 1)?.name ?? session.computerName} is thinking…`);
  if (u.cursor !== null) {
    const p = session.pos.board[u.cursor]!;
    const what = p ? `${session.sideName(pieceSide(p))} ${session.pos.variant.pieces[pieceKind(p) - 1]?.name ?? 'piece'}` : 'empty';
    notes.push(`cursor ${session.square(u.cursor)} (${what})${u.selected !== null ? ` · selected ${session.square(u.selected)}` : ''}`);
  }
  if (saveError.current) notes.push(`autosave failed: ${saveError.current}`);
  const ev = evaluation.current;
  if (session.showEval && ev && ev.key === thinkKey(session)) {
    const viewer = session.players.indexOf('human');
    notes.push(evaluationLine(ev.e, viewer === 1 ? 1 : 0, (s) => session.sideName(s), (p, m) => session.formatter().format(p, m)));
  }
  const placeholder = computer.placeholder && session.players.includes('computer');
  // the key help's example changes with the position only (not with every clock tick)
  const exampleKey = `${session.version}|${session.notation}|${session.history.length}`;
  if (exampleCache.current?.key !== exampleKey) exampleCache.current = { key: exampleKey, value: keyHelpExample(session) };
  const example = exampleCache.current.value;
  const review = session.reviewRows();
  // the opening's name (xiangqi: ECCO) once a move is played: its table is loaded then, and the
  // title shows it from the next drawing on
  let opening = '';
  if (session.history.length > 0) {
    const g = session.game;
    if (g.openingNames && !namers.current.has(g.id)) {
      namers.current.set(g.id, null);
      g.openingNames().then(
        (n) => {
          namers.current.set(g.id, n);
          redraw();
        },
        () => {},
      );
    }
    const namer = namers.current.get(g.id);
    const key = `${g.id}|${session.version}|${session.history.length}|${namer ? 1 : 0}`;
    if (openingCache.current?.key !== key) {
      const named = namer?.name(session.line.start, session.history);
      openingCache.current = { key, value: named ? ` · ${openingLine(named)}` : '' };
    }
    opening = openingCache.current.value;
  }
  return (
    <Screen
      title={`chuhan · ${session.game.id}${opening}${placeholder ? ' · the computer is a PLACEHOLDER random mover (no search)' : ''}`}
      players={session.reviewHeader() ?? session.playersLine()}
      clock={clockLine}
      board={board}
      moves={review.rows}
      ahead={review.ahead}
      panel={u.choice ? choiceLines(u.choice) : null}
      pane={u.pane}
      over={session.outcome() !== null}
      status={session.statusLine()}
      messages={u.messages}
      input={u.input}
      note={notes.join(' · ')}
      color={props.color}
      examples={example.moves}
      square={example.square}
      fit={fit}
    />
  );
}
