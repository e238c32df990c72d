import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildTimeline,
  foldAll,
  formatTimeline,
  replaySync,
  selectTurns,
  turnsProjection,
  type LogEntry,
  type ReplaySettings,
} from '../../src/index.js';
import { promptPreview } from '../../src/projections/index.js';
import { readTranscriptFileSync } from '../../src/transcript/index.js';
import { conversation } from '../support/conversationArbitrary.js';
import { fcRuns } from '../support/fcRuns.js';
import { jsonlFiles } from '../support/fixtureFiles.js';
import { demoProjects, hasShared, sharedFixtures } from '../support/paths.js';

/** The timeline as it was built before decisions were placed in one walk: each turn filters them all. */
function referenceTimeline(entries: readonly LogEntry[], settings: ReplaySettings) {
  const { decisions, state } = replaySync(entries, settings);
  const turns = selectTurns(foldAll(turnsProjection, entries));
  const byUuid = new Map(entries.map(({ entry }) => [(entry as { uuid?: string }).uuid, entry]));
  const placed = turns.map((turn, i) => {
    const next = turns[i + 1];
    const entry = turn.promptUuid === null ? undefined : byUuid.get(turn.promptUuid);
    return {
      ...turn,
      prompt: entry === undefined ? '' : promptPreview(entry),
      decisions: decisions.filter((d) => d.seq >= turn.startSeq && (next === undefined || d.seq < next.startSeq)),
    };
  });
  const first = turns[0]?.startSeq ?? Number.POSITIVE_INFINITY;
  return { turns: placed, before: decisions.filter((d) => d.seq < first), decisions, state };
}

const same = (entries: readonly LogEntry[], settings: ReplaySettings) => {
  const timeline = buildTimeline(entries, settings);
  const expected = referenceTimeline(entries, settings);
  expect(formatTimeline('t.jsonl', timeline)).toBe(formatTimeline('t.jsonl', expected));
  expect(JSON.stringify({ ...timeline, state: null })).toBe(JSON.stringify({ ...expected, state: null }));
};

/** Thresholds low enough that small sessions make every kind of decision. */
const eager: ReplaySettings = {
  sessionNotes: { minimumTokensToInit: 10, minimumTokensBetweenUpdates: 5, toolCallsBetweenUpdates: 1 },
  autocompact: { contextWindow: 40_000, maxOutputTokens: 1_000 },
};

describe('buildTimeline', () => {
  it('places every decision as filtering per turn did, byte for byte, on generated sessions', () => {
    fc.assert(
      fc.property(conversation, fc.constantFrom<ReplaySettings>({}, eager), (entries, settings) =>
        same(
          entries.map((entry, seq) => ({ seq, entry })),
          settings,
        ),
      ),
      { numRuns: fcRuns },
    );
  });

  it('and on every fixture transcript', () => {
    const files = [
      ...jsonlFiles(demoProjects).map((f) => join(demoProjects, f)),
      ...(hasShared ? jsonlFiles(sharedFixtures).map((f) => join(sharedFixtures, f)) : []),
    ];
    for (const file of files) {
      const entries = readTranscriptFileSync(file).flatMap((i) => (i.kind === 'entry' ? [{ seq: i.seq, entry: i.entry }] : []));
      same(entries, {});
      same(entries, eager);
    }
  });
});
