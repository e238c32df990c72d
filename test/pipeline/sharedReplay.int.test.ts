import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTimeline, formatTimeline } from '../../src/index.js';
import { readTranscriptFileSync } from '../../src/transcript/index.js';
import { jsonlFiles } from '../support/fixtureFiles.js';
import { hasShared, sharedFixtures } from '../support/paths.js';

describe.runIf(hasShared)('every transcript in ../shared/fixtures replays', () => {
  const files = hasShared ? jsonlFiles(sharedFixtures) : [];

  it.each(files)('%s', (file) => {
    const entries = readTranscriptFileSync(join(sharedFixtures, file)).flatMap((i) =>
      i.kind === 'entry' ? [{ seq: i.seq, entry: i.entry }] : [],
    );
    const timeline = buildTimeline(entries);
    expect(formatTimeline(file, timeline)).toContain(file);
    for (const d of timeline.decisions) expect(entries.some((e) => e.seq === d.seq)).toBe(true);
  });

  it('the 2.1.39 compacted session: compaction is due at the request Claude Code compacted, with nearly its token count', () => {
    const file = join(sharedFixtures, 'real/spotter/258c7280-ae70-4798-800f-63464d01a85d.jsonl');
    const entries = readTranscriptFileSync(file).flatMap((i) => (i.kind === 'entry' ? [{ seq: i.seq, entry: i.entry }] : []));
    const { decisions } = buildTimeline(entries);
    const compaction = decisions.filter((d) => d.kind === 'compaction_due');
    const boundary = entries.find((e) => e.entry.type === 'system' && e.entry.subtype === 'compact_boundary');
    const preTokens = boundary?.entry.type === 'system' ? boundary.entry.compactMetadata?.preTokens : undefined;
    expect(compaction).toHaveLength(1);
    // The last main-thread message before the boundary, and Claude Code's own preTokens within 0.5%.
    expect(compaction[0]!.seq).toBeLessThan(boundary!.seq);
    expect(Math.abs(compaction[0]!.tokens - preTokens!) / preTokens!).toBeLessThan(0.005);
  });

  it('decides once per API response: never between two pieces of one response', () => {
    const file = join(sharedFixtures, 'real/spotter/258c7280-ae70-4798-800f-63464d01a85d.jsonl');
    const entries = readTranscriptFileSync(file).flatMap((i) => (i.kind === 'entry' ? [{ seq: i.seq, entry: i.entry }] : []));
    const { decisions } = buildTimeline(entries);
    const idAt = new Map(entries.map((e) => [e.seq, e.entry.type === 'assistant' ? (e.entry.message.id ?? null) : null]));
    for (const d of decisions.filter((x) => x.kind === 'session_notes_due' || x.kind === 'extraction_due')) {
      const id = idAt.get(d.seq);
      const laterPiece = entries.find((e) => e.seq > d.seq && e.entry.type === 'assistant' && e.entry.isSidechain !== true);
      // The next main-thread assistant entry after the decided piece belongs to another response.
      expect(laterPiece === undefined || (laterPiece.entry.type === 'assistant' && laterPiece.entry.message.id !== id)).toBe(true);
    }
  });
});
