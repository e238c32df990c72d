import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTimeline, formatTimeline, readTranscriptFileSync } from '../../src/index.js';
import { jsonlFiles } from '../support/fixtureFiles.js';
import { hasShared, sharedFixtures } from '../support/paths.js';

describe.runIf(hasShared)('every transcript in ../shared/fixtures replays', () => {
  const files = hasShared ? jsonlFiles(sharedFixtures) : [];

  it.each(files)('%s', (file) => {
    const entries = readTranscriptFileSync(join(sharedFixtures, file)).flatMap((i) => (i.kind === 'entry' ? [{ seq: i.seq, entry: i.entry }] : []));
    const timeline = buildTimeline(entries);
    expect(formatTimeline(file, timeline)).toContain(file);
    for (const d of timeline.decisions) expect(entries.some((e) => e.seq === d.seq)).toBe(true);
  });

  it('the 2.1.39 compacted session: compaction is due right before Claude Code compacted, notes were due on the way', () => {
    const file = join(sharedFixtures, 'real/spotter/258c7280-ae70-4798-800f-63464d01a85d.jsonl');
    const entries = readTranscriptFileSync(file).flatMap((i) => (i.kind === 'entry' ? [{ seq: i.seq, entry: i.entry }] : []));
    const { decisions } = buildTimeline(entries);
    const compaction = decisions.filter((d) => d.kind === 'compaction_due');
    expect(compaction.map((d) => [d.uuid.slice(0, 8), d.tokens])).toEqual([['14cfff03', 167_179]]);
    const boundary = entries.find((e) => e.entry.type === 'system' && e.entry.subtype === 'compact_boundary');
    expect(boundary!.seq).toBeGreaterThan(compaction[0]!.seq);
    expect(decisions.filter((d) => d.kind === 'session_notes_due').length).toBe(19);
  });
});
