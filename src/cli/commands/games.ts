/** `chuhan games`: the saved games of `play` (newest first), as a table or `--json`. */
import type { Command } from 'commander';
import { CliError, type Io } from '../context.js';

interface GamesCliOptions {
  json?: boolean;
}

export function registerGames(program: Command, io: Io): void {
  program
    .command('games')
    .description('the saved games of play, newest first: id, date, game, players, result, plies, finished or not (chuhan play --resume ID continues one)')
    .option('--json', 'one JSON array')
    .action(async (opts: GamesCliOptions) => {
      const { GameStore, stateDir } = await import('../../tui/store.js');
      const store = new GameStore(stateDir(io.env));
      const owner = store.ownerProblem();
      if (owner) throw new CliError(owner, 2);
      const games = store.list();
      // unsafe lock or game files (a FIFO, a symlink): one sentence each, then ignored
      for (const w of store.warnings) io.err(`chuhan: warning: ${w}\n`);
      if (opts.json) {
        const rows = games.map((g) => ({
          id: g.id,
          file: g.path,
          date: g.date,
          modified: g.modified,
          game: g.game,
          players: g.players,
          result: g.result,
          plies: g.plies,
          finished: g.finished,
          open: g.openBy !== null,
          ...(g.unreadable ? { unreadable: g.unreadable } : {}),
        }));
        io.out(`${JSON.stringify(rows, null, 2)}\n`);
        return;
      }
      if (games.length === 0) {
        io.out(`no saved games in ${store.gamesDir}\n`);
        return;
      }
      const table = [['id', 'saved', 'game', 'players', 'result', 'plies', 'state']];
      for (const g of games) {
        const state = g.unreadable ? 'unreadable' : g.finished ? 'finished' : g.openBy !== null ? `open (pid ${g.openBy})` : 'unfinished';
        table.push([g.id, g.modified.slice(0, 16).replace('T', ' '), g.game, g.players ? g.players.join('–') : '?', g.result, String(g.plies), state]);
      }
      const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
      for (const r of table) io.out(`${r.map((c, i) => (i === 5 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd()}\n`);
      io.out(`in ${store.gamesDir}; chuhan play --resume ID continues an unfinished one\n`);
    });
}
