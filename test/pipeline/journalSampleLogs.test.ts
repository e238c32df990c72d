import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stagedDirPath } from '../../src/fs/stagedDir.js';
import { finishCutShort } from '../../src/jobs/consolidation/cutShort.js';
import { recoverNotesRuns } from '../../src/jobs/notes/notesRecovery.js';
import { stagingPath } from '../../src/jobs/notes/notesRun.js';
import { readEffectLog } from '../../src/pipeline/effectLog.js';
import { tempDir } from '../support/tempDir.js';

const fixtures = join(import.meta.dirname, 'fixtures', 'journal');

/** A committed sample log, copied where a test may append to it. */
function copyOf(name: string): string {
  const path = join(tempDir(), `${name}.memlog.jsonl`);
  copyFileSync(join(fixtures, `${name}.memlog.jsonl`), path);
  return path;
}

describe("logs written by the version before the journal's driver are recovered by the jobs' declarations (decision 91)", () => {
  it('a notes run begun and never ended: taken back by the notes job (its staged copy goes), marked interrupted at its start', async () => {
    const logPath = copyOf('v1-killed-notes');
    const notesPath = join(tempDir(), 'summary.md');
    writeFileSync(notesPath, 'the notes as they were\n');
    const staging = stagingPath(notesPath, 'session_notes@13');
    writeFileSync(staging, 'half an update\n');
    const { finished, rolledBack } = await recoverNotesRuns(readEffectLog(logPath).records, notesPath, logPath);
    expect(finished).toEqual([]);
    expect(rolledBack).toMatchObject([{ type: 'run_failed', runId: 'session_notes@13', interrupted: true }]);
    expect(existsSync(staging)).toBe(false);
    expect(readFileSync(notesPath, 'utf8')).toBe('the notes as they were\n');
    expect(readEffectLog(logPath).records.map((r) => r.type)).toEqual(['decision', 'run_started', 'run_failed']);
  });

  it("a consolidation committed and never finished: finished by the consolidation job's apply step, then its end recorded", async () => {
    const logPath = copyOf('v1-killed-consolidation');
    const [committed] = readEffectLog(logPath).records;
    if (committed?.type !== 'consolidation_started') throw new Error('the sample starts with a consolidation commit');
    const memoryDir = join(tempDir(), 'memory');
    const staging = stagedDirPath(memoryDir, committed.runId);
    mkdirSync(staging, { recursive: true });
    for (const file of committed.writes) writeFileSync(join(staging, file), `${file} staged\n`);
    const finished = await finishCutShort(memoryDir, logPath, readEffectLog(logPath).records);
    expect(finished).toEqual([committed.runId]);
    for (const file of committed.writes) expect(readFileSync(join(memoryDir, file), 'utf8')).toBe(`${file} staged\n`);
    expect(readEffectLog(logPath).records.map((r) => r.type)).toEqual(['consolidation_started', 'consolidation_finished']);
  });
});
