import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ModelReply } from '../../../src/index.js';
import { applyBatchReply, SAVE_MEMORIES_TOOL } from '../../../src/jobs/index.js';
import { ZERO_USAGE } from '../../../src/model/index.js';
import { tempDir } from '../../support/tempDir.js';

const memory = (file: string) => ({
  file,
  name: `about ${file}`,
  description: `what ${file} holds`,
  type: 'user',
  body: `Saved as ${file}.`,
});
const reply = (files: string[]): ModelReply => ({
  model: 'test',
  stopReason: 'tool_use',
  usage: ZERO_USAGE,
  content: [{ type: 'tool_use', id: 't', name: SAVE_MEMORIES_TOOL, input: { memories: files.map(memory) } }],
});

describe('applyBatchReply: file names', () => {
  it('a memory named after the index in any spelling is refused with a message naming it; the rest is saved and indexed', async () => {
    const staging = join(tempDir(), 'memory');
    mkdirSync(staging);
    const index = '- [Build](build.md) — pnpm\n';
    writeFileSync(join(staging, 'MEMORY.md'), index);
    const reserved = ['memory.md', 'Memory.MD', 'MEMORY.md', 'MEMORY.md.'];
    const work = await applyBatchReply(
      reply([...reserved, 'tabs.md']),
      { staging, existing: [], index },
      { frontmatter: 'flat', sessionId: 's', now: '2026-01-01T00:00:00.000Z' },
    );
    expect(work.denied).toBe(4);
    expect(work.refused).toEqual([
      'memory.md: would replace the index MEMORY.md on a case-insensitive file system (it is that name in another spelling)',
      'Memory.MD: would replace the index MEMORY.md on a case-insensitive file system (it is that name in another spelling)',
      'MEMORY.md: is the index, which memlog writes itself; a memory needs a file name of its own',
      'MEMORY.md.: would replace the index MEMORY.md on a case-insensitive file system (it is that name in another spelling)',
    ]);
    expect(readdirSync(staging).sort()).toEqual(['MEMORY.md', 'tabs.md']);
    expect(readFileSync(join(staging, 'MEMORY.md'), 'utf8').split('\n').filter(Boolean)).toEqual([
      '- [Build](build.md) — pnpm',
      expect.stringContaining('(tabs.md)'),
    ]);
  });
});
