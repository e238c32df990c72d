import { InvalidArgumentError, Option, type Command } from 'commander';

/** The model kinds `--model` and `--recall-model` take; anything else is a usage error. */
export const MODEL_KINDS = ['auto', 'offline', 'anthropic', 'openai-compatible', 'claude-code'] as const;

/** A `--model`-style option that accepts only {@link MODEL_KINDS}. */
export function modelOption(flags: string, description: string, defaultValue: (typeof MODEL_KINDS)[number]): Option {
  return new Option(flags, description).choices(MODEL_KINDS).default(defaultValue);
}

/** A TCP port: 0 (any free port) to 65535. */
export const port = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65_535) throw new InvalidArgumentError('expected a port number from 0 to 65535');
  return n;
};

/**
 * Checks options against each other before the action runs: `check` gets the options and
 * `given(key)`, true when the user typed that option (not a default), and returns a message
 * for a combination that makes no sense. Commander prints it; main exits with 2.
 */
export function checkOptions<O>(command: Command, check: (options: O, given: (key: string) => boolean) => string | undefined): Command {
  return command.hook('preAction', (_parent, action) => {
    const message = check(action.opts<O & Record<string, unknown>>(), (key) => action.getOptionValueSource(key) === 'cli');
    if (message !== undefined) action.error(`error: ${message}`);
  });
}
