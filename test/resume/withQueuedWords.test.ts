import { describe, expect, it } from 'vitest';
import { TypedWords } from '../../src/projections/typedWords.js';
import type { ApiMessage } from '../../src/resume/apiView.js';
import { liveConversation, sessionHistory } from '../../src/resume/loadConversation.js';
import { placedOnKept, withQueuedWords } from '../../src/resume/withQueuedWords.js';
import {
  assistantEntry,
  compactBoundaryEntry,
  compactSummaryEntry,
  sideEntry,
  text,
  toolResultEntry,
  toolUse,
  userEntry,
} from '../../src/testing/entryBuilders.js';
import type { Entry } from '../../src/transcript/entrySchema.js';

// Words a person queued while the agent worked, read where the conversation a view keeps received them (decision 100).
const words = 'Wait: always run the linter before a commit.';
const handedOver: Entry[] = [
  sideEntry('queue-operation', { operation: 'enqueue', content: words }),
  sideEntry('queue-operation', { operation: 'remove' }),
];

/** Each message of the view as its sources and whether it carries the queued words, for views built both ways. */
function readWith(entries: readonly Entry[], view: typeof sessionHistory): Array<[string[], number]> {
  const fold = new TypedWords();
  for (const entry of entries) fold.add(entry);
  const messages = view(entries.map((entry, seq) => ({ seq, entry })));
  const typed = placedOnKept(messages, fold.found({ ended: true }));
  return withQueuedWords(messages, typed.queued).map((message: ApiMessage) => [
    message.sources,
    message.content.filter((block) => block.type === 'text' && block.text === words).length,
  ]);
}

const carrying = (entries: readonly Entry[], view: typeof sessionHistory): string[][] =>
  readWith(entries, view).flatMap(([sources, count]) => Array.from({ length: count }, () => sources));

const views = [
  ['the backfill’s history', sessionHistory],
  ['the live conversation', liveConversation],
] as const;

describe.each(views)('queued words in %s', (_name, view) => {
  it('are read once with the entry they were handed over with, when the view keeps it', () => {
    const entries = [
      userEntry('p1', 'Fix the build.'),
      assistantEntry('a1', 'm1', toolUse('t1'), { parentUuid: 'p1' }),
      ...handedOver,
      toolResultEntry('r1', 't1', 'a1'),
      assistantEntry('a2', 'm2', text('Done.'), { parentUuid: 'r1' }),
    ];
    expect(carrying(entries, view)).toEqual([['r1']]);
  });

  it('handed over with a copy of a tool result the view already holds (a response written again), are read once where it holds it', () => {
    const entries = [
      userEntry('p1', 'Fix the build.'),
      assistantEntry('a1', 'm1', toolUse('t1'), { parentUuid: 'p1' }),
      toolResultEntry('r1', 't1', 'a1'),
      // The same response written again with new uuids, and a new copy of its result, which the view drops.
      assistantEntry('a1b', 'm1', toolUse('t1'), { parentUuid: 'p1' }),
      ...handedOver,
      toolResultEntry('r1b', 't1', 'a1b'),
      assistantEntry('a2', 'm2', text('Done.'), { parentUuid: 'r1b' }),
    ];
    expect(readWith(entries, view).flatMap(([sources]) => sources)).not.toContain('r1b');
    expect(carrying(entries, view)).toEqual([['r1']]);
  });

  it('handed over with an entry the view drops (nothing in it for the model), are read once with the next user message it keeps', () => {
    const entries = [
      userEntry('p1', 'Fix the build.'),
      assistantEntry('a1', 'm1', toolUse('t1'), { parentUuid: 'p1' }),
      ...handedOver,
      userEntry('e1', [], { parentUuid: 'a1' }),
      toolResultEntry('r1', 't1', 'e1'),
      assistantEntry('a2', 'm2', text('Done.'), { parentUuid: 'r1' }),
    ];
    expect(carrying(entries, view)).toEqual([['r1']]);
  });

  it('handed over on a branch the person went back from (a rewind), are not read: the branch was withdrawn', () => {
    const entries = [
      userEntry('p1', 'Fix the build.'),
      assistantEntry('a1', 'm1', toolUse('t1'), { parentUuid: 'p1' }),
      ...handedOver,
      toolResultEntry('r1', 't1', 'a1'),
      assistantEntry('a2', 'm2', text('Done.'), { parentUuid: 'r1' }),
      userEntry('p2', 'Start over: fix the tests first.'),
      assistantEntry('a3', 'm3', text('On it.'), { parentUuid: 'p2' }),
    ];
    expect(carrying(entries, view)).toEqual([]);
  });

  it('handed over with an entry the view drops, are not read on a branch the person started from its parent instead', () => {
    const entries = [
      userEntry('p1', 'Fix the build.'),
      assistantEntry('a1', 'm1', text('Which way?'), { parentUuid: 'p1' }),
      ...handedOver,
      userEntry('e1', [], { parentUuid: 'a1' }),
      assistantEntry('a2', 'm2', text('Done.'), { parentUuid: 'e1' }),
      userEntry('p2', 'Something else entirely.', { parentUuid: 'a1' }),
      assistantEntry('a3', 'm3', text('ok'), { parentUuid: 'p2' }),
    ];
    expect(carrying(entries, view)).toEqual([]);
  });

  it('handed over with an entry the view drops just before a compaction, are read once with the prompt after it', () => {
    const entries = [
      userEntry('p1', 'Fix the build.'),
      assistantEntry('a1', 'm1', text('Done.'), { parentUuid: 'p1' }),
      ...handedOver,
      userEntry('e1', [], { parentUuid: 'a1' }),
      compactBoundaryEntry('cb', 'e1'),
      compactSummaryEntry('cs', 'cb', 'Summary of before.'),
      userEntry('p2', 'Next thing.', { parentUuid: 'cs' }),
      assistantEntry('a3', 'm3', text('ok'), { parentUuid: 'p2' }),
    ];
    expect(carrying(entries, view)).toEqual([expect.arrayContaining(['p2'])]);
  });

  it('handed over before any user entry, then withdrawn by a rewind to a new prompt, are not read on the new branch', () => {
    const entries = [
      userEntry('p1', 'Fix the build.'),
      assistantEntry('a1', 'm1', toolUse('t1'), { parentUuid: 'p1' }),
      ...handedOver,
      userEntry('p1b', 'Fix the tests instead.'),
      assistantEntry('a9', 'm9', toolUse('t9'), { parentUuid: 'p1b' }),
      toolResultEntry('r9', 't9', 'a9'),
      assistantEntry('a10', 'm10', text('Done.'), { parentUuid: 'r9' }),
    ];
    expect(carrying(entries, view)).toEqual([]);
  });

  it('handed over at the end of a turn, are read with the next tool result after the person’s next prompt on the same branch', () => {
    const entries = [
      userEntry('p1', 'Fix the build.'),
      assistantEntry('a1', 'm1', text('Done.'), { parentUuid: 'p1' }),
      ...handedOver,
      userEntry('p2', 'Now the tests.', { parentUuid: 'a1' }),
      assistantEntry('a2', 'm2', toolUse('t2'), { parentUuid: 'p2' }),
      toolResultEntry('r2', 't2', 'a2'),
    ];
    expect(carrying(entries, view)).toEqual([['r2']]);
  });
});
