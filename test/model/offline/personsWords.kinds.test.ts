import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { draftCandidates } from '../../../src/model/offline/candidatesDraft.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import type { ChunkMessage } from '../../../src/model/port.js';

// Whose words (decision 69), one kind of statement at a time. Example sentences written for these tests.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });

/** The texts of what is kept of one message said after an ordinary assistant turn. */
const keptOf = (said: string): string[] =>
  findMemoryStatements([assistant('I ran the suite; everything passes.'), user(said)]).map((s) => s.text);

describe('pasted material is not the person’s words', () => {
  it('another agent’s or a job’s report pasted after a line announcing it', () => {
    const said =
      'Here is what the nightly cleanup job reported:\n\nI left the migration untouched rather than rewriting it. I always run the linter before committing, so the tree is clean.\n\nWhat do you make of that?';
    expect(keptOf(said)).toEqual([]);
  });

  it('a CI log in a fence, a stack trace and a diff without one, text in tags and quoted chat lines', () => {
    const pastes = [
      'The build says:\n```\n2026-03-02T10:00:01Z ERROR never retry the deploy step\n```',
      'Error: always use the cache\n    at build (src/build.ts:10:5)\n    at main (src/main.ts:3:1)',
      'diff --git a/src/a.ts b/src/a.ts\n@@ -1 +1 @@\n-// we always squash commits\n+// we never squash commits',
      '<job-report>We always deploy from the release branch.</job-report>',
      '> Never merge on Fridays, says Dana in the channel\n> I prefer rebasing to merging',
    ];
    for (const paste of pastes) expect(keptOf(paste)).toEqual([]);
  });

  it('a test runner’s summary is pasted, a sentence that starts with "Tests" is the person’s (decision 93)', () => {
    expect(keptOf(' Test Files  3 passed (3)\n      Tests  41 passed (41)\n   Duration  2.10s')).toEqual([]);
    expect(keptOf('Tests go next to the code they test.')).toEqual(['Tests go next to the code they test.']);
  });

  it('the person’s own rule around a paste is still read', () => {
    const said = 'CI failed:\n```\nFAIL src/a.test.ts\n```\n\nAlways run the unit tests before you push.';
    expect(keptOf(said)).toEqual(['Always run the unit tests before you push.']);
  });
});

describe('a long numbered task prompt is a task', () => {
  const prompt = [
    'Set up tracing for the worker:',
    '1. Read https://docs.honeycomb.io/send-data/opentelemetry/ first.',
    '2. Now I need to send traces to Honeycomb from the worker.',
    '3. The traces dashboard is at https://ui.honeycomb.io/acme/datasets/worker.',
    '4. Open a PR when it is done.',
  ];

  it('its steps and links are not saved', () => {
    expect(keptOf(prompt.join('\n'))).toEqual([]);
  });

  it('a rule said among them is', () => {
    expect(keptOf([...prompt, '5. Always run the linter before you open the PR.'].join('\n'))).toEqual([
      'Always run the linter before you open the PR.',
    ]);
  });
});

describe('transient status and questions are not saved', () => {
  it('the status of a pull request', () => {
    for (const said of ['CI checks are green, the PR is still a draft.', 'The pull request is ready for review, checks passing.'])
      expect(keptOf(said)).toEqual([]);
  });

  it('questions, even with a rule’s words', () => {
    for (const said of ['Should we always squash commits?', 'Why do we never use the ORM here?']) expect(keptOf(said)).toEqual([]);
  });
});

describe('a later statement on the same subject replaces the earlier one within the session', () => {
  it('a correction said later keeps only the corrected fact', () => {
    const kept = findMemoryStatements([
      assistant('Where should the traces go?'),
      user('The traces endpoint is https://api.honeycomb.io/v1/traces.'),
      assistant('Configured the exporter.'),
      user(
        'I realized something: the key I gave you is for Dogfood, so the traces endpoint is https://api-dogfood.honeycomb.io/v1/traces instead of https://api.honeycomb.io/v1/traces.',
      ),
    ]).map((s) => s.text);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toContain('api-dogfood.honeycomb.io');
  });
});

describe('a lasting rule said as a request or a complaint is a rule', () => {
  it.each([
    'lets stop using relative imports, use the @src/ alias.',
    'We are using TypeScript only.',
    'i hate .sh tests, keep them all in .ts.',
    'Lets also make sure to run the linter with autofix after you are done with a bunch of commands.',
  ])('%s', (said) => {
    const kept = findMemoryStatements([assistant('Done.'), user(said)]);
    expect(kept.map((s) => s.type)).toEqual(['feedback']);
  });
});

describe('an AskUserQuestion answer is the person’s words', () => {
  const question = { type: 'tool_use' as const, id: 'toolu_ask', name: 'AskUserQuestion', input: { questions: [] } };
  const answered = (answer: string) =>
    `User has answered your questions: "Are these hook failures pre-existing?"="${answer}". You can now continue with the user's answers in mind.`;
  const rule = 'They are not pre-existing: main is clean, so always fix hook failures before you commit.';

  it('along the per-turn path, from the tool result of the AskUserQuestion call', () => {
    const kept = findMemoryStatements([
      { role: 'assistant', content: [question] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_ask', content: answered(rule) }] },
    ]);
    expect(kept.map((s) => s.text)).toEqual([rule]);
  });

  it('and not from the result of any other tool', () => {
    const kept = findMemoryStatements([
      { role: 'assistant', content: [{ ...question, name: 'Bash', id: 'toolu_bash' }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_bash', content: answered(rule) }] },
    ]);
    expect(kept).toEqual([]);
  });

  it('along the backfill path, from the answers a chunk message carries, cited by that message', () => {
    const messages: ChunkMessage[] = [
      { uuid: 'a1', role: 'assistant', human: false, text: '[tool call AskUserQuestion] {}' },
      { uuid: 'r1', role: 'user', human: false, text: `[tool result] ${answered(rule)}`, answers: [rule] },
    ];
    const { candidates } = draftCandidates({ kind: 'find_candidates', messages, known: [] });
    expect(candidates.map((c) => [c.description, c.sources])).toEqual([[rule, ['r1']]]);
  });
});

describe('asking for something to be kept is a rule', () => {
  it.each([
    ['We deploy from the release branch only. Add that to your CLAUDE.md.', 'We deploy from the release branch only.'],
    [
      'wait, antes de publicar tenemos que probar. Agrega eso a tu CLAUDE.md, preguntar al humano si desea probar los skills.',
      'Antes de publicar tenemos que probar. Preguntar al humano si desea probar los skills.',
    ],
    // What is left after the request starts a sentence, and is capitalised as one (decision 68, amended).
    [
      'Deploys wait for the smoke test. Put that in your memory, never deploy on a red build.',
      'Deploys wait for the smoke test. Never deploy on a red build.',
    ],
  ])('%s', (said, kept) => {
    const found = findMemoryStatements([assistant('Publishing now.'), user(said)]);
    expect(found.map((s) => [s.type, s.text])).toEqual([['feedback', kept]]);
  });
});

describe('material handed over with a request is not the person’s statements', () => {
  it('what follows "rewrite this post for LinkedIn:"', () => {
    const said =
      'Rewrite this post for LinkedIn:\n\nThe release command just got an upgrade.\n\nIn this video I show how to install the official marketplace. Remember to run the reload command after installing it, as the video shows.';
    expect(keptOf(said)).toEqual([]);
  });
});
