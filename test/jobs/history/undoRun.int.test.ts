import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { consolidateMemory, runExtraction } from '../../../src/jobs/index.js';
import { memoryHistory } from '../../../src/jobs/history/memoryHistory.js';
import { undoRun } from '../../../src/jobs/history/undoRun.js';
import { appendEffectsSync } from '../../../src/pipeline/effectLog.js';
import { runFinishedRecord } from '../../../src/pipeline/effectRecords.js';
import { ScriptedModel } from '../../../src/testing/scriptedModel.js';
import { dirSnapshot } from '../../support/dirSnapshot.js';
import { writeDriftedMemory } from '../../support/memoryFiles.js';
import { tempDir } from '../../support/tempDir.js';

/** The directory's files, byte for byte, without Claude Code's lock (its mtime is the last consolidation's time). */
const files = (memory: string) => dirSnapshot(memory, (path) => path !== '.consolidate-lock');

async function consolidated() {
  const memory = writeDriftedMemory(join(tempDir(), 'project', 'memory'));
  const before = files(memory);
  const result = await consolidateMemory({ memoryDir: memory, force: true });
  expect(result.status).toBe('consolidated');
  return { memory, before, after: files(memory) };
}

describe('undoRun', () => {
  it('takes a consolidation back byte for byte, the deleted file too; the undo is a run that can be undone', async () => {
    const { memory, before, after } = await consolidated();
    expect(Object.keys(after)).not.toContain('tabs.md');
    const undone = await undoRun({ memoryDir: memory, target: 'consolidation@0' });
    expect(undone).toMatchObject({ status: 'undone', runId: 'undo@0', undid: 'consolidation@0' });
    expect(files(memory)).toEqual(before);
    expect(memoryHistory(memory, 'tabs.md').map((e) => [e.change, e.run])).toEqual([
      ['merged', 'consolidation@0'],
      ['created', 'undo@0'],
    ]);
    const redone = await undoRun({ memoryDir: memory, target: 'last' });
    expect(redone).toMatchObject({ status: 'undone', runId: 'undo@1', undid: 'undo@0' });
    expect(files(memory)).toEqual(after);
  });

  it('refuses when a file is not as the run left it, says which and what changed it; --force undoes and keeps the later bytes for an undo of the undo', async () => {
    const { memory, before } = await consolidated();
    writeFileSync(join(memory, 'MEMORY.md'), 'edited by hand\n');
    const edited = files(memory);
    const refused = await undoRun({ memoryDir: memory, target: 'consolidation@0' });
    expect(refused).toMatchObject({ status: 'refused', undid: 'consolidation@0' });
    expect(refused.status === 'refused' ? refused.conflicts.map((c) => [c.file, c.since]) : []).toEqual([['MEMORY.md', []]]);
    expect(files(memory)).toEqual(edited);
    const forced = await undoRun({ memoryDir: memory, target: 'consolidation@0', force: true });
    expect(forced.status).toBe('undone');
    expect(files(memory)).toEqual(before);
    await undoRun({ memoryDir: memory, target: 'last' });
    expect(readFileSync(join(memory, 'MEMORY.md'), 'utf8')).toBe('edited by hand\n');
  });

  it('undoes one file of a run, and an extraction run found in a session’s effect log', async () => {
    const { memory, before } = await consolidated();
    const one = await undoRun({ memoryDir: memory, target: 'consolidation@0/tabs.md' });
    expect(one).toMatchObject({ status: 'undone', restored: ['tabs.md'], removed: [] });
    expect(readFileSync(join(memory, 'tabs.md'), 'base64')).toBe(before['tabs.md']);

    const write = {
      content: [
        {
          type: 'tool_use' as const,
          id: 'w',
          name: 'Write',
          input: { file_path: join(memory, 'deploy.md'), content: 'Deploy on Fridays.\n' },
        },
      ],
      stopReason: 'tool_use',
    };
    const run = await runExtraction({
      memoryDir: memory,
      readRoots: [],
      conversation: [{ role: 'user', content: 'We deploy on Fridays.' }],
      newMessages: 1,
      runId: 'extraction@3',
      sessionId: 'abcdef12-0000-4000-8000-000000000000',
      from: null,
      to: 'u1',
      now: '2026-03-02T09:00:00.000Z',
      model: new ScriptedModel([write, { content: [{ type: 'text', text: 'done' }] }]),
    });
    mkdirSync(join(memory, '..', 'effects'), { recursive: true });
    appendEffectsSync(join(memory, '..', 'effects', 'abcdef12-0000-4000-8000-000000000000.memlog.jsonl'), [
      runFinishedRecord({ at: { seq: 3, uuid: 'u1' }, run: 'extraction', runId: 'extraction@3', outcome: run.outcome }),
    ]);
    const beforeExtraction = files(memory);
    await run.apply();
    expect(Object.keys(files(memory))).toContain('deploy.md');
    const undone = await undoRun({ memoryDir: memory, target: 'abcdef12:extraction@3' });
    expect(undone.status).toBe('undone');
    expect(files(memory)).toEqual(beforeExtraction);
  });

  it('a target that names no run is an error, not a refusal', async () => {
    const { memory } = await consolidated();
    await expect(undoRun({ memoryDir: memory, target: 'consolidation@9' })).rejects.toThrow('no recorded run "consolidation@9"');
  });
});
