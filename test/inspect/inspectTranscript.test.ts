import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inspectTranscript } from '../../src/inspect/inspectTranscript.js';
import { compactBoundaryEntry, userEntry } from '../../src/testing/entryBuilders.js';
import { tempDir } from '../support/tempDir.js';

describe('inspectTranscript', () => {
  it('counts every line when the resume index has to read the file again', () => {
    // Two boundaries make the index forget what came before the first; a uuid from there written again sends it back to read everything.
    const entries = [
      userEntry('u-1', 'hello', { parentUuid: null }),
      compactBoundaryEntry('b-1', 'u-1'),
      userEntry('u-2', 'after', { parentUuid: 'b-1' }),
      compactBoundaryEntry('b-2', 'u-2'),
      userEntry('u-1', 'again', { parentUuid: 'b-2' }),
      userEntry('u-3', 'then', { parentUuid: 'u-1' }),
      userEntry('u-4', 'and then', { parentUuid: 'u-3' }),
    ];
    const file = join(tempDir(), 'session.jsonl');
    writeFileSync(file, entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
    const report = inspectTranscript(file);
    expect(report.lines).toBe(7);
    expect(report.entries).toBe(7);
    expect(report.byKind).toEqual({ user: 5, system: 2 });
  });
});
