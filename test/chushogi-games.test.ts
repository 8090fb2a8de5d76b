/**
 * The 49 real lishogi games of fixtures/games/chushogi (8,688 plies, all legal under lishogi
 * rules): every move must be found among our legal moves, and SFEN/USI must round-trip on the way.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { legalMoves } from '../src/core/perft.js';
import { CHU_START_SFEN, royalsLost } from '../src/games/chushogi/index.js';
import { formatChuSfen, parseChuSfen } from '../src/games/chushogi/notation/sfen.js';
import { formatUsi, parseUsi } from '../src/games/chushogi/notation/usi.js';
import { failures } from './helpers/failures.js';
import { CHU_GAMES } from './helpers/fixtures.js';

const PGN = CHU_GAMES + 'lishogi_49_games.pgn';

interface Game {
  fen: string;
  moves: string[];
}

/** A tiny reader for this file: tag pairs, then move numbers and USI moves. */
function readGames(text: string): Game[] {
  return text
    .split(/(?=\[Event )/)
    .filter((g) => g.trim() !== '')
    .map((g) => ({
      fen: /\[FEN "([^"]+)"\]/.exec(g)?.[1] ?? CHU_START_SFEN,
      moves: g
        .replace(/\[[^\]]*\]/g, ' ')
        .split(/\s+/)
        .filter((t) => t !== '' && !/^\d+\.$/.test(t) && !['*', '1-0', '0-1', '1/2-1/2'].includes(t)),
    }));
}

describe('lishogi games', () => {
  const games = readGames(readFileSync(PGN, 'utf8'));

  it('reads 49 games with 8,688 plies', () => {
    expect(games).toHaveLength(49);
    expect(games.reduce((s, g) => s + g.moves.length, 0)).toBe(8688);
  });

  it('every move is legal, and SFEN and USI round-trip at every ply', () => {
    let kingCaptured = 0;
    const loneRoyal: number[] = [];
    // every ply is checked; failures are collected and asserted once (test/helpers/failures.ts)
    const f = failures();
    games.forEach((game, gi) => {
      const start = parseChuSfen(game.fen);
      expect(start.ok, `game ${gi + 1} FEN`).toBe(true);
      if (!start.ok) return;
      const pos = start.value;
      game.moves.forEach((text, ply) => {
        const legal = legalMoves(pos);
        const m = parseUsi(pos, text);
        if (!m.ok) throw new Error(`game ${gi + 1} ply ${ply + 1} "${text}": ${m.error}`);
        const where = `game ${gi + 1} ply ${ply + 1} "${text}"`;
        f.check(legal.includes(m.value), () => `${where}: not among our legal moves`);
        // our canonical USI reads back to the same move
        const usi = formatUsi(m.value);
        const again = parseUsi(pos, usi);
        f.check(again.ok && again.value === m.value, () => `${where}: our USI ${usi} does not read back`);
        pos.play(m.value);
        const sfen = formatChuSfen(pos);
        const back = parseChuSfen(sfen);
        if (!back.ok) throw new Error(`game ${gi + 1} ply ${ply + 1}: ${sfen}: ${back.error}`);
        const sfen2 = formatChuSfen(back.value);
        f.check(sfen2 === sfen, () => `${where}: ${sfen} reads back as ${sfen2}`);
        f.check(back.value.hashLo === pos.hashLo && back.value.hashHi === pos.hashHi, () => `${where}: ${sfen}: parsed hash differs`);
      });
      if (royalsLost(pos)) {
        kingCaptured++;
        expect(legalMoves(pos)).toEqual([]);
      }
      const pieces = [0, 0];
      for (const p of pos.board) if (p) pieces[p & 1]!++;
      if (!royalsLost(pos) && Math.min(pieces[0]!, pieces[1]!) === 1) loneRoyal.push(gi + 1);
    });
    expect(f.list).toEqual([]);
    expect(kingCaptured).toBe(14);
    // the two bare-king endings (the bare-king rule itself belongs to the game-end issue)
    expect(loneRoyal).toEqual([16, 33]);
  });
});
