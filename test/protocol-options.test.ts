/**
 * What each protocol `chuhan engine` serves advertises in its handshake: the exact `option …`
 * lines of UCI, UCCI and USI (after `uci` / `ucci` / `usi`) and the `feature …` lines of CECP
 * (after `xboard` + `protover 2`). Driven in-process through `runProtocol`, the loop the
 * `engine --protocol …` command runs (with `--level 3 --no-book` as well: those change defaults).
 */
import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { GAMES } from '../src/games/registry.js';
import { runCli, spawnCli } from './helpers/cli.js';
import { advertise, ENGINE_OPTIONS, initialSettings, parseOptionLine, parseXboardOptionFeature, setOptionLine, type EngineOption, type EngineSettings, type OptionValue } from '../src/protocol/options.js';
import { runProtocol, type ProtocolName, type RunOptions } from '../src/protocol/run.js';
import { inlineThinker } from '../src/protocol/thinker.js';
import { UciSession } from '../src/protocol/uci.js';
import { XboardSession } from '../src/protocol/xboard.js';

const HELLO: Record<ProtocolName, string[]> = { uci: ['uci'], ucci: ['ucci'], usi: ['usi'], xboard: ['xboard', 'protover 2'] };

/** The engine's lines after the protocol's hello (and `quit`). */
async function handshake(protocol: ProtocolName, extra: Partial<RunOptions> = {}): Promise<string[]> {
  let out = '';
  const input = Readable.from([...HELLO[protocol], 'quit'].map((l) => `${l}\n`));
  await runProtocol({ protocol, input, write: (t) => void (out += t), thinker: inlineThinker(), ...extra });
  return out.split('\n').filter((l) => l !== '');
}

/** The advertising lines: `option …` and the ok word (UCI-like), `feature …` (CECP). */
const advertised = (lines: readonly string[]) => lines.filter((l) => /^(option |feature |uciok$|ucciok$|usiok$)/.test(l));

const UCI = [
  'option name UCI_Variant type combo default xiangqi var xiangqi',
  'option name Hash type spin default 64 min 1 max 1024',
  'option name Threads type spin default 1 min 1 max 64',
  'option name MultiPV type spin default 1 min 1 max 20',
  'option name Ponder type check default false',
  'option name UCI_LimitStrength type check default false',
  'option name UCI_Elo type spin default 1500 min 800 max 2400',
  'option name Level type spin default 0 min 0 max 8',
  'option name OwnBook type check default true',
  'uciok',
];
const UCCI = ['option usemillisec type check default false', 'option level type spin default 0 min 0 max 8', 'option usebook type check default true', 'ucciok'];
const USI = [
  'option name USI_Variant type combo default chushogi var chushogi',
  'option name USI_Hash type spin default 64 min 1 max 1024',
  'option name Threads type spin default 1 min 1 max 64',
  'option name MultiPV type spin default 1 min 1 max 20',
  'option name USI_Ponder type check default false',
  'option name Level type spin default 0 min 0 max 8',
  'option name USI_OwnBook type check default true',
  'usiok',
];
const XBOARD = [
  'feature done=0',
  'feature myname="chuhan 0.1.0" variants="xiangqi,chu"',
  'feature setboard=1 usermove=1 ping=1 playother=1 colors=0 time=1 draw=0 analyze=1 reuse=1 san=0',
  'feature sigint=0 sigterm=0 nps=0 memory=0 smp=1 exclude=0 pause=0 debug=1',
  'feature option="Level -spin 0 0 8"',
  'feature option="OwnBook -check 1"',
  'feature done=1',
];

/** The same with `--level 3 --no-book`. */
const leveled = (lines: readonly string[]) =>
  lines.map((l) =>
    l
      .replace(/^(option (name )?[Ll]evel type spin default )0/, '$13')
      .replace(/^(option (name )?(USI_)?(OwnBook|usebook) type check default )true/, '$1false')
      .replace('Level -spin 0 ', 'Level -spin 3 ')
      .replace('OwnBook -check 1', 'OwnBook -check 0'),
  );

describe('the options each protocol advertises (byte for byte)', () => {
  it('uci', async () => {
    const lines = await handshake('uci');
    expect(lines.slice(0, 2)).toEqual(['id name chuhan 0.1.0', 'id author the chuhan developers']);
    expect(advertised(lines)).toEqual(UCI);
  });
  it('ucci', async () => {
    expect(advertised(await handshake('ucci'))).toEqual(UCCI);
  });
  it('usi', async () => {
    expect(advertised(await handshake('usi'))).toEqual(USI);
  });
  it('xboard (protover 2)', async () => {
    expect(advertised(await handshake('xboard'))).toEqual(XBOARD);
  });
  it('with --level 3 --no-book the defaults follow', async () => {
    const extra = { level: 3, book: false };
    expect(leveled(UCI)).toContain('option name Level type spin default 3 min 0 max 8');
    expect(leveled(UCCI)).toContain('option usebook type check default false');
    expect(leveled(USI)).toContain('option name USI_OwnBook type check default false');
    expect(leveled(XBOARD)).toContain('feature option="OwnBook -check 0"');
    expect(advertised(await handshake('uci', extra))).toEqual(leveled(UCI));
    expect(advertised(await handshake('ucci', extra))).toEqual(leveled(UCCI));
    expect(advertised(await handshake('usi', extra))).toEqual(leveled(USI));
    expect(advertised(await handshake('xboard', extra))).toEqual(leveled(XBOARD));
  });
});

/** A session of `protocol` (on `table`) and the lines it wrote. */
function session(protocol: ProtocolName, table?: readonly EngineOption[]) {
  const out: string[] = [];
  const common = { thinker: inlineThinker(), write: (l: string) => void out.push(l), ...(table ? { options: table } : {}) };
  const s = protocol === 'xboard' ? new XboardSession(common) : new UciSession({ dialect: protocol, ...common });
  return {
    s,
    out,
    feed: (...lines: string[]) => {
      for (const l of lines) s.feed(l);
    },
  };
}

/** How a GUI sets option `name` to `value` in each protocol (the engine client's words). */
const setLine = setOptionLine;

describe('setting an option through each protocol reaches the settings', () => {
  const cases: [ProtocolName, string, Partial<EngineSettings>][] = [
    ['uci', setLine('uci', 'UCI_Variant', 'xiangqi'), { variant: 'xiangqi' }],
    ['uci', setLine('uci', 'Hash', '128'), { hashMb: 128 }],
    ['uci', setLine('uci', 'Threads', '2'), { threads: 2 }],
    ['uci', setLine('uci', 'MultiPV', '3'), { multiPv: 3 }],
    ['uci', setLine('uci', 'MultiPV', '99'), { multiPv: 20 }],
    ['uci', setLine('uci', 'Ponder', 'true'), { ponder: true }],
    ['uci', setLine('uci', 'UCI_LimitStrength', 'true'), { limitStrength: true }],
    ['uci', setLine('uci', 'UCI_Elo', '1257'), { elo: 1257 }],
    ['uci', setLine('uci', 'Level', '5'), { level: 5 }],
    ['uci', setLine('uci', 'OwnBook', 'false'), { ownBook: false }],
    ['uci', 'setoption name threads value 4', { threads: 4 }],
    ['usi', setLine('usi', 'USI_Hash', '256'), { hashMb: 256 }],
    ['usi', setLine('usi', 'Threads', '3'), { threads: 3 }],
    ['usi', setLine('usi', 'MultiPV', '4'), { multiPv: 4 }],
    ['usi', setLine('usi', 'USI_MultiPV', '5'), { multiPv: 5 }],
    ['usi', setLine('usi', 'USI_Variant', 'chushogi'), { variant: 'chushogi' }],
    ['usi', setLine('usi', 'USI_Ponder', 'true'), { ponder: true }],
    ['usi', setLine('usi', 'Level', '2'), { level: 2 }],
    ['usi', setLine('usi', 'USI_OwnBook', 'false'), { ownBook: false }],
    ['ucci', setLine('ucci', 'usemillisec', 'true'), { millis: true }],
    ['ucci', setLine('ucci', 'level', '4'), { level: 4 }],
    ['ucci', setLine('ucci', 'usebook', 'false'), { ownBook: false }],
    ['xboard', setLine('xboard', 'Level', '6'), { level: 6 }],
    ['xboard', setLine('xboard', 'OwnBook', '0'), { ownBook: false }],
    ['xboard', 'cores 2', { threads: 2 }],
  ];
  for (const [p, line, want] of cases) {
    it(`${p}: ${line}`, () => {
      const { s, out, feed } = session(p);
      feed(line);
      expect(out).toEqual([]);
      expect(s.settings).toEqual({ ...initialSettings(), ...want });
    });
  }

  it('every row, in every protocol that names it, changes the settings (and a refused value changes nothing)', () => {
    const initial = initialSettings();
    for (const o of ENGINE_OPTIONS) {
      const d = o.default(initial);
      const value: string =
        o.type === 'check' ? (d === true ? 'false' : 'true') : o.type === 'spin' ? String(o.max) : o.type === 'combo' ? o.vars!().at(-1)! : 'x';
      for (const p of ['uci', 'ucci', 'usi', 'xboard'] as const) {
        const name = o.names[p];
        const line = name !== undefined ? setLine(p, name, p === 'xboard' && o.type === 'check' ? (value === 'true' ? '1' : '0') : value) : p === 'xboard' && o.xboardCommand ? `${o.xboardCommand} ${value}` : null;
        if (line === null) continue;
        const { s, out, feed } = session(p);
        feed(line);
        expect(out, line).toEqual([]);
        // combo: the only choice may be the default
        if (o.type !== 'combo') expect(s.settings, `${p}: ${line}`).not.toEqual(initial);
      }
    }
  });

  it('refused values say why and leave the settings alone', () => {
    const uci = session('uci');
    uci.feed('setoption name Threads value 0', 'setoption name UCI_Variant value chushogi');
    expect(uci.out).toEqual(['info string Threads: a whole number from 1 to 64, not 0', 'info string variant chushogi is not supported (only xiangqi)']);
    expect(uci.s.settings).toEqual(initialSettings());
    const usi = session('usi');
    usi.feed('setoption name USI_Variant value xiangqi');
    expect(usi.out).toEqual(['info string variant xiangqi is not supported (only chushogi)']);
    expect(usi.s.settings).toEqual(initialSettings());
    const xb = session('xboard');
    xb.feed('cores 0', 'option Level=high', 'option Threads=2', 'memory 64');
    expect(xb.out).toEqual(['Error (bad parameters): cores 0', 'Error (unknown option): Level=high', 'Error (unknown option): Threads=2', 'Error (unknown command): memory']);
    expect(xb.s.settings).toEqual(initialSettings());
  });
});

describe('USI_MultiPV is honoured', () => {
  it('a USI GUI that sets USI_MultiPV 3 gets three multipv lines before bestmove', async () => {
    const { out, feed } = session('usi');
    feed('usi', 'setoption name USI_MultiPV value 3', 'isready', 'usinewgame', 'position startpos', 'go depth 2');
    await vi.waitFor(() => expect(out.some((l) => l.startsWith('bestmove '))).toBe(true), { timeout: 20_000, interval: 20 });
    const got = out;
    const multi = got.filter((l) => / multipv \d+ /.test(l));
    expect(multi.map((l) => / multipv (\d+) /.exec(l)![1])).toEqual(['1', '2', '3']);
    // three different root moves, the first the one played
    const firsts = multi.map((l) => / pv (\S+)/.exec(l)![1]);
    expect(new Set(firsts).size).toBe(3);
    expect(got.find((l) => l.startsWith('bestmove '))).toBe(`bestmove ${firsts[0]}`);
  });
});

describe('a new option is one row', () => {
  let contempt: OptionValue = 0;
  let path: OptionValue = '';
  const rows: EngineOption[] = [
    {
      type: 'spin',
      names: { uci: 'Contempt', usi: 'Contempt', ucci: 'contempt', xboard: 'Contempt' },
      min: -100,
      max: 100,
      default: () => 0,
      set: (_s, v) => {
        contempt = v;
        return null;
      },
    },
    {
      type: 'combo',
      names: { uci: 'Style', usi: 'Style', ucci: 'style', xboard: 'Style' },
      vars: () => ['solid', 'normal', 'risky'],
      default: () => 'normal',
      set: () => null,
    },
    {
      type: 'string',
      names: { uci: 'BookFile', usi: 'BookFile', ucci: 'bookfiles', xboard: 'BookFile' },
      default: () => '',
      set: (_s, v) => {
        path = v;
        return null;
      },
    },
    { type: 'button', names: { uci: 'Clear Hash', usi: 'Clear Hash', xboard: 'Clear Hash' }, default: () => false, set: () => null },
  ];
  const table = [...ENGINE_OPTIONS, ...rows];

  it('is advertised by every protocol, after the rows it follows', async () => {
    const hello = (p: ProtocolName) => {
      const { s, out } = session(p, table);
      for (const l of HELLO[p]) s.feed(l);
      return advertised(out);
    };
    expect(hello('uci')).toEqual([
      ...UCI.slice(0, -1),
      'option name Contempt type spin default 0 min -100 max 100',
      'option name Style type combo default normal var solid var normal var risky',
      'option name BookFile type string default <empty>',
      'option name Clear Hash type button',
      'uciok',
    ]);
    expect(hello('usi')).toEqual([
      ...USI.slice(0, -1),
      'option name Contempt type spin default 0 min -100 max 100',
      'option name Style type combo default normal var solid var normal var risky',
      'option name BookFile type string default <empty>',
      'option name Clear Hash type button',
      'usiok',
    ]);
    expect(hello('ucci')).toEqual([
      ...UCCI.slice(0, -1),
      'option contempt type spin default 0 min -100 max 100',
      'option style type combo default normal var solid var normal var risky',
      'option bookfiles type string default <empty>',
      'ucciok',
    ]);
    expect(hello('xboard')).toEqual([
      ...XBOARD.slice(0, -1),
      'feature option="Contempt -spin 0 -100 100"',
      'feature option="Style -combo solid /// *normal /// risky"',
      'feature option="BookFile -string "',
      'feature option="Clear Hash -button"',
      'feature done=1',
    ]);
  });

  it('is set through every protocol', () => {
    for (const [p, n] of [['uci', -5], ['usi', 7], ['ucci', 12], ['xboard', -30]] as const) {
      const { out, feed } = session(p, table);
      feed(setLine(p, p === 'ucci' ? 'contempt' : 'Contempt', String(n)));
      expect(out).toEqual([]);
      expect(contempt).toBe(n);
    }
    session('uci', table).feed('setoption name BookFile value /tmp/my book.obk');
    expect(path).toBe('/tmp/my book.obk');
    session('xboard', table).feed('option BookFile=book.obk');
    expect(path).toBe('book.obk');
  });
});

describe('the games offered come from the registry', () => {
  it('UCI_Variant lists the UCI games, CECP variants= the CECP games', async () => {
    const uciGames = GAMES.filter((g) => g.protocols.includes('uci')).map((g) => g.engineWire.uciVariants[0]);
    expect(UCI[0]).toBe(`option name UCI_Variant type combo default ${uciGames[0]} ${uciGames.map((v) => `var ${v}`).join(' ')}`);
    const xboardGames = GAMES.filter((g) => g.protocols.includes('xboard')).map((g) => g.xboard.xboardName);
    expect(XBOARD[1]).toBe(`feature myname="chuhan 0.1.0" variants="${xboardGames.join(',')}"`);
    const usiGames = GAMES.filter((g) => g.protocols.includes('usi')).map((g) => g.engineWire.uciVariants[0]);
    expect(USI[0]).toBe(`option name USI_Variant type combo default ${usiGames[0]} ${usiGames.map((v) => `var ${v}`).join(' ')}`);
  });
});

describe('chuhan engine --option NAME=VALUE', () => {
  it('sets options before the handshake (their advertised defaults follow)', async () => {
    const lines = advertised(await handshake('uci', { set: ['Threads=2', 'ownbook=false', 'MultiPV=3'] }));
    expect(lines).toContain('option name Threads type spin default 2 min 1 max 64');
    expect(lines).toContain('option name MultiPV type spin default 3 min 1 max 20');
    expect(lines).toContain('option name OwnBook type check default false');
    // CECP's spelling of a UCI row's name works too, and the other protocol shows it in its words
    expect(advertised(await handshake('xboard', { set: ['OwnBook=0', 'Level=5'] }))).toEqual(leveled(XBOARD).map((l) => l.replace('-spin 3', '-spin 5')));
  });

  it('refuses unknown options and values out of range (exit 2, before reading input)', async () => {
    const unknown = await runCli(['engine', '--protocol', 'uci', '--option', 'Contempt=5']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--option "Contempt=5": unknown engine option "Contempt" (known: UCI_Variant, USI_Variant, Hash, USI_Hash, Threads');
    const range = await runCli(['engine', '--protocol', 'usi', '--option', 'MultiPV=99']);
    expect(range.code).toBe(2);
    expect(range.stderr).toContain('option "MultiPV" is a whole number from 1 to 20, not "99"');
    const check = await runCli(['engine', '--option', 'OwnBook=maybe']);
    expect(check.stderr).toContain('option "OwnBook" is true or false, not "maybe"');
  });

  it('the shipped command: --option Threads=4 is advertised as the default (needs npm run build:emit)', () => {
    const r = spawnCli(['engine', '--protocol', 'usi', '--option', 'Threads=4', '--option', 'USI_OwnBook=false'], 'usi\nquit\n');
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines).toContain('option name Threads type spin default 4 min 1 max 64');
    expect(lines).toContain('option name USI_OwnBook type check default false');
  });
});

describe('the engine client reads what the engine advertises (the inverse of advertise)', () => {
  const table = [
    ...ENGINE_OPTIONS,
    { type: 'combo', names: { uci: 'Style', usi: 'Style', ucci: 'style', xboard: 'Style' }, vars: () => ['solid', 'normal'], default: () => 'normal', set: () => null },
    { type: 'string', names: { uci: 'Book File', ucci: 'bookfiles', xboard: 'Book File' }, default: () => '', set: () => null },
  ] satisfies EngineOption[];
  const s = initialSettings({ level: 3, book: false });
  for (const p of ['uci', 'usi', 'ucci', 'xboard'] as const) {
    it(p, () => {
      const read = advertise(p, s, table).map((l) => (p === 'xboard' ? parseXboardOptionFeature(/^feature option="(.*)"$/.exec(l)![1]!) : parseOptionLine(p, l.slice(7))));
      const want = table
        .filter((o) => o.names[p] !== undefined)
        .map((o) => ({
          name: o.names[p],
          type: o.type,
          vars: o.vars?.() ?? [],
          default: String(o.default(s)),
          ...(o.type === 'spin' ? { min: o.min, max: o.max } : {}),
        }));
      expect(read).toEqual(want);
    });
  }
  it('CECP options of other engines: a combo default marked or first, buttons, paths', () => {
    expect(parseXboardOptionFeature('Skill Level -spin 0 -20 20')).toEqual({ name: 'Skill Level', type: 'spin', vars: [], default: '0', min: -20, max: 20 });
    expect(parseXboardOptionFeature('Allow repeats -check 1')).toEqual({ name: 'Allow repeats', type: 'check', vars: [], default: 'true' });
    expect(parseXboardOptionFeature('Style -combo a /// b')).toMatchObject({ vars: ['a', 'b'], default: 'a' });
    expect(parseXboardOptionFeature('Clear Hash -button')).toEqual({ name: 'Clear Hash', type: 'button', vars: [] });
    expect(parseXboardOptionFeature('Book -file /usr/share/book.bin')).toMatchObject({ type: 'file', default: '/usr/share/book.bin' });
    expect(parseOptionLine('uci', 'name Skill Level type spin default 20 min -20 max 20')).toEqual({ name: 'Skill Level', type: 'spin', vars: [], default: '20', min: -20, max: 20 });
    expect(parseOptionLine('ucci', 'name hashsize type spin min 16 max 1024 default 64')).toMatchObject({ name: 'hashsize', min: 16, max: 1024, default: '64' });
  });
});
