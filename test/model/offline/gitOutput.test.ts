import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { isGitOutputLine } from '../../../src/model/offline/gitOutput.js';
import { personsWords } from '../../../src/model/offline/personsWords.js';

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

describe("a person's rule next to a line git prints", () => {
  // A branch state said inside a sentence is the person's; a git line takes only itself out.
  it.each([
    ['Already up to date. Always rebase before pushing.', 'Always rebase before pushing.'],
    ['Current branch main is up to date. Always rebase before pushing.', 'Always rebase before pushing.'],
    ["Your branch is behind 'origin/main' often, so always pull --rebase first.", 'always pull --rebase first.'],
    ['Already up to date.\nAlways rebase before pushing.', 'Always rebase before pushing.'],
    ["Switched to branch 'main'\nNever commit directly to main; use feature branches.", 'Never commit directly to main'],
    ['To git@github.com:acme/widgets.git\nAlways push with --force-with-lease, never --force.', 'Always push with --force-with-lease'],
    ['nothing to commit, working tree clean\nAlways run git status before committing.', 'Always run git status before committing.'],
    ['remote: always push to origin, never to upstream.', 'always push to origin, never to upstream.'],
    ['* branch main -> always the default target for PRs.', 'always the default target for PRs.'],
    ['- [deleted] branches must be cleaned up weekly; always delete merged branches.', 'always delete merged branches.'],
  ])('is kept: %s', (said, rule) => {
    expect(kept(said).join(' ').toLowerCase()).toContain(rule.toLowerCase());
  });

  it.each([
    ["Your branch is behind 'origin/main' by 3 commits, and can be fast-forwarded.", true],
    ["Your branch is up to date with 'origin/main'.", true],
    ["Switched to a new branch 'fix/login'", true],
    ['remote: Enumerating objects: 5, done.', true],
    ['remote: error: GH006: Protected branch update failed for refs/heads/main.', true],
    ['remote:      https://github.com/acme/widgets/pull/new/fix', true],
    ['remote:', true],
    [' - [deleted]         (none)     -> origin/old-branch', true],
    [' = [up to date]      main       -> main', true],
    ['Already up to date. Always rebase before pushing.', false],
  ])('%s is a line git prints: %s', (line, git) => {
    expect(isGitOutputLine(line)).toBe(git);
  });
});

describe('a long run of spaces', () => {
  // A pattern that tries every split of a run of spaces takes minutes on this line; one that reads it once takes no time.
  const line = `${' '.repeat(200_000)}x`;

  it('is read once by the git line pattern', { timeout: 20_000 }, () => {
    expect(isGitOutputLine(line)).toBe(false);
  });

  it("is read once when a message's own words are found", { timeout: 20_000 }, () => {
    expect(personsWords(`Use pnpm, not npm.\n${line}`)).toContain('Use pnpm, not npm.');
  });
});
