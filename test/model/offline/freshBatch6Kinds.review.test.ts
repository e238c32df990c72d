import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { defaultHandover } from '../../../src/model/offline/defaultHandover.js';
import { optionFallback } from '../../../src/model/offline/optionFallback.js';

// An independent review of decision 110's batch-6 kinds (amended 2026-12-07): statements of the two shapes that hold for
// no later work. Every sentence here was written for these tests.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const keptOf = (said: string): string[] => findMemoryStatements([assistant('Done, the tests pass.'), user(said)]).map((s) => s.text);

describe('a default way of handing work over that does not last', () => {
  it('a default of the program: the step performed in a component of it', () => {
    for (const said of [
      'Set the default policy of merging in the sync engine to last-writer-wins.',
      'Change the default policy of rebasing in our git wrapper to autosquash.',
      'Set the default workflow of branching in the scaffolder to trunk-based.',
    ])
      expect(keptOf(said), said).toEqual([]);
  });

  it('one occasion: until something lands or someone is back, temporarily, the next release only', () => {
    for (const said of [
      'Switch the default workflow for pushing to force-push until the migration lands.',
      'Change the default policy of staging to leaving files unstaged temporarily, until I am back from leave.',
      'Set the default practice of tagging to signed tags for the next release only.',
    ])
      expect(keptOf(said), said).toEqual([]);
  });

  it('a symptom, a question without its mark, someone else’s suggestion', () => {
    for (const said of [
      'Set the default policy of merging to squash failed with a 403 from the API.',
      'Change the default policy of committing to leaving changes unstaged, or should we keep it',
      'Change the default policy of merging to squash, right',
      'Set the default workflow of reviewing to two approvals, is what Bob suggested, but I am not convinced.',
    ])
      expect(keptOf(said), said).toEqual([]);
  });

  it('the same changes said of the person’s own handover, for good, are still kept', () => {
    for (const said of [
      'Change the default policy of merging to squash so the history stays readable.',
      'Switch the default workflow for pushing to opening a draft pull request until it is reviewed.',
      'Adjust the default policy of staging new files so that the differences (not staged) stay for me to review.',
    ]) {
      expect(defaultHandover(said), said).toEqual({ type: 'feedback', cue: 'preference' });
      expect(keptOf(said), said).toEqual([said]);
    }
  });
});

describe('how a missing option is found, said of something else', () => {
  it('a task for now: find out, figure out, look at', () => {
    for (const said of [
      'If --port is not set, find out which process holds 8080 and kill it.',
      'If --cache is not given, figure out why the build is slow first.',
      'If --verbose is not passed, look at the hooks output in the log to see what failed.',
    ])
      expect(keptOf(said), said).toEqual([]);
  });

  it('another program described, or what its docs say', () => {
    for (const said of [
      'If --type is not given, search all files; that is how ripgrep does it.',
      'If --root is not given, walk up to the repository top, the upstream docs say.',
      'If --repo is not given, infer it from the git remote like the gh CLI does.',
      'If --out is not given, default to stdout (this is what the old script did).',
    ])
      expect(keptOf(said), said).toEqual([]);
  });

  it('a symptom after the clause, one occasion, a question without its mark', () => {
    for (const said of [
      'If --config is not given, fall back to the home folder crashes on Windows with EPERM.',
      'If --root is not given, walk up to the repository top until the migration lands.',
      'If --profile is not set, fall back to the default profile for the next release only.',
      'If --root is not given, deduce it from the lock file, is it safe on a monorepo',
      'If --out is not given, default to stdout, right',
    ])
      expect(keptOf(said), said).toEqual([]);
  });

  it('pasted issue text stays pasted, its steps too', () => {
    const pasted =
      'Pasting the issue text:\n\nHonor --config, but if not given, look for it in the current folder and then in the home folder.\n' +
      'Steps to reproduce: run the tool in a subfolder without --config.\n\nSteps to reproduce, continued: it then reads no file.';
    expect(findMemoryStatements([assistant('Done.'), user(pasted)])).toEqual([]);
    const own = 'Pasting the issue text:\n\nThe tool ignores the config in subfolders.\n\nWe always reply to issues within a day.';
    expect(findMemoryStatements([assistant('Done.'), user(own)]).map((s) => s.text)).toEqual(['We always reply to issues within a day.']);
  });

  it('the clause that finds the value is still kept: walk up until found, fall back, default to', () => {
    for (const said of [
      'If --root is not passed, deduce it by walking up until a lock file is found.',
      'If --out is not given, default to the build folder of the package.',
    ]) {
      expect(optionFallback(said), said).toEqual({ type: 'project', cue: 'project-fact' });
      expect(keptOf(said), said).toEqual([said]);
    }
  });
});
