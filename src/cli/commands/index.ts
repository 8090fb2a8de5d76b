/** Every subcommand, in help order. Each module adds its own command. */
import type { Command } from 'commander';
import type { Io } from '../context.js';
import { registerMoves } from './moves.js';
import { registerPerft } from './perft.js';

export const COMMANDS: ((program: Command, io: Io) => void)[] = [registerMoves, registerPerft];
