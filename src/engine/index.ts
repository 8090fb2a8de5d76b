/** The computer player: search, evaluation per game, levels, async search, random mover. */
export { Searcher, search, mateIn, isMateScore, MATE, type HistoryEntry, type SearchInfo, type SearchLimits, type SearchResult } from './search.js';
export { profileFor } from './profiles.js';
export {
  genericProfile,
  defaultRepetitionScore,
  judgedRepetitionScore,
  RULE_WIN,
  type EngineProfile,
  type RepetitionInfo,
  type IncrementalEval,
} from '../core/profile.js';
export { LEVELS, levelSettings, MIN_LEVEL, MAX_LEVEL, type Level } from './levels.js';
export { chooseMove, randomMove, sharedSearcher, type ChooseOptions, type ChosenMove } from './player.js';
export { EngineWorker, engineWorker, searchAsync, chooseMoveAsync, type AsyncSearch, type AsyncOptions } from './async.js';
export { historyEntry, replay } from './history.js';
export { createRng, type Rng } from './rng.js';
export { playMatch, type MatchOptions, type MatchSummary, type GameRecord, type Opponent } from './match.js';
export { TranspositionTable } from './tt.js';
