import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { isGitOutputLine } from '../../../src/model/offline/gitOutput.js';

// Lines git prints, pasted into a message without a line announcing them, are not the person's words (decision 106). Example output written for these tests.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const kept = (said: string): string[] => findMemoryStatements([assistant('I pushed the branch.'), user(said)]).map((s) => s.text);

const pushOutput = [
  'the push said',
  'To github.com:acme/widgets.git',
  ' ! [rejected]        main -> main (fetch first)',
  'From https://github.com/acme/widgets',
  '   3fa91c2..9c1e2d4  main       -> origin/main',
  ' * branch            release/v2 -> FETCH_HEAD',
  'remote: Permission to acme/widgets.git denied to deploy-bot.',
  ' create mode 100644 docs/setup.md',
  "Your branch is ahead of 'origin/main' by 2 commits.",
].join('\n');

describe("git's output pasted into a message", () => {
  it('is left out; the rule said after it is kept', () => {
    expect(kept(`${pushOutput}\n\nWe always rebase onto main before pushing.`)).toEqual(['We always rebase onto main before pushing.']);
  });

  it.each(pushOutput.split('\n').slice(1))('a line git prints: %s', (line) => {
    expect(isGitOutputLine(line)).toBe(true);
  });

  it.each([
    'From now on, push to the fork first.',
    'To deploy, tag the release on main.',
    'Your branch names should start with your initials.',
    'Remote: the staging box is remote-only.',
  ])('a person’s sentence that opens the same way: %s', (line) => {
    expect(isGitOutputLine(line)).toBe(false);
  });
});
