import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';

// Precision on a second batch of fresh sessions, by kind (decision 106, amended). Example sentences written for these tests.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const keptOf = (said: string): string[] =>
  findMemoryStatements([assistant('I pushed the branch; the checks are running.'), user(said)]).map((s) => s.text);

describe('what a person copies out of a terminal is not their words', () => {
  it('a paragraph hard-wrapped by a terminal, its next line indented, goes whole', () => {
    const copied =
      'There is no end-to-end test for pruning branches in mirror mode. The unit suite covers stale tags in syncer_test.go and\n' +
      '     prune is never exercised against a real remote, which is the one path users hit.';
    expect(keptOf(copied)).toEqual([]);
  });

  it('a line the person typed with an indented list under it is still theirs', () => {
    const [rule] = keptOf('Always run the linter before you commit:\n  - eslint for the code\n  - prettier for the rest');
    expect(rule).toMatch(/^Always run the linter before you commit/);
    expect(keptOf('Never push to main directly.\n  use a branch and a pull request instead')).toEqual([
      'Never push to main directly. Use a branch and a pull request instead',
    ]);
  });

  it('a shell prompt after the folder it runs in, on its own line or after the person’s words', () => {
    const session = 'nope, that did not help. ~/code  $ ln -s ~/src/plugin ~/.editor/plugins/x\n~/code  $ ls ~/.editor/plugins\nlocal';
    expect(keptOf(session)).toEqual([]);
    expect(keptOf('Always link plugins, never copy them. ~/code $ ln -s ~/src/plugin ~/.editor/plugins/x')).toEqual([
      'Always link plugins, never copy them.',
    ]);
  });

  it('a review’s findings, each opening with its severity, are the reviewer’s', () => {
    const review =
      '1. Medium: the retry is never applied to the second request, so a stale token always fails the run.\n' +
      '2. Low: the usage block always prints for the root command instead of the subcommand.';
    expect(keptOf(review)).toEqual([]);
    expect(keptOf('[P1] Tokens are never refreshed before the retry.\n[P2] The cache always misses on the first call.')).toEqual([]);
    const finding = '1. `internal/sync/plan.go:227` leaves stale temp refs behind. The rerun succeeds, but the temp ref is never deleted.';
    expect(keptOf(finding)).toEqual([]);
    expect(keptOf('High priority for me: always keep the changelog short.')).toEqual([
      'High priority for me: always keep the changelog short.',
    ]);
  });
});

describe('material handed over with a request, however the request is put', () => {
  it('"ok, can you look at this :" and "can you take a look:" hand over what follows', () => {
    const material = '\n\nThe valid credentials just got rejected. Go’s client never copies the header across hosts.';
    expect(keptOf(`ok, can you look at this :${material}`)).toEqual([]);
    expect(keptOf(`can you take a look:${material}`)).toEqual([]);
    expect(keptOf(`Have a look at these findings:${material}`)).toEqual([]);
  });

  it('a request to look at something that ends in a statement, not a colon, is read as before', () => {
    expect(keptOf('Can you take a look at the flaky test? We never retry tests in CI.')).toEqual(['We never retry tests in CI.']);
  });
});

describe('the work at hand said in a rule’s words', () => {
  it('a bare order to commit, push or merge now', () => {
    for (const said of ['no just commit and push', 'Just commit and push.', 'ok, push it', 'No, merge it'])
      expect(keptOf(said), said).toEqual([]);
    expect(keptOf('Always commit and push when a task is done.')).toEqual(['Always commit and push when a task is done.']);
  });

  it('a link to one issue or pull request to work on is a task, a tracker’s address a reference', () => {
    expect(keptOf('ok then work on https://github.com/acme/sync/issues/47')).toEqual([]);
    expect(keptOf('Then look at https://gitlab.com/acme/sync/-/merge_requests/12 next')).toEqual([]);
    expect(keptOf('Bugs are tracked at https://github.com/acme/sync/issues')).toHaveLength(1);
  });

  it('a polite request whose lasting word sits in a question of its own', () => {
    const said = 'Can you review this from a security point of view, are we 100% safe to never send the token to another host?';
    expect(keptOf(said)).toEqual([]);
    expect(keptOf('Can you always use pnpm here?')).toEqual(['Always use pnpm here.']);
  });

  it('a possibility put as an example is no rule', () => {
    const said = 'like for example we could set up that `main` always comes from the source remote';
    expect(keptOf(said)).toEqual([]);
    expect(keptOf('`main` always comes from the source remote.')).toHaveLength(1);
  });
});
