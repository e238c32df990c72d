import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';

// What one commit or pull request, named by its hash or number, did: git and the tracker keep it (decision 106). Example sentences written for these tests.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const kept = (said: string): string[] => findMemoryStatements([assistant('I looked at the history.'), user(said)]).map((s) => s.text);

describe('a story of one change named by its id is not kept', () => {
  it.each([
    "On the `release-notes` branch, commit 3fa91c2e accidentally added a debug script that doesn't belong in the repo.",
    'PR #482 moved the auth checks into the gateway.',
    "Commit 3fa91c2e added a debug script that doesn't belong in the repo.",
    'Pull request #77 dropped support for Node 18.',
    "In commit 9c1e2d47 we switched the cache to Redis, which wasn't planned.",
  ])('%s', (said) => {
    expect(kept(said)).toEqual([]);
  });
});

describe('a rule or fact that only mentions an id is kept', () => {
  it.each([
    'PR #482 moved the auth checks into the gateway, so the handlers never check tokens.',
    'Never rewrite commits older than a1b2c3d4 on main.',
    'Ticket #311 is about the login redirect, not the session timeout.',
    "Don't put debug scripts in the repo.",
    'Release builds are pinned to image digest 4f3e2a1b9c in the chart.',
  ])('%s', (said) => {
    expect(kept(said)).toEqual([said]);
  });
});

describe('a hash that is no commit named, or a rule that names the change it came from, is kept', () => {
  // The commit word stands apart from the hash, or the sentence gives an order or says what must be.
  it.each([
    'Commit messages must reference the Jira ticket, like abc1234 in the log.',
    'Please cherry-pick commits onto release branches rather than merging, like we did with 4e5f6a7b.',
    'Since PR #482, handlers must not check tokens themselves; the middleware does it.',
    "After PR #120 we use pnpm workspaces, so don't run npm install in packages.",
    'PR #45 introduced the rule: use pnpm, not npm.',
    "PR #77 moved auth to middleware: handlers shouldn't check tokens.",
    "Don't rewrite the history of main, commit deadbeef0 broke CI doing that.",
  ])('%s', (said) => {
    expect(kept(said)).toEqual([said]);
  });
});
