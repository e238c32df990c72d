import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { defaultHandover } from '../../../src/model/offline/defaultHandover.js';
import { optionFallback } from '../../../src/model/offline/optionFallback.js';
import { reportsRatherThanAsks } from '../../../src/model/offline/reportedNotAsked.js';

// Decision 110, amended: a symptom word tells what happened, unless it is the condition of a lasting rule ("when the
// lookup fails, …", "…if the push fails"). Every sentence here was written for these tests.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const keptOf = (said: string): string[] => findMemoryStatements([assistant('Done, the tests pass.'), user(said)]).map((s) => s.text);

describe('a failure named as the condition of a lasting rule is no symptom', () => {
  it.each([
    'If --config is not given, look for it in the current folder, and fall back to the home folder when that lookup fails.',
    'If --root is not passed, deduce it from the lock file, and if the lookup fails, always use the current folder.',
    'Honor --cache-dir, but if not given, default to the system temp folder whenever creating it fails.',
  ])('option fallback: %s', (said) => {
    expect(reportsRatherThanAsks(said)).toBe(false);
    expect(optionFallback(said)).toEqual({ type: 'project', cue: 'project-fact' });
    expect(keptOf(said)).toEqual([said]);
  });

  it.each([
    'Change the default policy of pushing to retrying once when the push fails.',
    'Set the default practice of merging to rebasing first, and if the rebase fails, always stop and ask me.',
    'Change the default workflow of committing to running the hooks, and in case a hook breaks, leave the changes staged.',
  ])('default handover: %s', (said) => {
    expect(reportsRatherThanAsks(said)).toBe(false);
    expect(defaultHandover(said)).toEqual({ type: 'feedback', cue: 'preference' });
    expect(keptOf(said)).toEqual([said]);
  });
});

describe('a failure told as what happened is still a symptom', () => {
  it.each([
    'If --config is not given, fall back to the home folder crashes on Windows with EPERM.',
    'Set the default policy of merging to squash failed with a 403 from the API.',
    'If --out is not given, default to stdout, but it fails when stdout is closed.',
    'Change the default policy of pushing to force-push, but when I tried it, it failed with a 403.',
    'If --root is not passed, walk up to the top, which hangs on network drives.',
    // told after "when/if/every time I …" or after "but/though/which": what the person saw, not a rule's condition
    'If --config is not given, look for it in the current folder, but when I run it on Windows it fails with EPERM.',
    'Change the default policy of pushing to force-push, but each time I do it it fails with a 403.',
    'If --out is not given, default to stdout, but every time I try that it crashes.',
    'If --root is not passed, walk up to the top, though if I do that it hangs on network drives.',
    'If --root is not passed, walk up to the top, which should work but fails on CI.',
  ])('%s', (said) => {
    expect(reportsRatherThanAsks(said)).toBe(true);
    expect(keptOf(said)).toEqual([]);
  });
});
