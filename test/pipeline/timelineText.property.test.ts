import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTimeline, formatTimeline, type LogEntry, type ReplaySettings } from '../../src/index.js';
import { writeTimelineText } from '../../src/pipeline/index.js';
import type { Entry } from '../../src/index.js';
import { readLogEntries } from '../../src/transcript/readLogEntries.js';
import { conversation } from '../support/conversationArbitrary.js';
import { fcRuns } from '../support/fcRuns.js';
import { jsonlFiles } from '../support/fixtureFiles.js';
import { demoProjects, hasShared, repoRoot, sharedFixtures } from '../support/paths.js';
import { tricky } from '../support/trickyChainArbitrary.js';

/** What `memlog replay` printed when it built the timeline whole; the streamed text must be the same bytes. */
function same(entries: readonly LogEntry[], settings: ReplaySettings = {}): void {
  let walks = 0;
  const counted: Iterable<LogEntry> = {
    *[Symbol.iterator]() {
      walks++;
      yield* entries;
    },
  };
  const pieces: string[] = [];
  writeTimelineText('t.jsonl', counted, (text) => pieces.push(text), settings);
  expect(pieces.join('')).toBe(`${formatTimeline('t.jsonl', buildTimeline(entries, settings))}\n`);
  expect(walks).toBeGreaterThanOrEqual(2);
}

const numbered = (entries: readonly Entry[]): LogEntry[] => entries.map((entry, seq) => ({ seq, entry }));

/** Thresholds low enough that small sessions make every kind of decision. */
const eager: ReplaySettings = {
  sessionNotes: { minimumTokensToInit: 10, minimumTokensBetweenUpdates: 5, toolCallsBetweenUpdates: 1 },
  autocompact: { contextWindow: 40_000, maxOutputTokens: 1_000 },
};

describe('the replay text written as it goes equals the timeline built whole', () => {
  it('on generated sessions, with default and eager triggers', () => {
    fc.assert(
      fc.property(conversation, fc.constantFrom<ReplaySettings>({}, eager), (entries, settings) => same(numbered(entries), settings)),
      { numRuns: fcRuns },
    );
  });

  it('on sessions with lines written twice and prompts whose uuid an earlier line had', () => {
    fc.assert(
      fc.property(tricky, (entries) => same(numbered(entries), eager)),
      { numRuns: fcRuns },
    );
  });
});

describe('on real transcripts', () => {
  const files = [demoProjects, ...(hasShared ? [sharedFixtures] : [])].flatMap((root) => jsonlFiles(root).map((file) => join(root, file)));
  it.each(files.map((file) => [relative(repoRoot, file), file]))('%s', (_name, file) => {
    same(readLogEntries(file).entries, eager);
  });
});
