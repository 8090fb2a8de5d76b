/**
 * `chuhan convert <input…>`: any readable record (PGN or move list in any notation, XQF, CCBridge, WXF,
 * DhtmlXQ, KIF; files and folders, opened by notation/records/open.ts) to PGN in the dialect another
 * program reads (notation/convert.ts), to a record format of the game's own (`Game.recordWriters`:
 * `--to kif` chu shogi as lishogi exports it, `--to dhtmlxq|xqf` xiangqi), or to the final
 * positions' FENs (one line per game).
 *
 * Every game is replayed against the rules first. Reading: an illegal move stops the conversion
 * (exit 1), an unreadable game or input exits 2. Writing: the result written is the judge's (the
 * replay's verdict) with a note in the record when the record said otherwise; a format the game has
 * no writer for is a usage error (exit 2); a game the target program cannot load (XBoard's chu) is
 * left out with one sentence on stderr, the others are written, and the exit code is 1.
 *
 * Output: standard output, one file (`-o FILE`, all games), or a folder (`-o DIR`: an existing
 * folder, or a path ending with `/`): one file per game, named after the source file
 * (`game.pgn` → `game.xqf` for a file of one game, `games-001.xqf`, `games-002.xqf` … for several),
 * never overwriting a file (`--force` does). XQF is binary: one game per file, never to a terminal.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, extname, join, sep } from 'node:path';
import type { Command } from 'commander';
import type { RecordFormatId, RecordFormatWriter } from '../../games/game.js';
import { getGame } from '../../games/registry.js';
import {
  dialectFen,
  dialectRefusal,
  gamesWriting,
  parseDialect,
  parseRecordFormat,
  recordWriterOf,
  writeDialectPgn,
  DIALECTS,
  RECORD_FORMATS,
  type RecordToWrite,
} from '../../notation/convert.js';
import { encodeGbk } from '../../notation/gbk.js';
import { formatReportLine, Replayer, type GameReport } from '../../notation/replay.js';
import { gameIdFromName, type GameId } from '../../games/registry.js';
import { CliError, VARIANT_NAMES, variantHelp, type Io } from '../context.js';
import { holdsGame, openRecordSource } from '../../notation/records/open.js';
import { expandInputs, inputChunks, openError } from '../record-files.js';

interface ConvertOptions {
  output?: string;
  to?: string;
  dialect?: string;
  notation?: string;
  encoding?: string;
  variant?: string;
  force?: boolean;
}

/** The record formats with the games each is written for: `kif (Chu Shogi) | dhtmlxq (Xiangqi) | …`. */
const RECORD_FORMAT_HELP = (Object.keys(RECORD_FORMATS) as RecordFormatId[]).map((f) => `${f} (${gamesWriting(f).join(', ')})`).join(' | ');

/** Every `--to` format: pgn, fen and the record formats. */
const TO_FORMATS = ['pgn', 'fen', ...Object.keys(RECORD_FORMATS)];

/**
 * The result to write and why it is not the record's: the judge's result (`GameReport.result`, the
 * rules' verdict, else the recorded result) wins; a note says what the record said when the rules
 * ended the game otherwise.
 */
export function keptResult(report: GameReport): { result: string; note: string | null } {
  const result = report.result;
  const recorded = report.recorded ?? '*';
  if (report.reason === null || result === recorded) return { result, note: null };
  const at = report.endPly !== null ? ` at ply ${report.endPly}` : '';
  const said = recorded === '*' ? 'the record gives no result' : `the record says ${recorded}`;
  return { result, note: `result by the rules: ${result}, ${report.reason}${at} (${said})` };
}

/** A file name part from a source path: its name without the extension, in letters, digits, `.`, `_` and `-`. */
export function safeBase(path: string): string {
  if (path === '-') return 'stdin';
  const name = basename(path, extname(path));
  const safe = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '_')
    .replace(/^[._]+/, '')
    .slice(0, 100);
  return safe === '' ? 'game' : safe;
}

/** One game's output, before it is placed (standard output, the `-o` file, or its own file in `-o DIR`). */
interface Piece {
  readonly index: number;
  readonly body: string | Uint8Array;
}

export function registerConvert(program: Command, io: Io): void {
  program
    .command('convert')
    .description('convert records (PGN, move lists, XQF, CCBridge, DhtmlXQ, WXF, KIF) to PGN in the dialect another program reads, to a record format of the game (KIF as lishogi exports it, DhtmlXQ, XQF), or to FEN')
    .argument('<input...>', 'record files or folders (read recursively), or - for standard input')
    .option('-o, --output <file|dir>', 'write to this file, or one file per game into this folder (an existing folder, or a path ending with /); default: standard output')
    .option('--to <format>', `pgn | fen (the final position of each game, one line each) | ${RECORD_FORMAT_HELP}`, 'pgn')
    .option('--dialect <dialect>', `the PGN dialect (and the FEN letters of --to fen): ${DIALECTS.join(' | ')}`, 'chuhan')
    .option('--notation <notation>', 'the move notation where the dialect lets one choose (chuhan: iccs, wxf, chinese, uci / usi, western; xqbase: iccs, wxf, chinese)')
    .option('--encoding <encoding>', 'utf-8 | gbk (text formats; XQF is always GBK inside)', 'utf-8')
    .option('--force', 'with -o DIR: overwrite files that are already there')
    .option('-v, --variant <variant>', variantHelp('default: from each record'))
    .action(async (inputs: string[], opts: ConvertOptions) => {
      const dialect = parseDialect(opts.dialect ?? 'chuhan');
      if (!dialect) throw new CliError(`unknown dialect "${opts.dialect}" (use ${DIALECTS.join(', ')})`);
      const to = (opts.to ?? 'pgn').trim().toLowerCase();
      const recordFormat: RecordFormatId | null = parseRecordFormat(to);
      if (to !== 'pgn' && to !== 'fen' && !recordFormat)
        throw new CliError(`unknown output format "${opts.to}" (use ${TO_FORMATS.slice(0, -1).join(', ')} or ${TO_FORMATS[TO_FORMATS.length - 1]})`);
      const encoding = (opts.encoding ?? 'utf-8').toLowerCase().replace(/^utf8$/, 'utf-8');
      if (encoding !== 'utf-8' && encoding !== 'gbk') throw new CliError(`unknown encoding "${opts.encoding}" (use utf-8 or gbk)`);
      let variant: GameId | undefined;
      if (opts.variant) {
        const id = gameIdFromName(opts.variant);
        if (!id) throw new CliError(`unknown variant "${opts.variant}" (use ${VARIANT_NAMES})`);
        variant = id;
      }
      // where the output goes: a folder (one file per game), a file, or standard output
      const out = opts.output;
      let dir: string | null = null;
      if (out !== undefined) {
        let isDir = false;
        try {
          isDir = statSync(out).isDirectory();
        } catch {
          isDir = false;
        }
        if (isDir || out.endsWith('/') || out.endsWith(sep)) dir = out;
      }
      const binaryOut = recordFormat !== null && to === 'xqf';
      if (binaryOut && out === undefined && io.isTTY)
        throw new CliError('XQF is a binary format: write it with -o FILE or -o DIR, or redirect standard output to a file', 2);
      if (dir !== null) {
        try {
          mkdirSync(dir, { recursive: true });
        } catch (e) {
          throw new CliError(`cannot make the folder ${dir}: ${(e as Error).message}`, 2);
        }
      }

      const dopts = { dialect, ...(opts.notation !== undefined ? { notation: opts.notation } : {}) };
      const replayer = new Replayer({ keepMoves: true, ...(variant ? { variant } : {}) });
      const collected: Piece[] = [];
      let games = 0;
      let files = 0;
      const refused: string[] = [];
      const usedNames = new Set<string>();

      /** The bytes of a text in the chosen encoding. */
      const encoded = (text: string): string | Uint8Array => {
        if (encoding !== 'gbk') return text;
        const b = encodeGbk(text);
        if (!b.ok) throw new CliError(`cannot write GBK: ${b.error}`, 2);
        return b.value;
      };
      const extension = (writer: RecordFormatWriter | null): string => (writer ? writer.extension : to === 'fen' ? 'fen' : 'pgn');
      /** Writes one game's file into the folder: a name not used in this run, never over an existing file unless --force. */
      const writeOne = (source: string, piece: Piece, numbered: boolean, writer: RecordFormatWriter | null): void => {
        const base = safeBase(source) + (numbered ? `-${String(piece.index).padStart(3, '0')}` : '');
        let name = `${base}.${extension(writer)}`;
        for (let k = 2; usedNames.has(name); k++) name = `${base}_${k}.${extension(writer)}`;
        usedNames.add(name);
        const path = join(dir!, name);
        try {
          writeFileSync(path, typeof piece.body === 'string' ? encoded(piece.body) : piece.body, { flag: opts.force ? 'w' : 'wx' });
        } catch (e) {
          if (e instanceof CliError) throw e;
          if ((e as { code?: string }).code === 'EEXIST') throw new CliError(`${path} is already there: convert does not overwrite files in -o DIR (use --force)`, 2);
          throw new CliError(`cannot write ${path}: ${(e as Error).message}`, 2);
        }
        files++;
      };

      const { inputs: sources } = await expandInputs(inputs);
      for (const input of sources) {
        const file = input.path;
        const name = file === '-' ? 'standard input' : file;
        let inFile = 0;
        // in -o DIR, the first game of a file waits: alone, it takes the file's name; with others, a number
        let pending: Piece | null = null;
        let writer: RecordFormatWriter | null = null;
        try {
          const opened = await openRecordSource(inputChunks(input));
          if (opened.format === 'none' && input.found) continue;
          for await (const rec of opened.records) {
            if (!holdsGame(rec)) continue;
            const report = replayer.replay(rec);
            if (report.status !== 'ok' || !report.start || !report.moves || !report.variant) {
              throw new CliError(`${name}: ${formatReportLine(report)}`, report.status === 'illegal' ? 1 : 2);
            }
            inFile++;
            const game = getGame(report.variant);
            const fail = (why: string, code: 1 | 2 = 2): never => {
              throw new CliError(`${name}: game ${rec.index}: ${why}`, code);
            };
            const { result, note } = keptResult(report);
            const toWrite: RecordToWrite = {
              game,
              start: report.start,
              moves: report.moves,
              tags: rec.tagList,
              result,
              moveTexts: rec.moves.map((m) => m.text),
              ...(note !== null ? { resultNote: note } : {}),
            };
            let body: string | Uint8Array;
            if (to === 'fen') {
              const end = report.start.clone();
              for (const m of report.moves) end.play(m);
              const f = dialectFen(game, end, dopts);
              if (!f.ok) fail(f.error);
              body = f.ok ? `${f.value}\n` : '';
            } else if (recordFormat) {
              const w = recordWriterOf(game, recordFormat);
              if (!w.ok) fail(w.error);
              writer = w.ok ? w.value : null;
              const r = writer!.write(toWrite);
              if (!r.ok) fail(r.error);
              body = r.ok ? r.value : '';
            } else {
              const why = dialectRefusal(toWrite, dopts);
              if (why !== null) {
                refused.push(`${name}: game ${rec.index}: left out: ${why}`);
                io.err(`chuhan: ${refused[refused.length - 1]}\n`);
                continue;
              }
              const r = writeDialectPgn(toWrite, dopts);
              if (!r.ok) fail(r.error);
              body = r.ok ? r.value : '';
            }
            games++;
            const piece: Piece = { index: rec.index, body };
            if (dir !== null) {
              if (inFile === 1) pending = piece;
              else {
                if (pending) writeOne(file, pending, true, writer);
                pending = null;
                writeOne(file, piece, true, writer);
              }
            } else {
              if (binaryOut && collected.length > 0)
                throw new CliError(`XQF holds one game per file and ${name} has more than one: write them with -o DIR`, 2);
              collected.push(piece);
            }
          }
        } catch (e) {
          if (e instanceof CliError) throw e;
          throw openError(name, e);
        }
        if (pending) writeOne(file, pending, false, writer);
        if (inFile === 0) {
          if (input.found) continue;
          throw new CliError(`found no games in ${name}`, 2);
        }
      }
      const plural = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;
      if (dir !== null) {
        io.err(`converted ${plural(games, 'game')} into ${plural(files, 'file')} in ${dir}\n`);
      } else {
        // text: games one after the other (PGN and record formats separated by a blank line, FENs one a line)
        let output: string | Uint8Array;
        if (binaryOut) output = (collected[0]?.body as Uint8Array | undefined) ?? new Uint8Array(0);
        else {
          const sepr = to === 'fen' ? '' : '\n';
          output = encoded(collected.map((p) => p.body as string).join(sepr));
        }
        if (out !== undefined) {
          try {
            writeFileSync(out, output);
          } catch (e) {
            throw new CliError(`cannot write ${out}: ${(e as Error).message}`, 2);
          }
          io.err(`converted ${plural(games, 'game')} to ${out}\n`);
        } else if (typeof output !== 'string') {
          if (!io.outBytes) throw new CliError(`${binaryOut ? 'XQF' : 'GBK'} output needs -o FILE here`, 2);
          io.outBytes(output);
        } else io.out(output);
      }
      if (refused.length > 0)
        throw new CliError(`${plural(refused.length, 'game')} of ${games + refused.length} left out: the program the ${dialect} dialect is for cannot load ${refused.length === 1 ? 'it' : 'them'} (see above)`, 1);
    });
}
