/** main.ts's (and quick.ts's) reading of a plain command line, without commander. */

/**
 * The options of a command line made only of the given options, each at most once, every value a
 * separate word not starting with `-`; null for anything else (help, an unknown or repeated
 * option, `--x=y`, a missing value…), which commander then parses and reports as usual.
 */
export function plainOptions<T>(args: readonly string[], known: Readonly<Record<string, { key: keyof T; value: boolean }>>): T | null {
  const out: Record<string, string | boolean> = {};
  for (let i = 0; i < args.length; i++) {
    const spec = Object.hasOwn(known, args[i]!) ? known[args[i]!] : undefined;
    if (!spec || Object.hasOwn(out, spec.key as string)) return null;
    if (spec.value) {
      const v = args[++i];
      if (v === undefined || v.startsWith('-')) return null;
      out[spec.key as string] = v;
    } else out[spec.key as string] = true;
  }
  return out as T;
}
