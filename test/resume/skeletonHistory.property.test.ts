import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Entry } from '../../src/index.js';
import { streamApiMessages } from '../../src/resume/apiView.js';
import { HistorySkeleton } from '../../src/resume/historySkeleton.js';
import { sessionHistory, sessionHistoryNodes } from '../../src/resume/loadConversation.js';
import { skeletonHistory } from '../../src/resume/skeletonHistory.js';
import { hasUuid, toEntry } from '../../src/transcript/entrySchema.js';
import { readLogEntries } from '../../src/transcript/readLogEntries.js';
import { entryObjects } from '../support/arbitraries.js';
import { conversation } from '../support/conversationArbitrary.js';
import { fcRuns } from '../support/fcRuns.js';
import { jsonlFiles } from '../support/fixtureFiles.js';
import { demoProjects, hasShared, sharedFixtures } from '../support/paths.js';

const items = (entries: readonly Entry[]) => entries.map((entry, seq) => ({ seq, entry }));

/** A skeleton's history beside the one decided from the entries themselves. */
function expectSameHistory(entries: readonly Entry[]): void {
  const skeleton = new HistorySkeleton();
  entries.forEach((entry, seq) => skeleton.add(seq, entry));
  const history = skeletonHistory(skeleton);
  expect([...history.seqs]).toEqual(sessionHistoryNodes(items(entries)).map((node) => node.seq));
  // The stand-ins make the messages of the whole entries: the same roles, entries and ids.
  const decided = (messages: Iterable<{ role: string; sources: string[]; messageId?: string }>) =>
    [...messages].map((m) => [m.role, m.sources, m.messageId ?? null]);
  expect(decided(streamApiMessages(history.lightNodes()))).toEqual(decided(sessionHistory(items(entries))));
  // Where and when each entry's uuid was last written, as maps over every line would say.
  const seqOf = new Map(entries.flatMap((entry, seq) => (hasUuid(entry) ? [[entry.uuid, seq] as const] : [])));
  const timeOf = new Map(
    entries.flatMap((entry) => {
      const timestamp = (entry as { timestamp?: unknown }).timestamp;
      return hasUuid(entry) && typeof timestamp === 'string' ? [[entry.uuid, timestamp] as const] : [];
    }),
  );
  for (const node of sessionHistoryNodes(items(entries))) {
    const own = typeof node.entry.timestamp === 'string' ? node.entry.timestamp : undefined;
    const written = history.lastWritten.get(node.uuid) ?? { seq: node.seq, timestamp: own };
    expect(written).toEqual({ seq: seqOf.get(node.uuid), timestamp: timeOf.get(node.uuid) });
  }
}

type Edit = 'unflag' | 'thinking only' | 'blank' | 'as string';

/** One entry changed where the history's rules look: isSidechain left out, a response of thinking only, blank text, content as a string. */
function edited(entry: Entry, edit: Edit): Entry {
  const copy = structuredClone(entry) as Entry & Record<string, unknown>;
  if (edit === 'unflag') delete copy['isSidechain'];
  if (copy.type === 'assistant' || copy.type === 'user') {
    const message = copy.message as { content: unknown };
    if (edit === 'thinking only' && copy.type === 'assistant') message.content = [{ type: 'thinking', thinking: 'hmm', signature: 's' }];
    if (edit === 'blank') message.content = [{ type: 'text', text: '  ' }];
    if (edit === 'as string') message.content = typeof message.content === 'string' ? [] : '  ';
  }
  const parsed = toEntry(copy);
  return parsed.ok ? parsed.entry : entry;
}

/** Entries edited here and there, and lines repeated: the same uuid again later, with another time, none, or as a legacy progress line. */
const reworked = (base: fc.Arbitrary<Entry[]>): fc.Arbitrary<Entry[]> =>
  fc
    .tuple(
      base,
      fc.array(fc.record({ of: fc.nat(), edit: fc.constantFrom<Edit>('unflag', 'thinking only', 'blank', 'as string') }), { maxLength: 4 }),
      fc.array(fc.record({ at: fc.nat(), of: fc.nat(), kind: fc.constantFrom('same', 'untimed', 'retimed', 'odd', 'progress') }), {
        maxLength: 4,
      }),
    )
    .map(([entries, edits, repeats]) => {
      const out = [...entries];
      for (const { of, edit } of edits) if (out.length > 0) out[of % out.length] = edited(out[of % out.length]!, edit);
      const sources = [...out];
      for (const { at, of, kind } of repeats) {
        if (sources.length === 0) break;
        const source = sources[of % sources.length] as Entry & Record<string, unknown>;
        const copy: Record<string, unknown> =
          kind === 'progress'
            ? { type: 'progress', uuid: source['uuid'], parentUuid: source['parentUuid'] ?? null, data: {} }
            : structuredClone(source);
        if (kind === 'untimed') delete copy['timestamp'];
        if (kind === 'retimed') copy['timestamp'] = new Date(Date.UTC(2027, 0, 1, 0, at % 60)).toISOString();
        if (kind === 'odd') copy['timestamp'] = at % 2 === 0 ? '' : '2026-01-01 00:00:00';
        const parsed = toEntry(copy);
        if (parsed.ok) out.splice(at % (out.length + 1), 0, parsed.entry);
      }
      return out;
    });

const anyEntries = entryObjects.map((objects) =>
  objects.flatMap((o) => {
    const parsed = toEntry(o);
    return parsed.ok ? [parsed.entry] : [];
  }),
);

describe('the history a skeleton of the chain decides', () => {
  it('is the session history of the entries: on conversations as Claude Code writes them, lines written twice among them', () => {
    fc.assert(
      fc.property(reworked(conversation), (entries) => expectSameHistory(entries)),
      { numRuns: fcRuns },
    );
  });

  it('on any entries, well-formed or not', () => {
    fc.assert(
      fc.property(reworked(anyEntries), (entries) => expectSameHistory(entries)),
      { numRuns: fcRuns },
    );
  });

  it('on every real and demo transcript', () => {
    for (const root of [demoProjects, ...(hasShared ? [sharedFixtures] : [])])
      for (const file of jsonlFiles(root)) expectSameHistory(readLogEntries(join(root, file)).entries.map((e) => e.entry));
  });
});
