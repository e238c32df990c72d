import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serializeEntry } from '../../src/index.js';
import { readTranscriptFileSync } from '../../src/transcript/index.js';
import { jsonlFiles, physicalLines } from '../support/fixtureFiles.js';
import { hasShared, sharedFixtures } from '../support/paths.js';

/**
 * The hand-made files under ../shared/fixtures and the diagnostics each was made to cause
 * (see its SOURCES.md). Every other file there is a genuine recording and must read clean.
 */
const EXPECTED_DIAGNOSTICS: Record<string, string[]> = {
  'real/cc-transcript-viewer/malformed-line.jsonl': ['malformed_json@2'],
  'real/cc-transcript-viewer/partial-trailing-line.jsonl': ['truncated_line@3'],
  'real/cc-transcript-viewer/unknown-event-type.jsonl': [],
  // Typos in field names (10, 11), a non-object and a type-less object (13–16), a string in a block list (18).
  'real/claude-code-log/edge_cases.jsonl': [10, 11, 13, 14, 15, 16, 18].map((line) => `schema_mismatch@${line}`),
  // A schema sampler whose values were trimmed: a tool_use without id, two tool_results without tool_use_id.
  'real/agent-sessions/small.jsonl': ['schema_mismatch@8', 'schema_mismatch@9', 'schema_mismatch@10'],
};

describe.runIf(hasShared)('every transcript in ../shared/fixtures', () => {
  const files = hasShared ? jsonlFiles(sharedFixtures) : [];

  it('finds the corpus', () => {
    expect(files.length).toBeGreaterThanOrEqual(39);
  });

  it.each(files)('%s reads with exactly its expected diagnostics', (file) => {
    const items = readTranscriptFileSync(join(sharedFixtures, file));
    const found = items.filter((i) => i.kind === 'diagnostic').map((d) => `${d.code}@${d.line}`);
    expect(found).toEqual(EXPECTED_DIAGNOSTICS[file] ?? []);
  });

  it.each(files)('%s: every line is kept, and every entry re-serialises to its line byte for byte', (file) => {
    const bytes = readFileSync(join(sharedFixtures, file));
    const lines = physicalLines(bytes);
    const items = readTranscriptFileSync(join(sharedFixtures, file));
    const nonBlank = lines.filter((line) => line.trim() !== '').length;
    expect(items).toHaveLength(nonBlank);
    for (const item of items) {
      expect(item.raw).toBe(lines[item.line - 1]);
      if (item.kind === 'entry') expect(serializeEntry(item.entry)).toBe(item.raw);
    }
  });

  it('keeps the unknown kind of the hand-made viewer file as an unknown entry', () => {
    const items = readTranscriptFileSync(join(sharedFixtures, 'real/cc-transcript-viewer/unknown-event-type.jsonl'));
    const unknown = items.filter((i) => i.kind === 'entry' && i.entry.type === 'unknown');
    expect(unknown.map((i) => i.line)).toEqual([2]);
  });
});
