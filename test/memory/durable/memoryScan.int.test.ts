import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backfillIndex, formatManifest, renderTopicFile, scanMemoryFiles } from '../../../src/memory/durable/index.js';
import { tempDir } from '../../support/tempDir.js';

const NOW = Date.parse('2026-11-30T12:00:00Z');
const DAY = 86_400_000;

/** A memory whose file was written `fileDaysAgo`, with `modified:` when given (a backfill writes the statement's time there). */
function write(dir: string, name: string, fileDaysAgo: number, modified?: string): void {
  const file = { name: name.replace('.md', ''), description: `About ${name}`, type: 'project' as const, body: 'Body.' };
  writeFileSync(join(dir, name), renderTopicFile(modified === undefined ? file : { ...file, modified }));
  const when = new Date(NOW - fileDaysAgo * DAY);
  utimesSync(join(dir, name), when, when);
}

describe('scanMemoryFiles dates a memory by when it was saved', () => {
  it('its `modified:` frontmatter where it holds a time, else its file time: newest first, in the manifest and the index a directory gets', async () => {
    const dir = join(tempDir(), 'memory');
    mkdirSync(dir);
    write(dir, 'backfilled-from-2025.md', 0, '2025-07-13T09:00:00.000Z');
    write(dir, 'written-last-week.md', 7);
    write(dir, 'unreadable-modified.md', 3, 'sometime');
    const headers = await scanMemoryFiles(dir);
    expect(headers.map((h) => h.filename)).toEqual(['unreadable-modified.md', 'written-last-week.md', 'backfilled-from-2025.md']);
    expect(headers.map((h) => new Date(h.savedAtMs).toISOString())).toEqual([
      new Date(NOW - 3 * DAY).toISOString(),
      new Date(NOW - 7 * DAY).toISOString(),
      '2025-07-13T09:00:00.000Z',
    ]);
    // The file's own time is still what it is (Claude Code's attachments carry it).
    expect(headers.at(-1)?.mtimeMs).toBe(NOW);
    expect(formatManifest(headers)).toContain(
      '- [project] backfilled-from-2025.md (2025-07-13T09:00:00.000Z): About backfilled-from-2025.md',
    );
    await backfillIndex(dir);
    expect(readFileSync(join(dir, 'MEMORY.md'), 'utf8').split('\n').at(-2)).toMatch(/^- \[backfilled-from-2025\]/);
  });
});
