import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { kept, notKept } from '../../support/statementKinds.js';

// Kinds of noise a reviewer found among saved memories, each written as invented sentences of
// that kind (none taken from a corpus), with a lasting statement of a similar shape beside it.
const texts = (said: string) =>
  findMemoryStatements([
    { role: 'assistant', content: [{ type: 'text', text: 'I looked at the project layout.' }] },
    { role: 'user', content: said } satisfies ModelMessage,
  ]).map((s) => s.text);

describe('"go with" agrees to what is at hand unless it names a thing (decision 104, amended)', () => {
  notKept(['Go with the fix.', 'Go with the second option.', 'ok go with that', 'Go with your suggestion.', 'Go with the simpler one.']);
  kept('feedback', ['Go with pnpm for every package.', 'Always go with Postgres for new services.']);
});

describe('a request for one piece of work is a task, whatever limits it sets (decision 106, amended)', () => {
  notKept([
    'Generate an example release note for the changes since 2.3.0 for me to review, at most one line per entry.',
    'Draft a sample migration guide for me to check, maximum one paragraph per section.',
    'Descarga en una carpeta temporal este repo y vamos a trabajar en la CLI: https://github.com/acme/tool',
    'Clone this repo into a temp folder so we can look at it: https://github.com/acme/tool',
  ]);
  kept('feedback', ['Keep release note entries to one line each, always.', 'Always get my approval of your plan before you implement it.']);
  kept('reference', ['The CLI lives at https://github.com/acme/tool', 'La documentación está en https://docs.acme.dev']);

  it('a request run into a rule without a full stop leaves the rule, not the request', () => {
    expect(texts('implement what is asked for in the TODO.md file First get my approval of your detailed plan')).toEqual([
      'First get my approval of your detailed plan',
    ]);
  });
});

describe('a message sent to see how the tool shows it holds no statement (decision 106, amended)', () => {
  notKept([
    "Here's a message with some **markdown** formatting: a [link](https://example.com), a list and a `code span`. Let's see how it renders!",
    'This is a test message with a table and a link to https://example.com, just checking how it displays.',
  ]);
  kept('reference', ['The rendering rules are documented at https://docs.acme.dev/markdown.']);
});

describe('what passes about the person is not kept (decision 93, amended)', () => {
  notKept([
    'I have updated DB_POOL_SIZE to a new value. It should fix our issue of dropped connections.',
    'I changed the API port to a different one, that should help.',
    "I've only recently started seeing this error.",
  ]);
  kept('project', ['I changed the API port to 8081.']);

  it('a setting changed to a value it says stays, without what it should fix (decision 93)', () => {
    expect(texts('I have updated QUEUE_URL=/v2/jobs to a new path. I think it should fix our issue of lost jobs')).toEqual([
      'I have updated QUEUE_URL=/v2/jobs to a new path.',
    ]);
  });

  it('a symptom said with a change of setup: the change stays, the symptom goes', () => {
    expect(
      texts(
        "I've only recently started seeing this happen...but I also moved to shared build caches last week (before that I wiped them daily)",
      ),
    ).toEqual(['I also moved to shared build caches last week (before that I wiped them daily)']);
  });
});
