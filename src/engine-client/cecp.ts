/** CECP (xboard) text shared by the engine client and the match runner. */

/** `a=1 b="x y" c=2` → pairs. */
export function parseFeatures(text: string): [string, string][] {
  const out: [string, string][] = [];
  const re = /(\w+)=("([^"]*)"|\S+)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) out.push([m[1]!, m[3] !== undefined ? m[3] : m[2]!]);
  return out;
}
