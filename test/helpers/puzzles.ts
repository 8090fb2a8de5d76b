/** Puzzles with known lines for the trainer's tests (src/puzzle/types.ts). */
import type { GameId } from '../../src/games/registry.js';
import type { Puzzle } from '../../src/puzzle/types.js';

/**
 * A few hand-checked puzzles of each game for the trainer's tests: the mates of fixtures/tactics
 * (the engine's mate tests), each line replayed and its end checked by test/puzzle-trainer.test.ts;
 * the defender's replies are those that last longest.
 */
const BUILTIN: Readonly<Record<GameId, { prefix: string; rows: readonly (readonly [string, string, string, string, number])[] }>> = {
  xiangqi: { prefix: 'xq', rows: [
    ['4k4/9/4N4/9/9/9/9/C8/9/3K5 w - - 0 1', 'a2e2', 'mate mate1 phase:endgame', 'cannon behind horse (马后炮)', 1100],
    ['3aka3/9/9/9/4C4/9/C8/9/9/3K5 w - - 0 1', 'a3e3', 'mate mate1 phase:endgame', 'double cannons (重炮)', 1150],
    ['5k3/9/9/9/9/6n2/9/9/4c4/3K5 b - - 0 1', 'g4f2', 'mate mate1 phase:endgame', 'horse and cannon, black to move', 1250],
    ['5k3/9/9/8c/9/4c4/9/9/9/3AKA3 b - - 0 1', 'i6e6', 'mate mate1 phase:endgame', 'double cannons, black to move', 1200],
    ['4k4/9/9/9/9/2N6/9/9/4C4/3K5 w - - 0 1', 'c4e5 e9f9 e5d7', 'mate mate2 phase:endgame', 'cannon behind horse in two', 1450],
    ['2bak4/9/4b4/9/9/9/9/9/9/2R1K1R2 w - - 0 1', 'g0g9 e9e8 c0c8', 'mate mate2 phase:endgame', "chariot to the back rank with the general's file", 1400],
    ['1C7/4k4/8C/8P/9/6B2/6N2/9/9/5K3 w - - 0 1', 'g3e4 e8d8 e4d6 d8d7 d6f7', 'mate mate3 phase:endgame', 'cannons, horse and pawn', 1750],
    ['2b2k3/9/1C3a1R1/9/9/9/9/C4K3/9/9 w - - 0 1', 'a2a9 c9a7 b7b9 f9f8 h7h8', 'mate mate3 phase:endgame', 'chariot and two cannons', 1700],
  ] },
  chushogi: { prefix: 'chu', rows: [
    ['3D5c2/s5k5/11R/3R8/12/12/12/12/12/12/11K/12 b - 1', '9d9b 12b11c 9b6b', 'mate mate2 phase:endgame', 'composed mate (seed 7, try 38)', 1400],
    ['k1H9/5s6/12/12/9G2/11B/12/12/12/12/6K5/12 b - 1', '1f4i 12a12b 4i11b+ 12b11b 10a11b', 'mate mate3 phase:endgame', 'composed mate (seed 7, try 120)', 1700],
    ['11k/12/12/3g6S1/12/12/6R5/12/12/12/4K7/12 b - 1', '2d2c 9d10d 6g6a 10d11d 6a1a', 'mate mate3 phase:endgame', 'composed mate (seed 7, try 127)', 1650],
    // the mate's second move takes the last piece beside the king: won by bare king (lishogi rules)
    ['12/9Ck1/9p2/11B/5H6/12/12/12/12/12/5K6/12 b - 1', '7e3a+ 2b1b 3b3c', 'material phase:endgame', 'composed mate (seed 7, try 169), won by bare king', 1600],
    ['1C10/k3g3c2H/12/8D3/12/12/12/12/12/12/4K7/12 b - 1', '4d11d 12b12a 11d11b 8b9b 11b12a', 'mate mate3 phase:endgame', 'composed mate (seed 7, try 234)', 1700],
  ] },
};

/** The test set of a game (ids `xq-b1`, `chu-b1`, …). */
export function builtinPuzzles(game: GameId): Puzzle[] {
  const { prefix, rows } = BUILTIN[game];
  return rows.map(([fen, solution, themes, source, rating], i) => ({
    id: `${prefix}-b${i + 1}`,
    game,
    fen,
    solution: solution.split(' '),
    themes: themes.split(' '),
    source: `chuhan's mate tests: ${source}`,
    rating,
  }));
}
