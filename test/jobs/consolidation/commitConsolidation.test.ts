import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stagedDirPath } from '../../../src/fs/stagedDir.js';
import type { ChangeRecord } from '../../../src/jobs/consolidation/changeRecords.js';
import { commitConsolidation } from '../../../src/jobs/consolidation/commitConsolidation.js';
import { readEffectLog } from '../../../src/pipeline/effectLog.js';
import { tempDir } from '../../support/tempDir.js';

/** A memory directory with one file, and a consolidation staged beside it that rewrites it. */
function staged() {
  const memoryDir = join(tempDir(), 'memory');
  const logPath = join(memoryDir, '..', 'consolidation.jsonl');
  mkdirSync(memoryDir, { recursive: true });
  writeFileSync(join(memoryDir, 'a.md'), 'a before\n');
  const staging = stagedDirPath(memoryDir, 'consolidation@0');
  mkdirSync(staging, { recursive: true });
  writeFileSync(join(staging, 'a.md'), 'a after\n');
  return { memoryDir, logPath };
}

describe('a consolidation commits through the journal (decision 91)', () => {
  it('commit, apply, end: the commit record carries the outcome, the end follows the files', async () => {
    const { memoryDir, logPath } = staged();
    const records: ChangeRecord[] = [{ kind: 'updated', filename: 'a.md', reason: 'said again' }];
    await commitConsolidation({ memoryDir, logPath, runId: 'consolidation@0', plan: { records }, writes: ['a.md'], removes: [] });
    const log = readEffectLog(logPath).records;
    expect(log.map((r) => r.type)).toEqual(['consolidation_started', 'consolidation_finished']);
    expect(log[0]).toMatchObject({ runId: 'consolidation@0', changes: records, writes: ['a.md'], removes: [] });
    expect(readFileSync(join(memoryDir, 'a.md'), 'utf8')).toBe('a after\n');
  });

  it('an outcome that does not fit the kind is refused before anything is recorded or moved', async () => {
    const { memoryDir, logPath } = staged();
    const records = JSON.parse('[{"kind":"rewritten","filename":"a.md","reason":"?"}]') as ChangeRecord[];
    await expect(
      commitConsolidation({ memoryDir, logPath, runId: 'consolidation@0', plan: { records }, writes: ['a.md'], removes: [] }),
    ).rejects.toThrow(/consolidation entry's outcome does not fit/);
    expect(existsSync(logPath) ? readEffectLog(logPath).records : []).toEqual([]);
    expect(readdirSync(memoryDir)).toEqual(['a.md']);
    expect(readFileSync(join(memoryDir, 'a.md'), 'utf8')).toBe('a before\n');
  });
});
