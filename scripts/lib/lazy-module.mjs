// A module whose load does costly work that its callers may never need, turned into one that does
// it at the first call of its default export (scripts/bundle.mjs gives string-width this shape).

const DEFAULT_FUNCTION = /^export default function ([A-Za-z_$][\w$]*)\(/m;

/**
 * The source of an ES module made of imports, top-level code and one `export default function NAME(`
 * rewritten so that everything but the imports runs once, at the first call of NAME. Throws if the
 * module has another shape (another export, an import over several lines), rather than giving a
 * module that behaves differently.
 */
export function lazyDefaultFunction(code, file = 'the module') {
  const lines = code.split('\n');
  const imports = lines.filter((l) => l.startsWith('import '));
  const body = lines.filter((l) => !l.startsWith('import ')).join('\n');
  const found = DEFAULT_FUNCTION.exec(body);
  const others = body.replace(DEFAULT_FUNCTION, '');
  if (!found || /^export\b/m.test(others) || /^\s*import\b/m.test(others) || imports.some((l) => !/;\s*$/.test(l)))
    throw new Error(`lazyDefaultFunction: ${file} is not imports, code and one \`export default function\``);
  const name = found[1];
  return [
    ...imports,
    `let chuhanLazy;`,
    `export default function ${name}(...args) {`,
    `  chuhanLazy ??= chuhanLoad();`,
    `  return chuhanLazy(...args);`,
    `}`,
    `function chuhanLoad() {`,
    body.replace(DEFAULT_FUNCTION, `return function ${name}(`),
    `}`,
  ].join('\n');
}
