import { describe, expect, it } from 'vitest';
import { CATALOG, descriptorFromName, descriptorOfFen } from '../src/games/catalog.js';
import { GAMES, gameFromName, gameOfFen } from '../src/games/registry.js';
import { boardShape } from '../src/core/fen-shape.js';
import { chosenGame, loadGame } from '../src/cli/game-choice.js';
import { resolveGame } from '../src/cli/context.js';

describe('games catalog (light descriptors) against the registry', () => {
  it('lists the same games in the same order, with the same names and rank counts', () => {
    expect(CATALOG.map((d) => d.id)).toEqual(GAMES.map((g) => g.id));
    for (const [i, d] of CATALOG.entries()) {
      const g = GAMES[i]!;
      expect(d.aliases).toEqual(g.aliases);
      expect(d.ranks).toBe(g.variant.geometry.height);
      expect(d.files).toBe(g.variant.geometry.width);
      expect([...d.notations].sort()).toEqual([...g.notations.keys()].sort());
    }
    // a board shape names one game only
    expect(new Set(CATALOG.map((d) => `${d.files}x${d.ranks}`)).size).toBe(CATALOG.length);
  });

  it('loads the registry’s own Game objects', async () => {
    for (const d of CATALOG) expect(await d.load()).toBe(GAMES.find((g) => g.id === d.id));
  });

  it('finds a game by a typed name or a FEN’s ranks as the registry does', () => {
    for (const name of ['XQ', ' chu ', '象棋', '中将棋', 'chess', '']) {
      expect(descriptorFromName(name)?.id ?? null, name).toBe(gameFromName(name)?.id ?? null);
    }
    for (const g of GAMES) {
      expect(descriptorOfFen(g.startFen)?.id).toBe(g.id);
      expect(gameOfFen(g.startFen)?.id).toBe(g.id);
    }
    // a 10-rank board of 10 files is no xiangqi board (the game is found by its whole shape, not its rank count)
    const tenByTen = `${Array.from({ length: 10 }, () => '10').join('/')} w - - 0 1`;
    expect(boardShape(tenByTen.split(' ')[0]!)).toEqual({ files: 10, ranks: 10 });
    expect(descriptorOfFen(tenByTen)).toBeNull();
    expect(gameOfFen(tenByTen)).toBeNull();
    // one mistyped rank does not hide the board's width
    expect(gameOfFen('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/99/RNBAKABNR w')?.id).toBe(GAMES[0]!.id);
    expect(descriptorOfFen('9/9/9')).toBeNull();
  });

  it('the quick path (loadGame) and resolveGame choose alike, rules included', async () => {
    const chuFen = '12/12/12/12/12/12/12/12/12/12/12/12 b - 1';
    const cases = [{}, { variant: 'chu' }, { fen: chuFen }, { variant: 'chu', rules: 'jcsa' }, { fen: 'x/y' }];
    for (const opts of cases) {
      const quick = await loadGame(opts);
      const full = resolveGame(opts);
      expect(quick.id, JSON.stringify(opts)).toBe(full.id);
      expect(quick.variant.ruleKey, JSON.stringify(opts)).toBe(full.variant.ruleKey);
    }
    expect(chosenGame({ variant: 'chu', fen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1' }).id).toBe('chushogi');
    await expect(loadGame({ variant: 'nope' })).rejects.toThrow(/unknown variant "nope"/);
    await expect(loadGame({ rules: 'jcsa' })).rejects.toThrow(/--rules is for chu shogi only/);
  });
});
