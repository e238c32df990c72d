import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Entry } from '../../src/index.js';
import { streamApiMessages, toApiMessages, type ApiMessage } from '../../src/resume/apiView.js';
import { sessionHistoryNodes } from '../../src/resume/loadConversation.js';
import { indexTranscript, type ChainNode } from '../../src/resume/transcriptIndex.js';
import { toEntry } from '../../src/transcript/entrySchema.js';
import { entryObjects } from '../support/arbitraries.js';
import { conversation } from '../support/conversationArbitrary.js';
import { fcRuns } from '../support/fcRuns.js';

const items = (entries: readonly Entry[]) => entries.map((entry, seq) => ({ seq, entry }));

/** Each message as it was when given, and the list once the stream has ended. */
function givenAndFinal(nodes: readonly ChainNode[]): { given: ApiMessage[]; final: ApiMessage[] } {
  const given: ApiMessage[] = [];
  const final: ApiMessage[] = [];
  for (const message of streamApiMessages(nodes)) {
    given.push(structuredClone(message));
    final.push(message);
  }
  return { given, final };
}

function expectGivenWhenComplete(nodes: readonly ChainNode[]): void {
  const { given, final } = givenAndFinal(nodes);
  // Nothing later changed a message already given: a reader may send it on at once.
  expect(final).toEqual(given);
  expect(given).toEqual(toApiMessages(nodes));
}

describe('API messages one node at a time', () => {
  it('gives each message only once nothing after it can change it, over a session history', () => {
    fc.assert(
      fc.property(conversation, (entries) => expectGivenWhenComplete(sessionHistoryNodes(items(entries)))),
      { numRuns: fcRuns },
    );
  });

  it('and over any nodes in any order (pieces of one response apart, tool results before their call)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          conversation,
          entryObjects.map((objects) =>
            objects.flatMap((o) => {
              const parsed = toEntry(o);
              return parsed.ok ? [parsed.entry] : [];
            }),
          ),
        ),
        fc.array(fc.nat()),
        (entries, keys) => {
          const nodes = [...indexTranscript(items(entries), { wholeHistory: true }).nodes.values()];
          const shuffled = nodes
            .map((node, i) => ({ node, key: keys[i] ?? i }))
            .sort((a, b) => a.key - b.key)
            .map((n) => n.node);
          expectGivenWhenComplete(shuffled);
        },
      ),
      { numRuns: fcRuns },
    );
  });
});
