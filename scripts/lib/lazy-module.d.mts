/** `code` (an ES module: imports, top-level code, one `export default function`) with everything but its imports run at the first call. */
export function lazyDefaultFunction(code: string, file?: string): string;
