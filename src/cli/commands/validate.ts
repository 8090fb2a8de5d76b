/** `chuhan validate`: replay the games of a record file and report each (cli.md). */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Command } from 'commander';
import { readRecords } from '../../notation/pgn.js';
import { formatReportLine, Replayer, reportJson, type GameReport } from '../../notation/replay.js';
import { gameIdFromName, type GameId } from '../../games/registry.js';
import { CliError, type Io } from '../context.js';

interface ValidateOptions {
  format?: string;
  variant?: string;
  json?: boolean;
  explain?: boolean;
  strict?: boolean;
  rules?: string;
}

const FORMATS = ['auto', 'pgn', 'list'];
const FLUSH = 1 << 16;

function openError(file: string, e: unknown): CliError {
  const code = (e as { code?: string }).code;
  const why =
    code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (e as Error).message;
  return new CliError(`cannot read ${file}: ${why}`, 2);
}

/** A game of a `--format list` input may not have tag pairs. */
function listFormatCheck(r: GameReport, hasTags: boolean, line: number): GameReport {
  if (!hasTags || r.status === 'malformed') return r;
  return {
    ...r,
    status: 'malformed',
    error: { ply: 1, move: null, line, column: 1, message: 'a move list has no tag pairs (use --format pgn)' },
  };
}

export function registerValidate(program: Command, io: Io): void {
  program
    .command('validate')
    .description('replay the games of a PGN file or move list and report the first illegal move of each')
    .argument('<file>', 'the record file, or - for standard input')
    .option('--format <format>', 'auto | pgn | list (a plain move list without tags)', 'auto')
    .option('-v, --variant <variant>', 'xiangqi | chushogi (default: from each record)')
    .option('--json', 'machine-readable output')
    .option('--rules <rules>', 'chu rule set: lishogi | jcsa (default: the Rules tag of each record, else lishogi)')
    .option('--strict', 'a ruling of the rules before the record ends (perpetual check, repetition…) is an error (exit 1)')
    .option('--explain', 'for a game ended by a judged repetition, show the cycle move by move and the ruling')
    .action(async (file: string, opts: ValidateOptions) => {
      const format = (opts.format ?? 'auto').toLowerCase();
      if (!FORMATS.includes(format)) throw new CliError(`unknown format "${opts.format}" (use auto, pgn or list)`);
      let variant: GameId | undefined;
      if (opts.variant) {
        const id = gameIdFromName(opts.variant);
        if (!id) throw new CliError(`unknown variant "${opts.variant}" (use xiangqi or chushogi)`);
        variant = id;
      }
      let source: AsyncIterable<string | Uint8Array>;
      if (file === '-') source = process.stdin;
      else {
        try {
          const st = await stat(file);
          if (st.isDirectory()) throw Object.assign(new Error('directory'), { code: 'EISDIR' });
        } catch (e) {
          throw openError(file, e);
        }
        source = createReadStream(file, { highWaterMark: 1 << 16 });
      }
      let out = opts.json ? '{"games":[' : '';
      const flush = (force: boolean): void => {
        if (out.length >= FLUSH || (force && out.length > 0)) {
          io.out(out);
          out = '';
        }
      };
      let games = 0;
      let okCount = 0;
      let illegal = 0;
      let malformed = 0;
      let ruled = 0;
      const replayer = new Replayer({ ...(variant ? { variant } : {}), ...(opts.explain ? { explain: true } : {}), ...(opts.rules ? { rules: opts.rules } : {}) });
      try {
        for await (const rec of readRecords(source)) {
          let report = replayer.replay(rec);
          if (format === 'list') report = listFormatCheck(report, rec.tagList.length > 0, rec.startLine);
          games++;
          if (report.status === 'ok') okCount++;
          else if (report.status === 'illegal') illegal++;
          else malformed++;
          if (report.rulings.length) ruled++;
          if (opts.json) out += (games > 1 ? ',' : '') + JSON.stringify(reportJson(report));
          else {
            out += formatReportLine(report) + '\n';
            if (report.explanation) out += report.explanation.lines.map((l) => `  ${l}\n`).join('');
          }
          flush(false);
        }
      } catch (e) {
        flush(true);
        throw openError(file === '-' ? 'standard input' : file, e);
      }
      if (opts.json) out += `],"summary":${JSON.stringify({ games, ok: okCount, illegal, malformed })}}\n`;
      flush(true);
      const name = file === '-' ? 'standard input' : file;
      if (games === 0) throw new CliError(`found no games in ${name}`, 2);
      if (malformed > 0)
        throw new CliError(`${malformed} of ${games} game${games === 1 ? '' : 's'} in ${name} ${malformed === 1 ? 'is' : 'are'} malformed`, 2);
      if (illegal > 0)
        throw new CliError(`${illegal} of ${games} game${games === 1 ? '' : 's'} in ${name} ${illegal === 1 ? 'has an illegal move' : 'have illegal moves'}`, 1);
      if (opts.strict && ruled > 0)
        throw new CliError(`${ruled} of ${games} game${games === 1 ? '' : 's'} in ${name} ${ruled === 1 ? 'goes' : 'go'} on past a ruling of the rules (--strict)`, 1);
    });
}
