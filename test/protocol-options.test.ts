/**
 * What each protocol `chuhan engine` serves advertises in its handshake: the exact `option …`
 * lines of UCI, UCCI and USI (after `uci` / `ucci` / `usi`) and the `feature …` lines of CECP
 * (after `xboard` + `protover 2`). Driven in-process through `runProtocol`, the loop the
 * `engine --protocol …` command runs (with `--level 3 --no-book` as well: those change defaults).
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runProtocol, type ProtocolName, type RunOptions } from '../src/protocol/run.js';
import { inlineThinker } from '../src/protocol/thinker.js';

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
