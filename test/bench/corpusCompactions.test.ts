import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS_SESSION_ID, writeCorpus } from '../../bench/corpus.js';
import { inspectTranscript } from '../../src/index.js';
import { tempDir } from '../support/tempDir.js';

describe('the bench corpus with compactions', () => {
  it('spreads the compactions through one session, each a boundary with its summary after it, as memlog reads them', () => {
    const file = join(tempDir(), `${CORPUS_SESSION_ID}.jsonl`);
    const target = 4_000_000;
    writeCorpus(file, target, 42, { compactions: 2 });
    const report = inspectTranscript(file);
    expect(report.diagnostics).toEqual([]);
    expect(report.sessionId).toBe(CORPUS_SESSION_ID);
    expect(report.compactBoundaries.map((b) => b.trigger)).toEqual(['auto', 'auto']);

    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    const bytesBefore = (line: number): number => lines.slice(0, line - 1).reduce((sum, text) => sum + Buffer.byteLength(text) + 1, 0);
    // At the first turn that starts past a third, and past two thirds, of the size asked for.
    const [first, second] = report.compactBoundaries.map((b) => bytesBefore(b.line) / target);
    expect(first).toBeGreaterThanOrEqual(1 / 3);
    expect(first).toBeLessThan(1 / 3 + 0.1);
    expect(second).toBeGreaterThanOrEqual(2 / 3);
    expect(second).toBeLessThan(2 / 3 + 0.1);

    const entries = lines.map((line) => JSON.parse(line) as { parentUuid?: string | null; isCompactSummary?: boolean });
    for (const boundary of report.compactBoundaries) {
      const summary = entries[boundary.line];
      expect(summary?.isCompactSummary).toBe(true);
      expect(summary?.parentUuid).toBe(boundary.uuid);
    }
    // The chain a resume walks starts at the last boundary.
    expect(report.chain[0]).toBe(report.compactBoundaries[1]?.uuid);
  });

  it('compacts as the context fills when asked to: each chain since a boundary holds about the tokens given', () => {
    const file = join(tempDir(), `${CORPUS_SESSION_ID}.jsonl`);
    const tokens = 20_000;
    const stats = writeCorpus(file, 3_000_000, 42, { compactAtTokens: tokens });
    const report = inspectTranscript(file);
    expect(report.diagnostics).toEqual([]);
    expect(report.compactBoundaries.length).toBe(stats.compactions);
    expect(stats.compactions).toBeGreaterThan(3);
    // Four characters a token, counted over the message text: each compacted stretch of the file
    // holds at least that much text, and not wildly more (transcript lines carry copies and fields).
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    const starts = [0, ...report.compactBoundaries.map((b) => b.line - 1)];
    for (let i = 1; i < starts.length; i++) {
      const stretch = lines.slice(starts[i - 1], starts[i]).reduce((sum, line) => sum + line.length, 0);
      expect(stretch).toBeGreaterThanOrEqual(tokens * 4);
      expect(stretch).toBeLessThan(tokens * 4 * 6);
    }
    expect(() => writeCorpus(file, 100_000, 42, { compactions: 1, compactAtTokens: tokens })).toThrow(/not both/);
  });

  it('writes no compaction unless asked, and the same bytes for the same seed', () => {
    const dir = tempDir();
    writeCorpus(join(dir, 'a.jsonl'), 300_000, 7);
    writeCorpus(join(dir, 'b.jsonl'), 300_000, 7, { compactions: 0 });
    const a = readFileSync(join(dir, 'a.jsonl'));
    expect(a.equals(readFileSync(join(dir, 'b.jsonl')))).toBe(true);
    expect(a.includes('compact_boundary')).toBe(false);
  });
});
