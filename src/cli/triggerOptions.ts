import { InvalidArgumentError, Option, type Command } from 'commander';
import type { ReplaySettings } from '../pipeline/index.js';
import { TRIGGER_POLICIES, type TriggerPolicy } from '../projections/index.js';

export interface TriggerOptions {
  readonly contextWindow?: number;
  readonly maxOutputTokens?: number;
  readonly notesInitTokens?: number;
  readonly notesUpdateTokens?: number;
  readonly notesToolCalls?: number;
  readonly extractEvery?: number;
  readonly policy?: TriggerPolicy;
  readonly proseWords?: number;
  readonly idleFlush?: number;
}

export const positive = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError('expected a positive integer');
  return n;
};

export const nonNegative = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number, 0 or more');
  return n;
};

/**
 * The trigger thresholds every command that replays decisions takes; with `policy`, also
 * `--policy` (whose rules fill in the rest, that one the default) and the extraction gates.
 */
export function addTriggerOptions(command: Command, policy?: TriggerPolicy, gates = true): Command {
  if (policy !== undefined)
    command.addOption(
      new Option(
        '--policy <policy>',
        "whose rules the triggers follow: claude-code (Claude Code's, for the version that wrote each entry) or memlog (memlog's own)",
      )
        .choices(TRIGGER_POLICIES)
        .default(policy),
    );
  if (policy !== undefined && gates)
    command
      .option(
        '--prose-words <n>',
        'the prose gate: skip extraction unless a user message since the cursor has n words (default 3; 0: off)',
        nonNegative,
      )
      .option(
        '--idle-flush <seconds>',
        'run an extraction the cadence held back when the session then stays idle this long (default: off)',
        positive,
      );
  return command
    .option('--context-window <tokens>', 'model context window (default 200000; 1000000 if usage passed that)', positive)
    .option('--max-output-tokens <tokens>', 'model max output tokens (default 32000)', positive)
    .option('--notes-init-tokens <tokens>', 'context size before the first session-notes update (default 10000)', positive)
    .option('--notes-update-tokens <tokens>', 'growth needed between session-notes updates (default 5000)', positive)
    .option('--notes-tool-calls <count>', 'tool calls that make an update due mid-turn (default 3)', positive)
    .option('--extract-every <turns>', 'run durable-memory extraction every N eligible turns (default 1)', positive);
}

export function toSettings(options: TriggerOptions): ReplaySettings {
  return {
    ...(options.policy === undefined ? {} : { policy: options.policy }),
    extraction: {
      ...(options.extractEvery === undefined ? {} : { everyTurns: options.extractEvery }),
      ...(options.proseWords === undefined ? {} : { minProseWords: options.proseWords }),
      ...(options.idleFlush === undefined ? {} : { idleFlushMs: options.idleFlush * 1000 }),
    },
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
