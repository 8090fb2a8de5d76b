// Command-line options for the scripts: `takeOption(args, '--games', def)` removes `--games VALUE`
// from args and returns VALUE (def when the option is absent).
export function takeOption(args, name, def) {
  const i = args.indexOf(name);
  if (i < 0) return def;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
}
