/** The Session command language shared by `repl` and `play` (pure: no terminal, files in memory). */
import { describe, expect, it } from 'vitest';
import { getGame } from '../src/games/registry.js';
import { placeholderMove } from '../src/tui/computer.js';
import { Session } from '../src/tui/session.js';
import { memFiles } from './helpers/mem-files.js';

const xq = getGame('xiangqi');
const MATE_IN_ONE = '4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1'; // i0i9 mates

const session = (opts: ConstructorParameters<typeof Session>[1] = {}): Session => new Session(xq, { files: memFiles(), ...opts });

/** Runs lines, failing the test on any error unless expected. */
function run(s: Session, ...lines: string[]): string[] {
  const out: string[] = [];
  for (const l of lines) {
    const r = s.command(l);
    expect(r.err, `command "${l}"`).toEqual([]);
    expect(r.ok).toBe(true);
    out.push(...r.out);
  }
  return out;
}

describe('moves', () => {
  it('plays moves in ICCS, WXF and Chinese, echoing number, coordinate and check', () => {
    const s = session();
    expect(run(s, 'h2e2')).toEqual(['1. h2e2']);
    expect(run(s, 'H8+7')).toEqual(['1... h9g7']);
    expect(run(s, 'move 炮五进四')).toEqual(['2. e2e6']);
    expect(s.history.length).toBe(3);
    expect(xq.formatFen(s.pos)).toBe('rnbakab1r/9/1c4nc1/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2');
    // the echo shows the chosen notation next to the coordinate
    run(s, 'notation wxf');
    expect(run(s, 'a9a8')).toEqual(['2... a9a8 (R1+1)']);
  });

  it('reports an illegal move and changes nothing', () => {
    const s = session();
    const r = s.command('e3e5');
    expect(r.ok).toBe(false);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toContain('e3e5');
    expect(s.history).toEqual([]);
  });

  it('move with several moves plays all or none', () => {
    const s = session();
    const r = s.command('move h2e2 h9g7 e2e9');
    expect(r.ok).toBe(false);
    expect(r.err[0]).toMatch(/^move 3 of 3: .*e2e9.*\(no move played\)$/);
    expect(s.history).toEqual([]);
    expect(xq.formatFen(s.pos)).toBe(xq.startFen);
    expect(run(s, 'move h2e2 h9g7')).toEqual(['1. h2e2', '1... h9g7']);
  });

  it('an unknown command is an error, and so is a word that is neither', () => {
    const s = session();
    expect(s.command('frobnicate').err).toEqual(['unknown command "frobnicate" (type help)']);
    expect(s.command('frobnicate now').err[0]).toMatch(/^unknown command "frobnicate" \(type help\); as a move: /);
    expect(s.command('').ok).toBe(true);
    expect(s.command('# a comment').ok).toBe(true);
  });

  it('check is announced and shown in the status line', () => {
    const s = session({ fen: '4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1' });
    expect(run(s, 'a0a9')).toEqual(['1. a0a9 check']);
    expect(s.statusLine()).toBe('black to move · check · last move a0a9');
  });
});

describe('game end', () => {
  it('checkmate ends the game; further moves are refused; undo reopens it', () => {
    const s = session({ fen: MATE_IN_ONE });
    expect(run(s, 'i0i9')).toEqual(['1. i0i9', 'game over: 1-0 red wins by checkmate']);
    expect(s.outcome()).toEqual({ result: '1-0', winner: 0, reason: 'checkmate' });
    const r = s.command('e9e8');
    expect(r.ok).toBe(false);
    expect(r.err[0]).toMatch(/^the game is over \(1-0 red wins by checkmate\)/);
    expect(s.command('go').ok).toBe(false);
    run(s, 'undo');
    expect(s.outcome()).toBeNull();
  });

  it('chu: capturing the last royal wins (reported as such, not as a stalemate)', () => {
    // gote keeps a gold, so it is not already lost by bare king before the capture
    const s = new Session(getGame('chushogi'), { fen: 'k10g/12/12/12/12/12/12/12/12/12/R11/11K b - 1' });
    expect(run(s, '12k12a')).toEqual(['1. 12k12a', 'game over: 1-0 sente wins by capture of the royals']);
  });

  it('resign gives the game to the other side', () => {
    const s = session();
    run(s, 'h2e2');
    expect(run(s, 'resign')).toEqual(['black resigns; game over: 1-0 red wins by resignation']);
    expect(s.command('h9g7').ok).toBe(false);
  });

  it('a draw offer is accepted by the other side, declined by a move', () => {
    const s = session();
    expect(run(s, 'draw')).toEqual(['red offers a draw: black types draw to accept, or moves to decline']);
    expect(s.statusLine()).toBe('red to move · red offers a draw');
    run(s, 'h2e2'); // the offerer's own move keeps the offer
    expect(run(s, 'draw')).toEqual(['black accepts the draw; game over: 1/2-1/2 draw by agreement']);
    expect(s.outcome()?.result).toBe('1/2-1/2');

    const t = session();
    run(t, 'draw', 'h2e2');
    expect(run(t, 'h9g7')).toEqual(['1... h9g7', 'black declines the draw offer']);
    expect(t.drawOffer).toBeNull();
  });

  it('the (placeholder) computer declines draw offers', () => {
    const s = session({ players: ['human', 'computer'] });
    expect(run(s, 'draw')).toEqual(['the computer declines the draw offer (it has no evaluation of this position)']);
    expect(s.drawOffer).toBeNull();
  });

  it('warns when a position repeats', () => {
    const s = session();
    const out = run(s, 'h2e2', 'h7e7', 'e2h2', 'e7h7');
    expect(out[out.length - 1]).toBe('position repeated (2×)');
    expect(s.statusLine()).toBe('red to move · position repeated (2×) · last move e7h7');
  });
});

describe('undo, redo, flip, new, fen', () => {
  it('undo and redo walk the history; a new move clears redo', () => {
    const s = session();
    run(s, 'move h2e2 h9g7 b0c2');
    expect(run(s, 'undo 2')).toEqual(['took back 2 moves; black to move · last move h2e2']);
    expect(run(s, 'redo')).toEqual(['replayed 1 move; red to move · last move h9g7']);
    run(s, 'h0g2');
    expect(s.command('redo').err).toEqual(['nothing to redo']);
    expect(s.command('undo 0').ok).toBe(false);
    run(s, 'undo 9');
    expect(s.history).toEqual([]);
    expect(s.command('undo').err).toEqual(['nothing to undo']);
  });

  it('against the computer, undo takes back to the human side', () => {
    const s = session({ players: ['human', 'computer'] });
    const r = s.command('h2e2');
    expect(r.think).toBe(true);
    expect(s.command('h9g7').err[0]).toMatch(/computer's turn/);
    s.computerMove(placeholderMove(s.pos, () => 0)!);
    expect(s.history).toHaveLength(2);
    expect(run(s, 'undo')[0]).toMatch(/^took back 2 moves; red to move/);
    expect(s.history).toHaveLength(0);
  });

  it('flip, fen and new', () => {
    const s = session();
    expect(s.boardLines()[1]).toContain('▽車');
    run(s, 'flip');
    expect(s.flipped).toBe(true);
    expect(s.boardLines()[1]).toContain('▲俥');
    expect(run(s, 'fen')).toEqual([xq.startFen]);
    expect(run(s, 'fen ' + MATE_IN_ONE)).toEqual(['position set; red to move']);
    expect(s.command('fen 9/9 w').err[0]).toMatch(/^bad FEN: /);
    expect(xq.formatFen(s.pos)).toBe(MATE_IN_ONE);
    expect(run(s, 'new')).toEqual(['new xiangqi game; red to move']);
    expect(s.command('new checkers').err).toEqual(['unknown variant "checkers" (use xiangqi or chushogi)']);
  });

  it('new chushogi switches the game; moves are USI', () => {
    const s = session();
    expect(run(s, 'new chu')).toEqual(['new chushogi game; sente to move']);
    expect(run(s, '7i7h')).toEqual(['1. 7i7h']);
    expect(s.game.id).toBe('chushogi');
    expect(s.boardLines().length).toBe(12 * 2 + 2);
  });
});

describe('hints, lists, perft, players', () => {
  it('?square lists and highlights the destinations', () => {
    const s = session();
    expect(run(s, '?b0')).toEqual(['red horse on b0: b0a2 b0c2']);
    expect(s.highlights.sort()).toEqual([18, 20]);
    expect(run(s, 'hint e9')).toEqual(['black general on e9: not the side to move']);
    expect(s.command('?e5').err).toEqual(['e5 is empty']);
    expect(s.command('?z9').err).toEqual(['"z9" is not a square (like h2)']);
    run(s, 'h2e2');
    expect(s.highlights).toEqual([]);
  });

  it('moves lists the legal moves, for a square too', () => {
    const s = session();
    const all = run(s, 'moves');
    expect(all[all.length - 1]).toBe('44 legal moves');
    expect(run(s, 'moves b0')).toEqual(['b0a2 b0c2', '2 legal moves']);
  });

  it('perft counts, with a depth limit', () => {
    const s = session();
    expect(run(s, 'perft 2')).toEqual(['nodes 1920']);
    expect(s.command('perft 7').ok).toBe(false);
    expect(s.command('perft x').ok).toBe(false);
  });

  it('players and go', () => {
    const s = session();
    expect(run(s, 'players human computer')).toEqual(['red: human · black: computer (level 3)']);
    expect(s.command('players human robot').ok).toBe(false);
    expect(s.command('go').think).toBe(true);
    expect(run(s, 'level 3')).toEqual(['level 3']);
    expect(s.command('level 9').err).toEqual(['level: "9" is not a number from 1 to 8']);
  });

  it('help and quit', () => {
    const s = session();
    expect(run(s, 'help')[0]).toMatch(/^Commands/);
    expect(s.command('quit').quit).toBe(true);
  });
});

describe('save and load', () => {
  it('saves a PGN and loads it back (moves, start FEN, result)', () => {
    const files = memFiles();
    const s = session({ files, fen: MATE_IN_ONE });
    run(s, 'i0i9', 'save g.pgn');
    const text = files.files.get('g.pgn')!;
    expect(text).toContain('[FEN "4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1"]');
    expect(text).toContain('[Result "1-0"]');
    expect(text).toContain('[Termination "checkmate"]');
    expect(text).toMatch(/1\. i0i9 1-0/);
    const t = session({ files });
    expect(run(t, 'load g.pgn')).toEqual(['loaded 1 ply from g.pgn; game over: 1-0 red wins by checkmate · last move i0i9']);
    expect(xq.formatFen(t.pos)).toBe(xq.formatFen(s.pos));
  });

  it('loads records in other notations and keeps a resignation', () => {
    const files = memFiles();
    files.write('wxf.pgn', '[Event "x"]\n[Result "0-1"]\n[Termination "resignation"]\n\n1. C2.5 H8+7 2. H2+3 0-1\n');
    const s = session({ files });
    run(s, 'load wxf.pgn');
    expect(s.history).toHaveLength(3);
    expect(s.outcome()).toEqual({ result: '0-1', winner: 1, reason: 'resignation' });
  });

  it('a bad record, a missing file or an unwritable path is an error and keeps the game', () => {
    const files = memFiles();
    files.write('bad.pgn', '1. h2e2 h9h0\n');
    const s = session({ files });
    run(s, 'h2e2');
    const bad = s.command('load bad.pgn');
    expect(bad.ok).toBe(false);
    expect(bad.err[0]).toMatch(/^bad\.pgn: move 2 \(line 1:9\): "h9h0": /);
    expect(s.command('load nope.pgn').err).toEqual(['cannot read nope.pgn: no such file or directory']);
    expect(s.command('save /readonly/x.pgn').err).toEqual(['cannot write /readonly/x.pgn: permission denied']);
    expect(s.command('save').ok).toBe(false);
    expect(s.history).toHaveLength(1);
  });

  it('record() keeps players and level for --resume', () => {
    const s = session({ players: ['computer', 'human'], level: 4 });
    run(s, 'players computer human'); // computer to move: no human move allowed
    s.computerMove(placeholderMove(s.pos, () => 0.5)!);
    const t = session();
    expect(t.loadRecord(s.record(), true)).toBeNull();
    expect(t.players).toEqual(['computer', 'human']);
    expect(t.level).toBe(4);
    expect(t.history).toEqual(s.history);
    expect(t.flipped).toBe(true);
  });
});

describe('move list', () => {
  it('numbers the rows, and starts with … when side 1 moves first', () => {
    const s = session();
    run(s, 'move h2e2 h9g7 b0c2');
    expect(s.moveListRows()).toEqual(['1. h2e2 h9g7', '2. b0c2']);
    run(s, 'notation chinese');
    expect(s.moveListRows()[0]).toBe('1. 炮二平五 马8进7');
    const b = session({ fen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1' });
    run(b, 'h9g7', 'h2e2');
    expect(b.moveListRows()).toEqual(['1. … h9g7', '2. h2e2']);
  });
});

describe('go with a thinking time', () => {
  it('passes the time to the next think request only, and rejects a bad time', async () => {
    const s = session();
    const bad = s.command('go soon');
    expect(bad.ok).toBe(false);
    expect(bad.err.join(' ')).toContain('go takes a thinking time');
    const r = s.command('go 250ms');
    expect(r.think).toBe(true);
    expect(s.thinkRequest().timeMs).toBe(250);
    expect(s.thinkRequest().timeMs).toBeUndefined();
    s.command('go 1.5s');
    expect(s.thinkRequest().timeMs).toBe(1500);
  });
});
