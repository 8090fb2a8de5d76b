/** docs/rules.md, chu: each lishogi/JCSA difference on its test position, tsume, both-sides-attacking repetition. */
import { formatProblem } from '../src/core/problem.js';
import { describe, expect, it } from 'vitest';
import { legalMoves } from '../src/core/perft.js';
import { GameHistory } from '../src/core/history.js';
import { CHU_GAME } from '../src/games/chushogi/game.js';
import type { Game } from '../src/games/registry.js';
import { readFileSync } from 'node:fs';

const JCSA = CHU_GAME.withRules!('jcsa')!;
const pos = (g: Game, sfen: string) => {
  const r = g.parseFen(sfen);
  if (!r.ok) throw new Error(formatProblem(r.error));
  return r.value;
};
const moves = (g: Game, sfen: string): string[] => {
  const p = pos(g, sfen);
  return legalMoves(p).map((m) => g.coordinate.format(p, m));
};
const after = (g: Game, sfen: string, played: string[]) => {
  const p = pos(g, sfen);
  for (const t of played) {
    const r = g.parseMove(p, t);
    if (!r.ok) throw new Error(formatProblem(r.error));
    p.play(r.value);
  }
  return legalMoves(p).map((m) => g.coordinate.format(p, m));
};

export const RULES_POSITIONS = {
  lastRankLance: 'k11/11L/12/12/12/12/12/12/12/12/12/K11 b - 1',
  lastRankPawn: 'k11/11P/12/12/12/12/12/12/12/12/12/K11 b - 1',
  counterStrikeUnprotected: 'k11/12/3r8/12/12/6n5/6G5/12/3N8/12/12/11K b - 1',
  counterStrikeProtected: 'k11/12/3r8/12/12/6n5/6G5/12/3N8/3G8/12/11K b - 1',
  bareKingThree: '11k/12/10R1/12/12/12/12/12/12/12/12/KG10 b - 1',
  bareKingOne: '11k/12/12/12/12/12/12/12/12/12/12/KG10 b - 1',
  bareKingPawn: '11k/12/12/12/12/12/12/12/12/P11/12/K11 b - 1',
  stalemate: '10pk/10pp/10pp/10pp/10pp/10pp/10pp/10pp/10pp/10pp/10pp/K9pp w - 1',
  kingVsKing: '11k/12/12/12/12/12/12/12/12/12/12/K11 b - 1',
};
const P = RULES_POSITIONS;

describe('--rules: the rule-set object of the chu Game', () => {
  it('lishogi is the default; jcsa is another Game object with its own variant and end rules', () => {
    expect(CHU_GAME.rules).toBe('lishogi');
    expect(CHU_GAME.withRules!('lishogi')).toBe(CHU_GAME);
    expect(JCSA.rules).toBe('jcsa');
    expect(JCSA.variant).not.toBe(CHU_GAME.variant);
    expect(CHU_GAME.withRules!('fide')).toBeNull();
  });
});

describe('last rank', () => {
  it('lishogi: a lance reaching the last rank may promote; JCSA: only the pawn (the lance is dead there)', () => {
    expect(moves(CHU_GAME, P.lastRankLance)).toContain('1b1a+');
    expect(moves(JCSA, P.lastRankLance)).not.toContain('1b1a+');
    expect(moves(JCSA, P.lastRankLance)).toContain('1b1a');
    expect(moves(CHU_GAME, P.lastRankPawn)).toContain('1b1a+');
    expect(moves(JCSA, P.lastRankPawn)).toContain('1b1a+');
  });
});

describe('counter-strike', () => {
  it("after a gold takes a lion: lishogi bans the rook's capture of the other lion; JCSA allows it, that lion having no protector", () => {
    expect(after(CHU_GAME, P.counterStrikeUnprotected, ['6g6f'])).not.toContain('9c9i');
    expect(after(JCSA, P.counterStrikeUnprotected, ['6g6f'])).toContain('9c9i');
  });
  it('with a protector (the Okazaki rule) JCSA bans it too', () => {
    expect(after(JCSA, P.counterStrikeProtected, ['6g6f'])).not.toContain('9c9i');
    expect(after(CHU_GAME, P.counterStrikeProtected, ['6g6f'])).not.toContain('9c9i');
  });
});

describe('bare king, stalemate, king vs king', () => {
  const end = (g: Game, sfen: string) => g.endRules.positionResult(pos(g, sfen));
  it('a lone king against king, rook and gold: lishogi ends the game, JCSA plays on', () => {
    expect(end(CHU_GAME, P.bareKingThree)).toMatchObject({ winner: 0, reason: 'bare king' });
    expect(end(JCSA, P.bareKingThree)).toBeNull();
  });
  it('against king and one gold: both end it (JCSA: the side with the piece wins); a pawn does not count', () => {
    expect(end(CHU_GAME, P.bareKingOne)).toMatchObject({ winner: 0, reason: 'bare king' });
    expect(end(JCSA, P.bareKingOne)).toMatchObject({ winner: 0, reason: 'bare king' });
    expect(end(JCSA, P.bareKingPawn)).toBeNull();
  });
  it('no legal move: lishogi loses, JCSA (not regulated) draws', () => {
    expect(end(CHU_GAME, P.stalemate)).toMatchObject({ winner: 0, reason: 'stalemate' });
    expect(end(JCSA, P.stalemate)).toMatchObject({ winner: null, reason: 'stalemate' });
  });
  it('king against king is a draw under both', () => {
    expect(end(CHU_GAME, P.kingVsKing)).toMatchObject({ winner: null });
    expect(end(JCSA, P.kingVsKing)).toMatchObject({ winner: null });
  });
});

describe('SFEN field 3 under the JCSA rules, as the JCSA case file writes it (fixtures/jcsa)', () => {
  const cases = readFileSync(new URL('../fixtures/jcsa/cases.tsv', import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split('\t') as [string, string, string, string, string]);
  it('reads all seven positions (the square of the capture), gives the JCSA verdict, and writes field 3 back', () => {
    expect(cases).toHaveLength(7);
    for (const [id, sfen, move, jcsa] of cases) {
      const p = pos(JCSA, sfen);
      expect(JCSA.formatFen(p), id).toBe(sfen);
      expect(moves(JCSA, sfen).includes(move) ? 'legal' : 'illegal', `${id} ${move}`).toBe(jcsa);
    }
  });
  it("accepts chuhan's older reading too (the protected lion's square): the same ban", () => {
    // C04a with field 3 naming sente's protected lion on 7e instead of the bishop's capture on 1a
    const older = 'k4r5B/12/12/12/5N5r/5G6/12/12/12/12/12/K11 w 7e 1';
    expect(moves(JCSA, older)).not.toContain('7a7e');
    expect(moves(JCSA, older)).toContain('1e1a');
    expect(JCSA.formatFen(pos(JCSA, older))).toBe(older);
    expect(CHU_GAME.parseFen(older).ok).toBe(false); // lishogi: a lion cannot have captured there
    const refused = JCSA.parseMove(pos(JCSA, older), '7a7e');
    expect(!refused.ok && formatProblem(refused.error)).toMatch(/counter-strike rule \(JCSA\)/);
  });
  it('after a non-lion takes a lion, field 3 is the square of the capture under both rule sets', () => {
    const p = pos(JCSA, P.counterStrikeProtected);
    const r = JCSA.parseMove(p, '6g6f');
    if (!r.ok) throw new Error(formatProblem(r.error));
    p.play(r.value);
    expect(JCSA.formatFen(p).split(' ')[2]).toBe('6f');
  });
});

describe('a side to move without royals: a mate problem or a lost game, as the input says', () => {
  // gote's king was taken (a lishogi game won by royal capture); gote still has a lion
  const final = '12/12/12/3n8/12/12/12/12/12/12/12/K11 w - 1';
  it('a position alone: gote has lost (no moves); said to be a problem: gote plays on', () => {
    const alone = CHU_GAME.parseFen(final, 'position');
    if (!alone.ok) throw new Error('refused');
    expect(legalMoves(alone.value)).toHaveLength(0);
    expect(new GameHistory(CHU_GAME.endRules, alone.value).result()).toMatchObject({ winner: 0, reason: 'royals captured' });
    const problem = CHU_GAME.parseFen(final, 'problem');
    if (!problem.ok) throw new Error('refused');
    expect(legalMoves(problem.value).length).toBeGreaterThan(0);
    // a record's (or game's) start there can only be a problem
    const start = CHU_GAME.parseFen(final);
    if (!start.ok) throw new Error('refused');
    expect(legalMoves(start.value).length).toBeGreaterThan(0);
  });
  it('`moves --fen` says the game is over; with --problem it lists the moves', async () => {
    const { runCli } = await import('./helpers/cli.js');
    const over = await runCli(['moves', '--variant', 'chu', '--fen', final, '--json']);
    expect(over.code).toBe(0);
    expect(JSON.parse(over.stdout)).toMatchObject({ status: 'royals captured', result: '1-0', moves: [] });
    const problem = await runCli(['moves', '--variant', 'chu', '--fen', final, '--problem', '--json']);
    expect(JSON.parse(problem.stdout)).toMatchObject({ status: 'ongoing' });
    expect(JSON.parse(problem.stdout).moves.length).toBeGreaterThan(0);
    const shown = await runCli(['show', '--variant', 'chu', '--fen', final, '--style', 'ascii']);
    expect(shown.stdout).toContain('game over: 1-0 sente wins by capture of the royals');
    const played = await runCli(['show', '--variant', 'chu', '--fen', final, '--problem', '--moves', '9d9e', '--style', 'ascii']);
    expect(played.code).toBe(0);
  });
});

describe('mate problems (tsume): the attacker has no royal', () => {
  // kinu01 of fixtures/rules/tsume-kinu01.json (中将棊絹篩), the solution from jh85/chushogi
  const kinu = { sfen: '5ex1+Pc2/6okt3/3s4X2+H/2+D9/3p+v1+Dpt3/12/12/2+a6q2/12/12/12/12 b - 1', solution: ['10d7d', '8e7d', '4c6a+', '5b6a', '6e8c', '7d8c', '1c6c'] };
  it('replays, and ends when the defender loses its royals', () => {
    const g = CHU_GAME;
    const h = new GameHistory(g.endRules, pos(g, kinu.sfen));
    expect(h.result()).toBeNull();
    for (const t of kinu.solution) {
      const r = g.parseMove(h.position, t);
      expect(r.ok, t).toBe(true);
      if (r.ok) expect(h.play(r.value)).toBeNull();
    }
    // gote is mated: whatever it plays, sente then takes the king
    const reply = legalMoves(h.position)[0]!;
    h.play(reply);
    const take = legalMoves(h.position).find((m) => {
      h.position.play(m);
      const gone = !h.position.board.some((p) => p !== 0 && (p & 1) === 1 && h.position.variant.royal[p]);
      h.position.undo();
      return gone;
    });
    expect(take).toBeDefined();
    expect(h.play(take!)).toMatchObject({ winner: 0, reason: 'royals captured' });
  });
});

describe('repetition where both sides attack throughout (lishogi now: draw)', () => {
  // each rook swings between two files, threatening a pawn with every move
  const sfen = '6k5/12/pp10/12/11r/12/12/R11/12/10PP/12/6K5 b - 1';
  it('the 4th occurrence is a draw, not a loss for the last mover', () => {
    const g = CHU_GAME;
    const h = new GameHistory(g.endRules, pos(g, sfen));
    let r = null;
    for (let i = 0; i < 3 && !r; i++)
      for (const t of ['12h11h', '1e2e', '11h12h', '2e1e']) {
        const m = g.parseMove(h.position, t);
        if (!m.ok) throw new Error(formatProblem(m.error));
        r = h.play(m.value) ?? r;
      }
    expect(r).toMatchObject({ winner: null, reason: 'repetition', detail: expect.stringMatching(/both sides attacking/) });
    expect(h.plies).toBe(12);
  });
});

describe('the Rules tag', () => {
  it('[Rules "jcsa"] replays a record under the JCSA rules; without it (or with --rules lishogi) lishogi', async () => {
    const { parseRecords } = await import('../src/notation/pgn.js');
    const { Replayer } = await import('../src/notation/replay.js');
    const body = `[Variant "chushogi"]\n[FEN "${P.lastRankLance}"]\n\n1b1a+ *\n`;
    const [jcsa] = parseRecords(`[Rules "jcsa"]\n${body}`);
    const [plain] = parseRecords(body);
    expect(new Replayer().replay(jcsa!).status).toBe('illegal');
    expect(new Replayer().replay(plain!).status).toBe('ok');
    expect(new Replayer({ rules: 'lishogi' }).replay(jcsa!).status).toBe('ok');
  });
});
