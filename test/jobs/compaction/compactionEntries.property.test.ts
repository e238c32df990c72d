import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Entry } from '../../../src/index.js';
import { compactionView } from '../../../src/compaction/compactionView.js';
import { readCompactionEntries } from '../../../src/jobs/compaction/compactionEntries.js';
import { compactBoundaryEntry, userEntry } from '../../../src/testing/entryBuilders.js';
import { serializeEntry } from '../../../src/transcript/entrySchema.js';
import { readLogEntries } from '../../../src/transcript/readLogEntries.js';
import { sizedConversation } from '../../support/compactionArbitrary.js';
import { conversation } from '../../support/conversationArbitrary.js';
import { tricky } from '../../support/trickyChainArbitrary.js';
import { fcRuns } from '../../support/fcRuns.js';
import { jsonlFiles } from '../../support/fixtureFiles.js';
import { demoProjects, hasShared, sharedFixtures } from '../../support/paths.js';
import { tempDir } from '../../support/tempDir.js';

/** What a compaction plans with: the messages (whole), the boundary, the cuts, the counts. */
function plannedOver(entries: ReturnType<typeof readLogEntries>['entries']) {
  const { entries: _all, ...view } = compactionView(entries);
  return view;
}

function expectSamePlan(path: string): void {
  const lean = readCompactionEntries(path);
  const whole = readLogEntries(path);
  expect(plannedOver(lean.entries)).toEqual(plannedOver(whole.entries));
  expect(lean.diagnostics).toEqual(whole.diagnostics);
}

const written = (entries: readonly Entry[]): string => {
  const path = join(tempDir(), 'session.jsonl');
  writeFileSync(path, `${entries.map((e) => serializeEntry(e)).join('\n')}\n`);
  return path;
};

describe('compaction over light entries, whole from the last boundary on', () => {
  it('plans exactly what it plans over the whole file: conversations with boundaries, split responses, parallel results', () => {
    fc.assert(
      fc.property(conversation, (entries) => {
        expectSamePlan(written(entries));
      }),
      { numRuns: fcRuns },
    );
  });

  it('and over sized conversations with attachments', () => {
    fc.assert(
      fc.property(sizedConversation, (entries) => {
        expectSamePlan(written(entries));
      }),
      { numRuns: fcRuns },
    );
  });

  it('and over sessions built to trip what it leaves out: lines seen twice, parents far back or written later, progress across boundaries, preserved segments', () => {
    fc.assert(
      fc.property(tricky, (entries) => {
        expectSamePlan(written(entries));
      }),
      { numRuns: Math.max(fcRuns, 300) },
    );
  });

  it('a line after the boundary whose parent is a progress line written before it is planned as over the whole file', () => {
    // Found by the property above: the progress parent was left out with everything before the boundary, and the
    // chain no longer walked through it to its own parent.
    const boundary = (uuid: string, segment?: { headUuid: string; anchorUuid: string; tailUuid: string }) =>
      ({ ...compactBoundaryEntry(uuid, 'none', segment), logicalParentUuid: 'none' }) as Entry;
    const entries = [
      {
        type: 'progress',
        uuid: 'p-1',
        parentUuid: null,
        isSidechain: false,
        timestamp: '2026-01-01T00:00:00.000Z',
        data: {},
      } as unknown as Entry,
      boundary('b-1'),
      userEntry('u-1', 'hello', { parentUuid: 'p-1' }),
      boundary('b-2', { headUuid: 'u-1', anchorUuid: 'u-1', tailUuid: 'b-2' }),
    ];
    expectSamePlan(written(entries));
  });

  it('and over every real and demo transcript', () => {
    for (const root of [demoProjects, ...(hasShared ? [sharedFixtures] : [])])
      for (const file of jsonlFiles(root)) expectSamePlan(join(root, file));
  });
});
