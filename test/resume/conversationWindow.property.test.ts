import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Entry } from '../../src/index.js';
import { ConversationWindow } from '../../src/resume/conversationWindow.js';
import { liveConversation } from '../../src/resume/loadConversation.js';
import { compactBoundaryEntry, userEntry } from '../../src/testing/entryBuilders.js';
import type { LogEntry } from '../../src/transcript/logEntry.js';
import { readLogEntries } from '../../src/transcript/readLogEntries.js';
import { conversation } from '../support/conversationArbitrary.js';
import { fcRuns } from '../support/fcRuns.js';
import { jsonlFiles } from '../support/fixtureFiles.js';
import { demoProjects, hasShared, repoRoot, sharedFixtures } from '../support/paths.js';
import { tricky } from '../support/trickyChainArbitrary.js';

/**
 * Streams the entries into a window, asking for a snapshot after each entry where `at` says so,
 * at that entry or a little behind it; each must be the live conversation of every entry up to it.
 */
function checkSnapshots(items: readonly LogEntry[], at: (i: number) => number | null): { readAgain: boolean } {
  const window = new ConversationWindow(items);
  items.forEach((item, i) => {
    window.add(item);
    const back = at(i);
    if (back === null) return;
    const seq = items[Math.max(0, i - back)]!.seq;
    expect(window.snapshot(seq)).toEqual(liveConversation(items.filter((e) => e.seq <= seq)));
  });
  return { readAgain: window.readAgain };
}

const numbered = (entries: readonly Entry[]): LogEntry[] => entries.map((entry, seq) => ({ seq, entry }));

describe('a conversation window gives every snapshot the whole file would', () => {
  it('on conversations as Claude Code writes them, a snapshot after every entry', () => {
    fc.assert(
      fc.property(conversation, (entries) => {
        checkSnapshots(numbered(entries), () => 0);
      }),
      { numRuns: fcRuns },
    );
  });

  it('on sessions built to trip it, snapshots here and there, some behind where the stream is', () => {
    let readAgain = false;
    let kept = false;
    fc.assert(
      fc.property(tricky, fc.array(fc.option(fc.nat(8), { nil: null }), { minLength: 1 }), (entries, asks) => {
        const result = checkSnapshots(numbered(entries), (i) => asks[i % asks.length] ?? null);
        if (result.readAgain) readAgain = true;
        else kept = true;
      }),
      { numRuns: Math.max(fcRuns, 300) },
    );
    // Both ways were taken: the generator exercises the read-again and the bounded window alike.
    expect(readAgain).toBe(true);
    expect(kept).toBe(true);
  });

  it('holds about two compactions of a long session and never reads it again, asked just behind each boundary as the end of a turn is', () => {
    const entries: Entry[] = [];
    let parent: string | null = null;
    for (let stretch = 0; stretch < 40; stretch++) {
      if (stretch > 0) {
        const boundary = `b-${stretch}`;
        entries.push(compactBoundaryEntry(boundary, parent ?? 'none'));
        parent = boundary;
      }
      for (let i = 0; i < 50; i++) {
        const uuid = `u-${stretch}-${i}`;
        entries.push(userEntry(uuid, `message ${stretch}.${i}`, { parentUuid: parent }));
        parent = uuid;
      }
    }
    const items = numbered(entries);
    let reads = 0;
    const window = new ConversationWindow({
      *[Symbol.iterator]() {
        reads++;
        yield* items;
      },
    });
    let largest = 0;
    for (const [i, item] of items.entries()) {
      window.add(item);
      largest = Math.max(largest, window.size);
      if (item.entry.type === 'system' && i > 0)
        expect(window.snapshot(i - 1)).toEqual(liveConversation(items.filter((e) => e.seq <= i - 1)));
    }
    const last = items.at(-1)!.seq;
    expect(window.snapshot(last)).toEqual(liveConversation(items));
    expect(reads).toBe(0);
    expect(largest).toBeLessThanOrEqual(2 * 51 + 1);
  });
});

describe('on real transcripts, a snapshot after every user entry', () => {
  const files = [demoProjects, ...(hasShared ? [sharedFixtures] : [])].flatMap((root) => jsonlFiles(root).map((file) => join(root, file)));
  it.each(files.map((file) => [relative(repoRoot, file), file]))('%s', (_name, file) => {
    const { entries } = readLogEntries(file);
    checkSnapshots(entries, (i) => (entries[i]!.entry.type === 'user' ? 0 : null));
  });
});
