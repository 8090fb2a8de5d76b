/** `chuhan engines`: the engines `--engine` can name, where they are, and what they play. */
import type { Command } from 'commander';
import { EngineClient } from '../../engine-client/client.js';
import { configFile, listEngines, type EngineEntry } from '../../engine-client/config.js';
import { CliError, type Io } from '../context.js';
import { GAMES } from '../../games/registry.js';

interface EnginesOptions {
  json?: boolean;
  check?: boolean;
}

interface Row {
  name: string;
  source: string;
  protocol: string | null;
  /** UCI: `pikafish` (ICCS, no UCI_Variant) or `fairy-stockfish`; configured, or with --check found. */
  dialect?: string;
  games: string[];
  command: string;
  installed: boolean;
  install?: string;
  /** With --check: what the engine said. */
  id?: string;
  error?: string;
}

async function check(e: EngineEntry, row: Row): Promise<void> {
  const r = await EngineClient.open(e, { answerMs: 5000 });
  if (!r.ok) {
    row.error = r.error.message;
    return;
  }
  row.protocol = r.value.protocol;
  const d = r.value.dialect;
  if (d) row.dialect = d;
  row.games = [...r.value.games];
  row.id = r.value.name;
  await r.value.close();
}

export function registerEngines(program: Command, io: Io): void {
  program
    .command('engines')
    .description('list the engines --engine can name: builtin, engines.json, and fairy-stockfish/pikafish/hachu/maxqi when installed')
    .option('--check', 'start each installed engine and ask its protocol, name and games')
    .option('--json', 'machine-readable output')
    .action(async (opts: EnginesOptions) => {
      const list = listEngines(io.env);
      if (!list.ok) throw new CliError(list.error);
      const rows: Row[] = [
        { name: 'builtin', source: 'chuhan', protocol: null, games: GAMES.map((g) => g.id), command: '(in process)', installed: true },
      ];
      for (const e of list.value) {
        const row: Row = {
          name: e.name,
          source: e.source,
          protocol: e.protocol ?? null,
          ...(e.dialect ? { dialect: e.dialect } : {}),
          games: [...e.games],
          command: e.path && e.source === 'auto' ? e.path : e.command,
          installed: e.path !== null,
          ...(e.install ? { install: e.install } : {}),
        };
        if (opts.check && row.installed) await check(e, row);
        rows.push(row);
      }
      if (opts.json) {
        io.out(JSON.stringify({ config: configFile(io.env), engines: rows }) + '\n');
        return;
      }
      const w = Math.max(...rows.map((r) => r.name.length));
      for (const r of rows) {
        const games = r.games.length ? r.games.join(',') : '(asks the engine)';
        const proto = r.protocol ?? (r.name === 'builtin' ? '-' : 'detect');
        const where = r.installed ? r.command : `not installed${r.install ? ` (${r.install})` : ''}: ${r.command}`;
        let line = `${r.name.padEnd(w)}  ${proto.padEnd(6)}  ${games.padEnd(17)}  ${r.source.padEnd(6)}  ${where}`;
        if (r.id) line += `  [${r.id}${r.dialect === 'pikafish' ? ", Pikafish's dialect" : ''}]`;
        if (r.error) line += `  [error: ${r.error}]`;
        io.out(line.trimEnd() + '\n');
      }
      io.out(`config: ${configFile(io.env)}\n`);
    });
}
