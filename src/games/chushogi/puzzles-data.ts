/** Placeholder until scripts/puzzles/generate.ts writes the set. */
export const CHU_PUZZLES = `# chuhan puzzles 1 · chushogi
`;
