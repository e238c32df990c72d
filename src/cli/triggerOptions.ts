import { InvalidArgumentError, type Command } from 'commander';
import type { ReplaySettings } from '../pipeline/index.js';

export interface TriggerOptions {
  readonly contextWindow?: number;
  readonly maxOutputTokens?: number;
  readonly notesInitTokens?: number;
  readonly notesUpdateTokens?: number;
  readonly notesToolCalls?: number;
  readonly extractEvery?: number;
}

export const positive = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError('expected a positive integer');
  return n;
};

/** The trigger thresholds every command that replays decisions takes. */
export function addTriggerOptions(command: Command): Command {
  return command
    .option('--context-window <tokens>', 'model context window (default 200000)', positive)
    .option('--max-output-tokens <tokens>', 'model max output tokens (default 32000)', positive)
    .option('--notes-init-tokens <tokens>', 'context size before the first session-notes update (default 10000)', positive)
    .option('--notes-update-tokens <tokens>', 'growth needed between session-notes updates (default 5000)', positive)
    .option('--notes-tool-calls <count>', 'tool calls that make an update due mid-turn (default 3)', positive)
    .option('--extract-every <turns>', 'run durable-memory extraction every N eligible turns (default 1)', positive);
}

export function toSettings(options: TriggerOptions): ReplaySettings {
  return {
    extraction: options.extractEvery === undefined ? {} : { everyTurns: options.extractEvery },
    autocompact: {
      ...(options.contextWindow === undefined ? {} : { contextWindow: options.contextWindow }),
      ...(options.maxOutputTokens === undefined ? {} : { maxOutputTokens: options.maxOutputTokens }),
    },
    sessionNotes: {
      ...(options.notesInitTokens === undefined ? {} : { minimumTokensToInit: options.notesInitTokens }),
      ...(options.notesUpdateTokens === undefined ? {} : { minimumTokensBetweenUpdates: options.notesUpdateTokens }),
      ...(options.notesToolCalls === undefined ? {} : { toolCallsBetweenUpdates: options.notesToolCalls }),
    },
  };
}
