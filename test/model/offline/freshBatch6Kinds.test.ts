import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { defaultHandover } from '../../../src/model/offline/defaultHandover.js';
import { optionFallback } from '../../../src/model/offline/optionFallback.js';
import { looksSecret } from '../../../src/model/offline/secretLike.js';

// Kinds of statement read after a sixth fresh batch of real sessions (decision 110, amended 2026-12-07). Every sentence
// here was written for these tests.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const keptOf = (said: string): string[] => findMemoryStatements([assistant('Done, the tests pass.'), user(said)]).map((s) => s.text);

describe('a change asked to the default way work is handed over', () => {
  it('"adjust / change the default policy of" a step of version control or review is kept whole', () => {
    for (const said of [
      'Adjust the default policy of staging new files so that I can review them before you commit.',
      'Change your default practice of committing to leaving every change unstaged for my review.',
      'Please set the default workflow for pushing to opening a draft pull request first.',
    ])
      expect(keptOf(said), said).toEqual([said]);
  });

  it('a default of the program, one occasion, a question or a described habit is none', () => {
    for (const said of [
      'Set the default policy of retrying failed requests to three attempts.',
      'Change the default value of the timeout flag to thirty seconds.',
      'Adjust the default policy of staging for this commit only.',
      'Should we change the default policy of staging new files?',
      'The default policy of staging new files confused me yesterday.',
    ])
      expect(defaultHandover(said), said).toBeUndefined();
    expect(defaultHandover('Adjust the default policy of staging new files.')).toEqual({ type: 'feedback', cue: 'preference' });
  });
});

describe('how a missing option is found', () => {
  it('an option honoured, and the way its value is found when it is not given', () => {
    for (const said of [
      'Honor --config, but if not given, look for it in the current folder and then in the home folder.',
      'If --root is not passed, deduce it by walking up until a lock file is found.',
      'Respect the --profile flag and if it is not set fall back to the default profile in the settings file.',
    ])
      expect(keptOf(said), said).toEqual([said]);
  });

  it('the program described, a question, one occasion or a symptom is none', () => {
    for (const said of [
      'The CLI honors --config, and if not given it looks in the current folder.',
      'Honor --config, but if not given, should we look in the current folder?',
      'Use --config this time, but if not given, look in the current folder.',
      'Honor --config, but if not given it crashes with a stack trace.',
      'Honor the config option, but if not given, look in the current folder.',
    ])
      expect(optionFallback(said), said).toBeUndefined();
    expect(optionFallback('If --root is not given, infer it from the lock file.')).toEqual({ type: 'project', cue: 'project-fact' });
  });
});

describe('a link to a numbered issue or pull request is no key', () => {
  it('a path of lower-case words and a number is read as words, and the message is kept', () => {
    expect(looksSecret('see [#812](https://github.com/acme-tools/widget-specification/pull/812)')).toBe(false);
    expect(looksSecret('https://gitlab.example.org/platform/build-scripts/issues/10423')).toBe(false);
    const said =
      'Details in [#812](https://github.com/acme-tools/widget-specification/pull/812).\n\nWe always run the linter before pushing.';
    expect(keptOf(said)).toContain('We always run the linter before pushing.');
  });

  it('a run shaped like a generated key is still one, with or without words around it', () => {
    // Made-up values shaped like generated keys, not real credentials.
    expect(looksSecret('docs/Qx7vR2mK9pL4wT8zN3bY6cF1hJ5dG0sA/readme')).toBe(true);
    expect(looksSecret('build/3f9a2c71d04e8b56a19c7e2f40d8b3a6e51c9f07')).toBe(true);
  });
});
