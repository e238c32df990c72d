import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { EXTRACT_OPTIONS, EXTRACT_RULES, type ExtractCliOptions } from '../../src/cli/extractOptions.js';
import type { OptionCondition } from '../../src/cli/optionTable.js';
import { createProgram } from '../../src/cli/main.js';

type Key = keyof ExtractCliOptions;

/** A value each option that takes one accepts, for the rules that only ask that it be given. */
const SAMPLE: Partial<Record<Key, string>> = {
  out: 'elsewhere',
  cassette: 'calls.cassette.json',
  chunkTokens: '9',
  consolidation: 'lexical',
  extractEvery: '2',
  policy: 'memlog',
  proseWords: '3',
  idleFlush: '5',
  firstLook: 'shadow',
  firstLookTimeout: '5',
  firstLookModel: 'claude-haiku',
};

function argsOf(condition: OptionCondition<Key> | undefined): string[] {
  if (condition === undefined) return [];
  const key = typeof condition === 'string' ? condition : condition.option;
  const flag = EXTRACT_OPTIONS[key].flags.split(' ')[0] ?? '';
  if (!EXTRACT_OPTIONS[key].flags.includes('<')) return [flag];
  return [flag, typeof condition === 'string' ? (SAMPLE[key] ?? 'x') : condition.value];
}

/** Parses `memlog extract` with these arguments in this process; what it wrote to stderr and the error it ended with. */
async function parse(args: readonly string[]): Promise<{ readonly stderr: string; readonly error: unknown }> {
  const argv = ['node', 'memlog', 'extract', ...args];
  const program = await createProgram(argv);
  let stderr = '';
  for (const command of program.commands) command.configureOutput({ writeErr: (text) => void (stderr += text), writeOut: () => {} });
  try {
    await program.parseAsync(argv);
    return { stderr, error: undefined };
  } catch (error) {
    return { stderr, error };
  }
}

describe('the rules of memlog extract options, as data', () => {
  it.each(EXTRACT_RULES.map((rule) => [rule.message, rule] as const))(
    'rejects its combination with one usage line: %s',
    async (_, rule) => {
      // A folder that is not there and --dry-run: should the rule let the combination through, the run fails otherwise.
      const args = ['no-such-folder', '--dry-run', ...argsOf(rule.given), ...argsOf(rule.with)];
      const { stderr, error } = await parse(args);
      expect(error).toBeInstanceOf(CommanderError);
      expect((error as CommanderError).message).toBe(`error: ${rule.message}`);
      expect(stderr.split('\n')[0]).toBe(`error: ${rule.message}`);
      expect(rule.message).not.toContain('\n');
    },
  );

  it('states each rule once, and every rule names options the table has', () => {
    const messages = EXTRACT_RULES.map((rule) => rule.message);
    expect(new Set(messages).size).toBe(messages.length);
    expect(EXTRACT_RULES.length).toBeGreaterThanOrEqual(11);
    for (const rule of EXTRACT_RULES)
      for (const condition of [rule.given, rule.with, rule.without])
        if (condition !== undefined) expect(EXTRACT_OPTIONS).toHaveProperty(typeof condition === 'string' ? condition : condition.option);
  });

  it('lets a combination that breaks no rule through to the command', async () => {
    const { error } = await parse(['no-such-folder', '--dry-run', '--per-turn', '--policy', 'memlog', '--first-look', 'shadow']);
    expect(error).not.toBeInstanceOf(CommanderError);
    expect(String(error)).toContain('no folder no-such-folder');
  });
});
