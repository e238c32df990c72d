import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Entry } from '../../src/index.js';
import { buildChain, selectLeaf } from '../../src/resume/conversationChain.js';
import { FingerprintSet } from '../../src/resume/fingerprintSet.js';
import { indexTranscript, type TranscriptIndex } from '../../src/resume/transcriptIndex.js';
import { compactBoundaryEntry, userEntry } from '../../src/testing/entryBuilders.js';
import { conversation } from '../support/conversationArbitrary.js';
import { tricky } from '../support/trickyChainArbitrary.js';
import { fcRuns } from '../support/fcRuns.js';
import { readLogEntries } from '../../src/transcript/readLogEntries.js';
import { jsonlFiles } from '../support/fixtureFiles.js';
import { demoProjects, hasShared, repoRoot, sharedFixtures } from '../support/paths.js';

/** Everything an index says, in the order it says it (a map's order is part of what a resume walks). */
function said(index: TranscriptIndex) {
  const leaf = selectLeaf(index, 'newest');
  return {
    nodes: [...index.nodes.values()].map((n) => [n.uuid, n.seq, n.parent]),
    boundaries: index.boundaries,
    summaries: [...index.summaries],
    metadata: index.metadata,
    preserved: [...index.preserved],
    duplicateUuids: index.duplicateUuids,
    chain: buildChain(index, leaf).nodes.map((n) => n.uuid),
  };
}

/** Indexes the entries forgetting as it goes, and counts how often it had to read them again. */
function forgetful(entries: readonly Entry[]): { index: TranscriptIndex; rereads: number } {
  let rereads = 0;
  const items = entries.map((entry, seq) => ({ seq, entry }));
  const index = indexTranscript(items, {
    again: () => {
      rereads++;
      return items;
    },
  });
  return { index, rereads };
}

describe('an index that forgets what a resume prunes says what the whole index says', () => {
  it('on conversations as Claude Code writes them, with compactions', () => {
    fc.assert(
      fc.property(conversation, (entries) => {
        expect(said(forgetful(entries).index)).toEqual(said(indexTranscript(entries.map((entry, seq) => ({ seq, entry })))));
      }),
      { numRuns: fcRuns },
    );
  });

  it('on sessions built to trip it: lines seen twice, parents far back, progress across boundaries, preserved segments', () => {
    let rereadSome = false;
    let forgotSome = false;
    fc.assert(
      fc.property(tricky, (entries) => {
        const { index, rereads } = forgetful(entries);
        expect(said(index)).toEqual(said(indexTranscript(entries.map((entry, seq) => ({ seq, entry })))));
        expect(index.readAgain).toBe(rereads > 0);
        if (rereads > 0) rereadSome = true;
        else if (index.boundaries.length >= 2) forgotSome = true;
      }),
      { numRuns: Math.max(fcRuns, 300) },
    );
    // Both ways were taken: the generator exercises the re-read and the forgetting alike.
    expect(rereadSome).toBe(true);
    expect(forgotSome).toBe(true);
  });

  it('holds about two compactions of a long session, and reads it once', () => {
    const entries: Entry[] = [];
    let parent: string | null = null;
    for (let stretch = 0; stretch < 50; stretch++) {
      if (stretch > 0) {
        const boundary = `b-${stretch}`;
        entries.push(compactBoundaryEntry(boundary, parent ?? 'none'));
        parent = boundary;
      }
      for (let i = 0; i < 100; i++) {
        const uuid = `m-${stretch}-${i}`;
        entries.push(userEntry(uuid, 'x', { parentUuid: parent }));
        parent = uuid;
      }
    }
    const { index, rereads } = forgetful(entries);
    expect(rereads).toBe(0);
    expect(index.nodes.size).toBe(101);
    // At most two stretches of fifty at once, and the three boundaries around them.
    expect(index.peakNodes).toBeLessThanOrEqual(203);
    expect(indexTranscript(entries.map((entry, seq) => ({ seq, entry }))).peakNodes).toBe(entries.length);
  });
});

describe('the fingerprint set', () => {
  it('never says no for a member, through growth', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string(), { maxLength: 3000 }), (members) => {
        const set = new FingerprintSet();
        for (const m of members) set.add(m);
        expect(set.size).toBe(members.length);
        for (const m of members) expect(set.mayHave(m)).toBe(true);
      }),
      { numRuns: Math.min(fcRuns, 50) },
    );
  });

  it('says no for strings never added, but for a vanishing few', () => {
    const set = new FingerprintSet();
    for (let i = 0; i < 100_000; i++) set.add(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    let falseYes = 0;
    for (let i = 100_000; i < 200_000; i++) if (set.mayHave(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)) falseYes++;
    expect(falseYes).toBe(0);
  });
});

describe('on real transcripts', () => {
  const files = [demoProjects, ...(hasShared ? [sharedFixtures] : [])].flatMap((root) => jsonlFiles(root).map((file) => join(root, file)));
  it.each(files.map((file) => [relative(repoRoot, file), file]))('%s', (_name, file) => {
    const items = readLogEntries(file).entries.map(({ seq, entry }) => ({ seq, entry }));
    expect(said(indexTranscript(items, { again: () => items }))).toEqual(said(indexTranscript(items)));
  });
});
