import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLAUDE_CODE_CONTEXT_TOKENS, writeCorpus } from '../../bench/corpus.js';
import { inspectTranscript } from '../../src/inspect/inspectTranscript.js';
import { hasShared } from '../support/paths.js';
import { tempDir } from '../support/tempDir.js';
import { catalogReport, realTranscripts, repoTranscripts } from './catalogSupport.js';

describe('the fast scan against the full fold', () => {
  it.runIf(hasShared)('gives every real transcript the report a full read gives (holdout sessions left out)', () => {
    const files = realTranscripts();
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) expect(catalogReport(file), file).toEqual(inspectTranscript(file));
  });

  it("gives every transcript of the repository's fixtures, negative ones included, the report a full read gives", () => {
    const files = repoTranscripts();
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) expect(catalogReport(file), file).toEqual(inspectTranscript(file));
  });

  it('gives generated sessions, compacted or not, the report a full read gives', () => {
    const dir = tempDir();
    const sessions = [
      { name: 'plain.jsonl', seed: 7, options: {} },
      { name: 'compacted.jsonl', seed: 8, options: { compactions: 3 } },
      { name: 'full-context.jsonl', seed: 9, options: { compactAtTokens: CLAUDE_CODE_CONTEXT_TOKENS / 20 } },
    ];
    for (const { name, seed, options } of sessions) {
      const file = join(dir, name);
      writeCorpus(file, 2_000_000, seed, options);
      expect(catalogReport(file), name).toEqual(inspectTranscript(file));
    }
  });
});
