/**
 * Every subcommand, in help order. Each module is loaded only when needed: `chuhan validate …`
 * imports the validate module alone, so start-up does not pay for the others (ink, the engine…).
 */
import type { Command } from 'commander';
import type { Io } from '../context.js';

export type Register = (program: Command, io: Io) => void;

export const COMMANDS: { name: string; load: () => Promise<Register> }[] = [
  { name: 'moves', load: async () => (await import('./moves.js')).registerMoves },
  { name: 'perft', load: async () => (await import('./perft.js')).registerPerft },
  { name: 'piece', load: async () => (await import('./piece.js')).registerPiece },
  { name: 'show', load: async () => (await import('./show.js')).registerShow },
  { name: 'play', load: async () => (await import('./play.js')).registerPlay },
  { name: 'games', load: async () => (await import('./games.js')).registerGames },
  { name: 'repl', load: async () => (await import('./repl.js')).registerRepl },
  { name: 'validate', load: async () => (await import('./validate.js')).registerValidate },
  { name: 'engine', load: async () => (await import('./engine.js')).registerEngine },
  { name: 'analyse', load: async () => (await import('./analyse.js')).registerAnalyse },
];
