/** The hash of the build's inputs under `root` (the repository by default). */
export function buildInputsHash(root?: string): string;
/** Whether dist/ under `root` was built from the inputs `hash` was taken of. */
export function upToDate(hash?: string, root?: string): boolean;
/** Records that dist/ holds the build of the inputs `hash` was taken of. */
export function stamp(hash: string, root?: string): void;
/** Forgets the record. */
export function unstamp(root?: string): void;
