import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { Subject, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createReplayDecider, replayDecisions, replaySync, type Decision, type ReadItem } from '../../src/index.js';
import { readTranscriptFileSync, TranscriptParser } from '../../src/transcript/index.js';
import { jsonlFiles } from '../support/fixtureFiles.js';
import { fcRuns } from '../support/fcRuns.js';
import { demoProjects, hasShared, sharedFixtures } from '../support/paths.js';

const files = [
  ...jsonlFiles(demoProjects).map((f) => join(demoProjects, f)),
  ...(hasShared ? jsonlFiles(sharedFixtures).map((f) => join(sharedFixtures, f)) : []),
];
const itemsByFile = new Map(files.map((file) => [file, readTranscriptFileSync(file)]));
const entriesOf = (items: ReadItem[]) => items.flatMap((i) => (i.kind === 'entry' ? [{ seq: i.seq, entry: i.entry }] : []));

/** Pushes items through a Subject in the given chunks, as a live follower would, and collects the decisions. */
function replayInChunks(items: ReadItem[], chunks: number[]): Decision[] {
  const subject = new Subject<ReadItem>();
  let out: Decision[] = [];
  replayDecisions(subject)
    .pipe(toArray())
    .subscribe((decisions) => (out = decisions));
  let at = 0;
  for (let i = 0; at < items.length; i++) {
    const size = chunks[i % chunks.length] ?? 1;
    for (const item of items.slice(at, at + size)) subject.next(item);
    at += size;
  }
  subject.complete();
  return out;
}

describe('replay properties', () => {
  it('incremental equals batch: items arriving in any chunks give the decisions of one fold', () => {
    fc.assert(
      fc.property(fc.constantFrom(...files), fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 8 }), (file, chunks) => {
        const items = itemsByFile.get(file) ?? [];
        expect(replayInChunks(items, chunks)).toEqual(replaySync(entriesOf(items)).decisions);
      }),
      { numRuns: Math.min(fcRuns, 60) },
    );
  });

  it('replaying twice gives the same decisions and the same state', () => {
    fc.assert(
      fc.property(fc.constantFrom(...files), (file) => {
        const entries = entriesOf(itemsByFile.get(file) ?? []);
        expect(JSON.stringify(replaySync(entries))).toBe(JSON.stringify(replaySync(entries)));
      }),
      { numRuns: Math.min(fcRuns, 20) },
    );
  });

  it('the state at an entry is the state of folding the log up to that entry, step by step', () => {
    fc.assert(
      fc.property(fc.constantFrom(...files), fc.nat(), (file, pick) => {
        const entries = entriesOf(itemsByFile.get(file) ?? []);
        const withUuid = entries.filter((e) => typeof (e.entry as { uuid?: unknown }).uuid === 'string');
        const picked = withUuid[pick % Math.max(1, withUuid.length)];
        if (!picked) return;
        const uuid = (picked.entry as { uuid: string }).uuid;
        // --at stops at the first entry with that uuid (hand-made files repeat uuids).
        const target = withUuid.find((e) => (e.entry as { uuid: string }).uuid === uuid)!;
        const { state, found } = replaySync(entries, {}, uuid);
        expect(found).toBe(true);
        const decider = createReplayDecider();
        let folded = decider.initialState();
        for (const event of entries.slice(0, entries.indexOf(target) + 1))
          folded = decider.step(folded, { source: 'transcript', event })[0];
        expect(state).toEqual(folded);
      }),
      { numRuns: Math.min(fcRuns, 40) },
    );
  });

  it('incremental equals batch at the byte level: a file fed to the parser in arbitrary pieces gives the same decisions', () => {
    fc.assert(
      fc.property(fc.constantFrom(...files), fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 1, maxLength: 6 }), (file, sizes) => {
        const bytes = readFileSync(file);
        const parser = new TranscriptParser();
        const items: ReadItem[] = [];
        for (let at = 0, i = 0; at < bytes.length; i++) {
          const size = sizes[i % sizes.length] ?? 1;
          items.push(...parser.push(bytes.subarray(at, at + size)));
          at += size;
        }
        items.push(...parser.end());
        expect(replayInChunks(items, [1])).toEqual(replaySync(entriesOf(itemsByFile.get(file) ?? [])).decisions);
      }),
      { numRuns: Math.min(fcRuns, 40) },
    );
  });
});
