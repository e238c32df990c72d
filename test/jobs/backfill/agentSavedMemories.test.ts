import { describe, expect, it } from 'vitest';
import { withoutSaved } from '../../../src/jobs/backfill/agentSavedMemories.js';
import { candidate, savedFile as savedOne } from '../../support/agentSavedFiles.js';

const savedFile = (text: string) => savedOne(text, 'api-port');

describe('withoutSaved', () => {
  it('leaves out a statement the assistant already saved in a memory file', () => {
    const saved = [savedFile('The production API runs on port 8080.')];
    expect(withoutSaved([candidate('The production API now runs on port 8080.')], saved)).toMatchObject({ kept: [], dropped: 1 });
  });

  it('keeps a statement about another environment or another numbered service, however alike the words', () => {
    const production = [savedFile('The production API runs on port 8080.')];
    expect(withoutSaved([candidate('The staging API runs on port 9090.')], production).dropped).toBe(0);
    const service = [savedFile('Service 1 runs on port 8001.')];
    expect(withoutSaved([candidate('Service 2 runs on port 8002.')], service).dropped).toBe(0);
  });

  it('keeps a statement on the same subject when the saved file gives another value (decision 131)', () => {
    const saved = [savedFile('The production API runs on port 8080.')];
    expect(withoutSaved([candidate('The production API runs on port 9090.')], saved).dropped).toBe(0);
    const link = [savedFile('The docs/index.md page is a symlink to guide/intro.md, edit that file.')];
    expect(withoutSaved([candidate('The docs/index.md page is a symlink to guide/start.md, edit that file.')], link).dropped).toBe(0);
  });

  it('still leaves out a statement whose every name and number the saved file holds, wherever it says them', () => {
    const saved = [
      savedFile('The docs/index.md page is a symlink to guide/intro.md.\n\nEdit guide/intro.md, never the link; port 8080 serves it.'),
    ];
    expect(withoutSaved([candidate('The docs/index.md page is a symlink to guide/intro.md, edit that file.')], saved).dropped).toBe(1);
  });
});
