/**
 * A memory directory's history: its changes, their sources, their effect and undoing a run (decisions 79 and 80).
 * The CLI's memory and undo commands load this alone rather than every job (decision 118).
 */
export { memoryHistory, diffOf, type HistoryEntry, type ChangeName } from './memoryHistory.js';
export { claudeCodeWrites, type ClaudeCodeWrite } from './claudeCodeWrites.js';
export { recordedRuns, type RecordedRun, type FileChange, type RunSort } from './readChanges.js';
export { undoRun, UndoTargetError, type UndoResult, type UndoOptions, type UndoConflict } from './undoRun.js';
export { wordsAt } from './sourceWords.js';
export { memoryEffect, type MemoryEffect, type EffectTotals } from './memoryEffect.js';
export { memorySessions } from './memorySessions.js';
// The records a history is read from: what extraction wrote and what consolidation touched.
export { memoryWrites, type MemoryWrite } from '../extraction/provenance.js';
export { consolidationHistory, type ConsolidationTouch } from '../consolidation/consolidationHistory.js';
