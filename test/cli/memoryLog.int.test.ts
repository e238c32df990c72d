import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { consolidateMemory } from '../../src/jobs/index.js';
import { writeTabsPreference } from '../support/memoryFiles.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

describe('memlog memory log', () => {
  it('prints each change with its run, reason and diff, and the same as JSON', async () => {
    const memory = join(tempDir(), 'project', 'memory');
    writeTabsPreference(memory);
    await consolidateMemory({ memoryDir: memory, force: true, now: () => new Date('2026-03-01T10:00:00.000Z') });
    const log = runCli(['memory', 'log', 'tabs', '--dir', memory]);
    expect(log.status, log.stderr).toBe(0);
    expect(log.stdout.split('\n').slice(0, 3)).toEqual([
      '2026-03-01T10:00:00.000Z  tabs.md  merged by memlog consolidation@0',
      '  why: an older statement of what indent-tabs.md says (3 subject words shared) (into indent-tabs.md)',
      '    - ---',
    ]);
    const json = runCli(['memory', 'log', '--dir', memory, '--json']);
    const parsed = JSON.parse(json.stdout) as { changes: { file: string; change: string; run: string }[] };
    expect(parsed.changes.map((c) => [c.file, c.change, c.run])).toEqual([
      ['MEMORY.md', 'created', 'index@0'],
      ['MEMORY.md', 'updated', 'consolidation@0'],
      ['tabs.md', 'merged', 'consolidation@0'],
    ]);
  });

  it('a missing folder is a usage error', () => {
    const result = runCli(['memory', 'log', '--dir', join(tempDir(), 'nowhere')]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('no such memory folder');
  });
});
