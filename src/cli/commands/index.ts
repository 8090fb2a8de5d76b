/** Every subcommand, in help order. Each module adds its own command. */
import type { Command } from 'commander';
import type { Io } from '../context.js';
import { registerAnalyse } from './analyse.js';
import { registerEngine } from './engine.js';
import { registerMoves } from './moves.js';
import { registerPerft } from './perft.js';
import { registerPiece } from './piece.js';
import { registerPlay } from './play.js';
import { registerRepl } from './repl.js';
import { registerShow } from './show.js';
import { registerValidate } from './validate.js';

export const COMMANDS: ((program: Command, io: Io) => void)[] = [registerMoves, registerPerft, registerPiece, registerShow, registerPlay, registerRepl, registerValidate, registerEngine, registerAnalyse];
