import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serializeEntry } from '../../src/transcript/entrySchema.js';
import { tempDir } from '../support/tempDir.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Entry } from '../../src/index.js';
import { lightEntry } from '../../src/resume/lightEntry.js';
import { loadConversation, resumeFromItems } from '../../src/resume/loadConversation.js';
import { readLogEntries } from '../../src/transcript/readLogEntries.js';
import { conversation } from '../support/conversationArbitrary.js';
import { entryObjects } from '../support/arbitraries.js';
import { fcRuns } from '../support/fcRuns.js';
import { jsonlFiles } from '../support/fixtureFiles.js';
import { demoProjects, hasShared, sharedFixtures } from '../support/paths.js';
import { toEntry } from '../../src/transcript/entrySchema.js';

/** What a resume decides, without the words: the chain, its leaf and cycle, and each API message's role, entries and id. */
function decided(entries: readonly Entry[]) {
  const { index, chain, messages } = resumeFromItems(entries.map((entry, seq) => ({ seq, entry })));
  return {
    leaf: chain.leaf,
    chain: chain.nodes.map((n) => n.uuid),
    cycle: chain.cycle,
    // Which messages, not their words: two blocks that differed may look alike once light.
    messages: messages.map((m) => [m.role, m.sources, m.messageId ?? null]),
    boundaries: index.boundaries,
    preserved: [...index.preserved],
    metadata: index.metadata,
    summaries: [...index.summaries],
  };
}

function expectSameDecisions(entries: readonly Entry[]): void {
  expect(decided(entries.map(lightEntry))).toEqual(decided(entries));
}

describe('a resume over light entries decides what it decides over whole ones', () => {
  it('on conversations as Claude Code writes them: split responses, parallel tool results, interruptions, sidechains, compactions', () => {
    fc.assert(
      fc.property(conversation, (entries) => {
        expectSameDecisions(entries);
      }),
      { numRuns: fcRuns },
    );
  });

  it('on any entries, well-formed or not', () => {
    fc.assert(
      fc.property(entryObjects, (objects) => {
        expectSameDecisions(
          objects.flatMap((o) => {
            const parsed = toEntry(o);
            return parsed.ok ? [parsed.entry] : [];
          }),
        );
      }),
      { numRuns: fcRuns },
    );
  });

  it('on every real and demo transcript', () => {
    const roots = [demoProjects, ...(hasShared ? [sharedFixtures] : [])];
    for (const root of roots)
      for (const file of jsonlFiles(root)) expectSameDecisions(readLogEntries(join(root, file)).entries.map((e) => e.entry));
  });
});

/** A lean load reads the file twice and keeps light entries in its index: its chain and messages are the whole load's. */
function expectLeanSameAsWhole(path: string): void {
  const whole = loadConversation(path);
  const lean = loadConversation(path, { lean: true });
  expect(lean.chain).toEqual(whole.chain);
  expect(lean.messages).toEqual(whole.messages);
  expect(lean.diagnostics).toEqual(whole.diagnostics);
  expect(lean.entries).toBe(whole.entries);
}

describe('a lean load of a transcript', () => {
  it('resumes the same chain, with the same whole entries and API messages, as a whole load', () => {
    fc.assert(
      fc.property(conversation, (entries) => {
        const path = join(tempDir(), 'session.jsonl');
        writeFileSync(path, `${entries.map((e) => serializeEntry(e)).join('\n')}\nnot json\n`);
        expectLeanSameAsWhole(path);
      }),
      { numRuns: fcRuns },
    );
  });

  it('on every real and demo transcript', () => {
    for (const root of [demoProjects, ...(hasShared ? [sharedFixtures] : [])])
      for (const file of jsonlFiles(root)) expectLeanSameAsWhole(join(root, file));
  });
});
