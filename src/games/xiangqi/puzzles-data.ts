/** Placeholder until scripts/puzzles/generate.ts writes the set. */
export const XIANGQI_PUZZLES = `# chuhan puzzles 1 · xiangqi
`;
