/**
 * The options of `chuhan play` a saved game keeps, so `--resume` goes on as the game was played
 * (issue 43): the players' engines, the engine's time and book, the board's style and labels, the
 * pause between computer moves, mouse and colour. They are written in the game's file as one tag,
 * `[ChuhanOptions "engine=fairy-stockfish movetime=500 book=false"]` (each value URI-encoded, so
 * any engine command fits), only the options given on the command line (a default, or the style
 * the terminal is asked for, is found again at the next start).
 *
 * The rest of the game's state has tags of its own, written from the session as it is when saved:
 * the variant and rules (`Variant`, `Rules`), the start position (`FEN`), the players' kinds
 * (`ChuhanPlayers`: `players` may change them), the level (`ChuhanLevel`: `level` may change it),
 * the seed (`ChuhanSeed`: a random one when none was given) and the clocks (`ChuhanTimeControl`,
 * `ChuhanClock`). An option given again with `--resume` wins over the saved one.
 */

/** The option keys (commander's names) a saved game keeps in ChuhanOptions. */
export const KEPT_OPTIONS = ['red', 'black', 'engine', 'movetime', 'book', 'style', 'labels', 'delay', 'mouse', 'color'] as const;
export type KeptOption = (typeof KEPT_OPTIONS)[number];
export type KeptValues = Partial<Record<KeptOption, string | boolean>>;

/** The tag value of the options given (`given(key)`: the key came from the command line). */
export function formatPlayOptions(opts: object, given: (key: string) => boolean): string {
  const parts: string[] = [];
  for (const key of KEPT_OPTIONS) {
    const v = (opts as Record<string, unknown>)[key];
    if (!given(key) || (typeof v !== 'string' && typeof v !== 'boolean')) continue;
    parts.push(`${key}=${encodeURIComponent(String(v))}`);
  }
  return parts.join(' ');
}

/** The options of a ChuhanOptions tag value (unknown keys and malformed words are skipped). */
export function parsePlayOptions(text: string): KeptValues {
  const out: KeptValues = {};
  for (const word of text.trim().split(/\s+/)) {
    const m = /^([a-z]+)=(.*)$/.exec(word);
    if (!m || !(KEPT_OPTIONS as readonly string[]).includes(m[1]!)) continue;
    let v: string;
    try {
      v = decodeURIComponent(m[2]!);
    } catch {
      continue;
    }
    out[m[1] as KeptOption] = v === 'true' ? true : v === 'false' ? false : v;
  }
  return out;
}

/** The ChuhanOptions tag of a saved game's text, or null. */
export function savedPlayOptions(text: string): KeptValues | null {
  const m = /^\[ChuhanOptions "([^"\r\n]*)"\]/m.exec(text);
  return m ? parsePlayOptions(m[1]!) : null;
}

/** `opts` with each kept option not given on the command line taken from the saved game. */
export function withSavedOptions<T extends object>(opts: T, saved: KeptValues, given: (key: string) => boolean): T {
  const out: Record<string, unknown> = { ...(opts as Record<string, unknown>) };
  for (const key of KEPT_OPTIONS) if (!given(key) && saved[key] !== undefined) out[key] = saved[key];
  return out as T;
}
