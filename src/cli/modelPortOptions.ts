import { Option, type Command } from 'commander';
import { ClaudeCodeModel } from '../model/claudeCode/index.js';
import type { ModelPort } from '../index.js';
import type { ModelPortOptions } from '../jobs/index.js';
import { positive } from './triggerOptions.js';

/** The options that configure the OpenAI-compatible and Claude Code ports, as commander parses them (read by modelFromOptions). */
export type ModelPortCliOptions = ModelPortOptions;

/** A one-line summary of the model kinds, for each command's `--model` help. */
export const MODEL_HELP =
  'auto (the Anthropic API when ANTHROPIC_API_KEY is set, else an OpenAI-compatible endpoint when one is configured, else Claude Code when logged in, else offline), offline, anthropic, openai-compatible or claude-code';

/** Adds --base-url, --model-name, --claude-model, --model-concurrency and --model-timeout to a command. */
export function addModelPortOptions(command: Command): Command {
  return command
    .option(
      '--base-url <url>',
      'with --model openai-compatible: the server, e.g. http://127.0.0.1:11434/v1 (default: MEMLOG_OPENAI_BASE_URL)',
    )
    .option('--model-name <name>', 'with --model openai-compatible: the model the server runs (default: MEMLOG_OPENAI_MODEL)')
    .option('--claude-model <alias>', "with --model claude-code: Claude Code's model (default: haiku, the cheapest)")
    .addOption(
      new Option('--model-concurrency <n>', 'openai-compatible and claude-code: model calls in flight at most (default 2)').argParser(
        positive,
      ),
    )
    .addOption(
      new Option('--model-timeout <seconds>', 'openai-compatible and claude-code: how long one call may take (default 300)').argParser(
        positive,
      ),
    );
}

/** The cost line of a report: what Claude Code said its calls cost (counted against the person's plan). */
export function costLine(model: ModelPort): string {
  if (!(model instanceof ClaudeCodeModel)) return '';
  // Cents hide what a few small calls cost: below one, six decimals.
  const cost = model.costUsd < 0.01 ? model.costUsd.toFixed(6) : model.costUsd.toFixed(4);
  return `  cost: $${cost} as Claude Code reported it (counted against your Claude Code plan)\n`;
}

/** The JSON report's cost field, for the Claude Code port. */
export function costField(model: ModelPort): { costUsd?: number } {
  return model instanceof ClaudeCodeModel ? { costUsd: model.costUsd } : {};
}
