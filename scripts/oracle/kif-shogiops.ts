/**
 * Chu KIF written by `chuhan convert --to kif` (src/games/chushogi/kif.ts) read back by shogiops,
 * lishogi's rules library: for each of the 49 lishogi games, its KIF's header is read by
 * `parseKifHeader` and its move lines by `parseKifMovesOrDrops`, each move checked with `isLegal`
 * and played; the final SFEN (board and side to move) must be ours. Writes
 * `fixtures/convert/kif-shogiops.jsonl` (one line per game: what shogiops read), which
 * test/kif.test.ts checks against our writer and replay without shogiops.
 *
 *   mkdir -p /tmp/oracle && (cd /tmp/oracle && npm init -y && npm i shogiops@0.18.0)
 *   npx tsx scripts/oracle/kif-shogiops.ts --oracle /tmp/oracle
 *
 * `--kif-dir DIR` reads the KIF files the command wrote instead of calling the writer in-process
 * (the whole user path: the judge's result lines, `-o DIR` naming), one file a game:
 *
 *   node bin/chuhan.js convert --to kif fixtures/games/chushogi/lishogi_49_games.pgn -o /tmp/kif49/
 *   npx tsx scripts/oracle/kif-shogiops.ts --oracle /tmp/oracle --kif-dir /tmp/kif49 --out ''
 *
 * `--spell 1` spells out the two things shogiops cannot read (see spelledOut) so that every move
 * is compared; add `--out ''` (the fixture records the text as written).
 *
 * shogiops tells a chu KIF from a shogi one by its 12-row board diagram only: a record from the
 * normal start (lishogi writes no 手合割 line for it; lishogi's importer knows chu by its moves) is
 * read from shogiops' chu start position.
 *
 * It also reads a diagram's `杏` (lishogi's server's promoted Pawn) as shogi's promoted Lance: the
 * oracle hands it shogiops' own `成歩` instead. And its move pattern takes piece names of one or two
 * characters, so lishogi's `金飛車` (a promoted Gold) stops its move list too.
 *
 * shogiops reads a lion's first step without the previous move's square, so a first step written
 * `仝` (lishogi writes it when the first step lands where the last move ended; lishogi's own
 * importer, scalashogi's, reads it) stops its move list there: such games are reported with the
 * line, and the moves before it are still compared.
 */
import { readFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeChuKif } from '../../src/games/chushogi/kif.js';
import { formatChuSfen } from '../../src/games/chushogi/notation/sfen.js';
import { parseRecords } from '../../src/notation/pgn.js';
import { replayRecord } from '../../src/notation/replay.js';
import { options, writeJsonl } from './lib.js';

const opt = options({ oracle: '/tmp/oracle', games: 'fixtures/games/chushogi/lishogi_49_games.pgn', out: 'fixtures/convert/kif-shogiops.jsonl', 'kif-dir': '', spell: '' });
/**
 * `--spell 1`: the move lines with what shogiops cannot read spelled out, so that it reads every
 * move and the rest of the game is compared too: a lion's first step written `仝` gets the square
 * (the last move's destination: lishogi's importer reads it so), and a piece name of three
 * characters (`金飛車`) a two-character stand-in (shogiops takes the piece from the board, not the
 * name). The KIF itself is what convert wrote; only these two spellings change.
 */
function spelledOut(moveLines: readonly string[]): string[] {
  let last = '';
  return moveLines.map((l) => {
    const m = /^( *\d+手目(?:一歩目 |二歩目 | {3}))(仝|\d{1,2}(?:十[一二]|[一二三四五六七八九十]))(\S+)(.*)$/.exec(l);
    if (!m) return l;
    const [, head, dest, name, rest] = m as unknown as [string, string, string, string, string];
    const square = dest === '仝' ? last : dest;
    last = square;
    const piece = name.replace(/^(.*?)(成)?$/, (_, p: string, promo: string | undefined) => (p.length > 2 ? p.slice(0, 2) : p) + (promo ?? ''));
    return `${head}${/一歩目/.test(head) ? square : dest}${piece}${rest}`;
  });
}

// the file `convert --to kif GAMES -o DIR/` wrote for game N: the source's name and the game number
const cliKif = (n: number): string =>
  readFileSync(join(opt['kif-dir']!, `${basename(opt.games!, extname(opt.games!))}-${String(n).padStart(3, '0')}.kif`), 'utf8');
const dist = join(opt.oracle!, 'node_modules', 'shogiops', 'dist');
/* eslint-disable @typescript-eslint/no-explicit-any */
const kifLib: any = await import(pathToFileURL(join(dist, 'notation', 'kif.js')).href);
const sfenLib: any = await import(pathToFileURL(join(dist, 'sfen.js')).href);

const rows: unknown[] = [];
let full = 0;
let stopped = 0;
let disagree = 0;
for (const g of parseRecords(readFileSync(opt.games!, 'utf8'))) {
  const r = replayRecord(g, { keepMoves: true });
  if (r.status !== 'ok' || !r.start || !r.moves) throw new Error(`game ${g.index}: ${r.status}`);
  const text = opt['kif-dir']
    ? cliKif(g.index)
    : writeChuKif({ start: r.start, moves: r.moves, tags: g.tagList, result: '*', moveTexts: g.moves.map((m) => m.text) });
  // shogiops tells chu from a KIF header only by a 12-row diagram: for the normal start (no 手合割
  // line, as lishogi writes it; shogiops itself writes an empty `手合割：`) it is told the rules
  // and it reads a diagram's 杏 (lishogi's server writes it for a promoted Pawn) as shogi's promoted
  // Lance, no chu piece: it is given its own 成歩 there
  const head = text.includes('\n|')
    ? kifLib.parseKifHeader(text.replace(/^\|.*$/gm, (row) => row.replace(/(v?)杏/g, '$1成歩').replace(/ (v?成歩)/g, '$1')))
    : sfenLib.parseSfen('chushogi', sfenLib.initialSfen('chushogi'));
  if (!head.isOk) throw new Error(`game ${g.index}: shogiops cannot read the header`);
  const pos = head.value;
  const written = text.split('\n').filter((l) => /^ *\d+手目/.test(l));
  const lines = opt.spell ? spelledOut(written) : written;
  const mds = kifLib.parseKifMovesOrDrops(lines);
  let played = 0;
  let illegal: string | null = null;
  for (const md of mds) {
    if (!pos.isLegal(md)) {
      illegal = JSON.stringify(md);
      break;
    }
    pos.play(md);
    played++;
  }
  // our position after the same number of moves
  const ours = r.start.clone();
  for (const m of r.moves.slice(0, played)) ours.play(m);
  const theirs = (sfenLib.makeSfen(pos) as string).split(' ').slice(0, 2).join(' ');
  const row = { game: g.index, plies: r.moves.length, read: played, sfen: theirs, illegal, stopLine: null as string | null };
  if (played < r.moves.length) {
    // the line of the first move shogiops did not read (a lion move's first line)
    row.stopLine = lines.filter((l) => !/二歩目/.test(l))[played] ?? null;
    stopped++;
  } else full++;
  rows.push(row);
  const mine = formatChuSfen(ours).split(' ').slice(0, 2).join(' ');
  if (mine !== theirs || illegal) {
    disagree++;
    console.log(`game ${g.index}: after ${played} moves shogiops has ${theirs}, we have ${mine}${illegal ? `; illegal for shogiops: ${illegal}` : ''}`);
  }
  if (played < r.moves.length) console.log(`game ${g.index}: shogiops read ${played} of ${r.moves.length} moves, stopping at ${JSON.stringify(row.stopLine)}`);
}
console.log(`${full} games read whole by shogiops, ${stopped} stopped early, ${disagree} disagreements`);
if (opt.out) writeJsonl(opt.out, rows);
process.exitCode = disagree > 0 ? 1 : 0;
