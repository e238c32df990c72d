import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReplaySettings } from '../../src/pipeline/replayDecider.js';
import { buildSessionTotals } from '../../src/report/sessionTotals.js';
import { buildSessionView, type SessionInputs } from '../../src/report/sessionView.js';
import { readLogEntries } from '../../src/transcript/readLogEntries.js';
import { conversation } from '../support/conversationArbitrary.js';
import { fcRuns } from '../support/fcRuns.js';
import { jsonlFiles } from '../support/fixtureFiles.js';
import { demoProjects, hasShared, repoRoot, sharedFixtures } from '../support/paths.js';
import { longSession, recordedRuns } from './longSession.js';

/** Thresholds low enough that small sessions make every kind of decision. */
const eager: ReplaySettings = {
  sessionNotes: { minimumTokensToInit: 10, minimumTokensBetweenUpdates: 5, toolCallsBetweenUpdates: 1 },
  autocompact: { contextWindow: 40_000, maxOutputTokens: 1_000 },
};

const same = (inputs: SessionInputs): void => {
  const view = buildSessionView(inputs);
  expect(buildSessionTotals(inputs)).toEqual({ bytes: view.bytes, diagnostics: view.diagnostics, totals: view.totals });
};

describe("a report row's totals counted without the view equal the view's", () => {
  it('on generated sessions, with default and eager triggers', () => {
    fc.assert(
      fc.property(conversation, fc.constantFrom<ReplaySettings>({}, eager), (entries, settings) =>
        same({ name: 's', entries: entries.map((entry, seq) => ({ seq, entry })), settings, bytes: 123, diagnostics: () => 2 }),
      ),
      { numRuns: fcRuns },
    );
  });

  it('with recorded runs: trailing, finished with files, failed, a compaction memlog made and one Claude Code made', () => {
    const entries = longSession(300).map((entry, seq) => ({ seq, entry }));
    const records = recordedRuns(entries);
    same({ name: 's', entries, records, settings: eager });
  });
});

describe('on real transcripts', () => {
  const files = [demoProjects, ...(hasShared ? [sharedFixtures] : [])].flatMap((root) => jsonlFiles(root).map((file) => join(root, file)));
  it.each(files.map((file) => [relative(repoRoot, file), file]))('%s', (_name, file) => {
    same({ name: 's', entries: readLogEntries(file).entries, settings: eager });
  });
});
