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
import type { CommandResult } from './commands.js';
import { afterCommand, choiceLines, highlightsFor, initialUi, reduceKey, withMessages, type HitTest, type KeyInfo, type UiState } from './ui.js';
import { boardGeometry, cellAt, type BoardGeometry } from './mouse.js';
import { RESERVED_ROWS } from './preview.js';
import type { PuzzleTrainer } from './trainer.js';
import { BOARD_HELP, boardCommand, prefsOf, type BoardPrefs } from './board-commands.js';
import { boardPainter, screenColors, type ScreenColors } from './paint.js';
import { materialLines } from './material.js';
import { DEFAULT_SETTINGS, type Settings } from './settings.js';
import type { Position } from '../core/position.js';
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
  /**
   * The puzzle trainer (`chuhan puzzle`): lines go to it instead of the session's command language,
   * the opponent's replies are played after `delayMs`, and the title, header, status and key help are its own.
   */
  trainer?: PuzzleTrainer;
  /** The board's settings (theme, bell, blindfold, vim keys, autoplay, eval bar); default: DEFAULT_SETTINGS. */
  settings?: Settings;
  /** The theme's screen colours (with `color`). */
  colors?: ScreenColors;
}

/**
 * The evaluation bar's share of side 0 (0–1): a mate is all, a score in centipawns goes through a
 * logistic curve (±4 pawns ≈ 73 %).
 */
export function evalShare(e: Evaluation): number {
  const sign = e.pos.turn === 0 ? 1 : -1;
  const { mate, score } = e.info;
  if (mate !== null) return sign * mate > 0 ? 1 : 0;
  if (score === null) return 0.5;
  return 1 / (1 + Math.exp((-sign * score) / 400));
}

/** A horizontal evaluation bar of `n` cells (side 0's part first), for a screen without room beside the board. */
export function horizontalBar(share: number, n = 10): string {
  const k = Math.round(Math.min(1, Math.max(0, share)) * n);
  return `[${'█'.repeat(k)}${'░'.repeat(n - k)}]`;
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
  // ---- the board's extras: theme, bell, blindfold, vim keys, autoplay, eval bar (board-commands.ts)
  const prefs = useRef<BoardPrefs>(prefsOf(props.settings ?? DEFAULT_SETTINGS));
  const autoTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const startPos = useRef<{ fen: string; pos: Position | null } | null>(null);
  const painters = useRef(new Map<string, Painter>());
  /** A theme chosen in the board (`theme NAME`): its painter, made once. */
  const themePaint = (theme: BoardPrefs['theme']): Painter => {
    let p = painters.current.get(theme);
    if (!p) painters.current.set(theme, (p = boardPainter(props.color, theme)));
    return p;
  };
  const reviewState = () => ({ can: session.loadedRecord || session.redoStack.length > 0, atEnd: session.redoStack.length === 0, plies: session.history.length });
  /** The games' opening namers (`Game.openingNames`), by game id: null while loading or for none. */
  const namers = useRef(new Map<string, OpeningNamer | null>());
  const openingCache = useRef<{ key: string; value: string } | null>(null);
  /** The board's lines as last drawn. */
  const lastBoard = useRef<string[] | null>(null);
  /** The clock line as last drawn (a tick that would draw the same line draws nothing). */
  const drawnClock = useRef<string | null | undefined>(undefined);

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

  // ---- puzzle trainer: the opponent's reply after the pause ----
  const replyTimers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => () => replyTimers.current.forEach(clearTimeout), []);
  const scheduleReply = (token: number): void => {
    const timer = setTimeout(() => {
      replyTimers.current.delete(timer);
      const lines = props.trainer?.reply(token);
      if (!lines) return;
      if (prefs.current.bell) stdout.write('\x07'); // the puzzle's side answered (bell on)
      ui.current = withMessages(ui.current, [...ui.current.messages.filter((m) => !m.error).map((m) => m.text), ...lines], []);
      redraw();
    }, props.delayMs ?? 0);
    replyTimers.current.add(timer);
  };

  const run = (line: string): boolean => {
    const b = boardCommand(prefs.current, line, reviewState());
    if (b) {
      const was = prefs.current;
      prefs.current = b.prefs;
      for (const l of b.before ?? []) session.command(l);
      // paused, or a new speed: the move waiting at the old one is dropped (the effect below waits anew)
      if ((!b.prefs.autoplay || b.prefs.autoplayMs !== was.autoplayMs) && autoTimer.current) {
        clearTimeout(autoTimer.current);
        autoTimer.current = null;
      }
      ui.current = afterCommand(ui.current, line, b.out, b.err);
      return true;
    }
    const before = session.version;
    const r: CommandResult & { reply?: number } = props.trainer ? props.trainer.command(line) : session.command(line);
    const columns = stdout.columns || 0;
    const help = /^\s*(help|\?)\s*$/i.test(line);
    if (help && r.err.length === 0) r.out = [...r.out, ...BOARD_HELP]; // the board's own commands and keys
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
    if (r.reply !== undefined) scheduleReply(r.reply);
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
          if (prefs.current.bell) stdout.write('\x07'); // the opponent moved (play --bell)
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

  // autoplay of a loaded game: a move every autoplayMs, until its end (space pauses)
  useEffect(() => {
    if (!prefs.current.autoplay || autoTimer.current) return;
    autoTimer.current = setTimeout(() => {
      autoTimer.current = null;
      if (!prefs.current.autoplay) return;
      if (session.redoStack.length === 0) {
        prefs.current = { ...prefs.current, autoplay: false };
        ui.current = withMessages(ui.current, ['autoplay: the end of the game (space plays it again from the start)'], []);
      } else run('redo');
      redraw();
    }, prefs.current.autoplayMs);
  });
  useEffect(
    () => () => {
      if (autoTimer.current) clearTimeout(autoTimer.current);
    },
    [],
  );

  // clocks: checked every tick; the screen is drawn again only when the clock line shown changes
  // (every second, tenths under 10 s) or a flag ends the game: a whole Ink frame costs far more
  // than the check (docs/performance.md, "The play board's redraws")
  useEffect(() => {
    if (!session.clock) return;
    const timer = setInterval(() => {
      const lines = session.checkTime();
      if (lines) {
        thinking.current?.abort.abort();
        thinking.current = null;
        ui.current = withMessages(ui.current, lines, []);
        save();
      } else if (session.clockLine() === drawnClock.current) return;
      redraw();
    }, props.tickMs ?? 200);
    return () => clearInterval(timer);
  }, [session, session.clock]);

  useInput((input, key) => {
    const peeked = prefs.current.peek;
    if (peeked) prefs.current = { ...prefs.current, peek: false }; // a peek lasts until the next key
    const review = reviewState().can && (session.paused || !session.players.includes('computer') || session.loadedRecord);
    const step = reduceKey(session, ui.current, input, key as KeyInfo, hitTest.current, paneListRows(lastFit.current), { vim: prefs.current.vimKeys, review });
    if (step.quit) {
      ui.current = step.ui;
      return quit();
    }
    // a key that changes nothing (a mouse button let go, → at the end of the game): no new frame
    if (step.ui === ui.current && step.submit.length === 0 && !peeked) return;
    ui.current = step.ui;
    for (const line of step.submit) if (!run(line)) return;
    redraw();
  });

  const u = ui.current;
  const pr = prefs.current;
  const themed = pr.theme === (props.settings ?? DEFAULT_SETTINGS).theme;
  const boardOpts = {
    style: props.style,
    labels: props.labels,
    paint: themed ? props.paint : themePaint(pr.theme),
    hidePieces: pr.blindfold && !pr.peek,
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
  drawnClock.current = clockLine;
  // a terminal that does not say its size (e.g. a test stream): the full board, all lines
  const fit =
    stdout.columns && stdout.rows
      ? chooseLayout({ columns: stdout.columns, rows: stdout.rows, reservedRows: RESERVED_ROWS + (clockLine ? 1 : 0), boards: sizes })
      : undefined;
  lastFit.current = fit;
  const layout: BoardLayout = fit?.fits ? fit.layout : 'full';
  // the board's lines as last drawn while they are the same (Screen's BoardRows then skips them)
  const drawn = session.boardLines({ ...boardOpts, layout });
  const last = lastBoard.current;
  const board = last && last.length === drawn.length && last.every((l, i) => l === drawn[i]) ? last : drawn;
  lastBoard.current = board;
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
  if (prefs.current.blindfold) notes.push(prefs.current.peek ? 'blindfold: peeking (any key hides the pieces)' : 'blindfold (peek shows the pieces)');
  if (thinking.current) notes.push(`${analyserFor(computer, session.turn as 0 | 1)?.name ?? session.computerName} is thinking…`);
  if (u.cursor !== null) {
    const p = session.pos.board[u.cursor]!;
    const what = prefs.current.blindfold && !prefs.current.peek ? 'hidden' : p ? `${session.sideName(pieceSide(p))} ${session.pos.variant.pieces[pieceKind(p) - 1]?.name ?? 'piece'}` : 'empty';
    notes.push(`cursor ${session.square(u.cursor)} (${what})${u.selected !== null ? ` · selected ${session.square(u.selected)}` : ''}`);
  }
  if (saveError.current) notes.push(`autosave failed: ${saveError.current}`);
  const ev = evaluation.current;
  let bar: { share: number; bottom: 0 | 1 } | null = null;
  if (session.showEval && ev && ev.key === thinkKey(session)) {
    const viewer = session.players.indexOf('human');
    const line = evaluationLine(ev.e, viewer === 1 ? 1 : 0, (s) => session.sideName(s), (p, m) => session.formatter().format(p, m));
    // the bar: beside the board when the move panel is there too, else at the head of the line
    const share0 = evalShare(ev.e);
    const beside = !fit || (fit.fits && fit.panel === 'beside');
    if (pr.evalBar && beside) bar = { share: session.flipped ? 1 - share0 : share0, bottom: session.flipped ? 1 : 0 };
    notes.push(pr.evalBar && !beside ? `${horizontalBar(share0)} ${line}` : line);
  }
  if (pr.autoplay) notes.push('autoplay (space pauses)');
  // the material and the captured pieces (from the start position of the game)
  if (startPos.current?.fen !== session.startFen) {
    const parsed = session.game.parseFen(session.startFen);
    startPos.current = { fen: session.startFen, pos: parsed.ok ? parsed.value : null };
  }
  const start = startPos.current.pos;
  const material = prefs.current.material && start && start.variant === session.pos.variant ? materialLines(session.game, session.pos, start, props.style === 'ascii') : null;
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
  const trainer = props.trainer;
  return (
    <Screen
      title={trainer ? trainer.title() : `chuhan · ${session.game.id}${opening}${placeholder ? ' · the computer is a PLACEHOLDER random mover (no search)' : ''}`}
      players={trainer ? trainer.header() : (session.reviewHeader() ?? session.playersLine())}
      clock={clockLine}
      board={board}
      moves={review.rows}
      ahead={review.ahead}
      panel={u.choice ? choiceLines(u.choice) : null}
      pane={u.pane}
      over={session.outcome() !== null}
      status={trainer ? trainer.status() : session.statusLine()}
      keys={trainer?.keys()}
      messages={u.messages}
      input={u.input}
      note={notes.join(' · ')}
      color={props.color}
      colors={props.color ? (themed ? props.colors : screenColors(pr.theme)) : undefined}
      material={material}
      bar={bar}
      examples={pr.blindfold && !pr.peek ? [] : example.moves}
      square={example.square}
      fit={fit}
    />
  );
}
