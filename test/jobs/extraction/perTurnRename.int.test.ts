import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OfflineModel, type ModelMessage, type ModelReply } from '../../../src/index.js';
import { runExtraction } from '../../../src/jobs/index.js';
import { readBlob } from '../../../src/jobs/records/blobStore.js';
import { undoRun } from '../../../src/jobs/history/undoRun.js';
import { memoryHistory } from '../../../src/jobs/history/memoryHistory.js';
import { appendEffectsSync } from '../../../src/pipeline/effectLog.js';
import { runFinishedRecord, runStartedRecord } from '../../../src/pipeline/effectRecords.js';
import { recoverExtractionRuns } from '../../../src/jobs/extraction/extractionRecovery.js';
import { extractionStagingDir } from '../../../src/jobs/extraction/stagedMemoryRun.js';
import { parseTopicFile } from '../../../src/memory/durable/topicFile.js';
import { ScriptedModel } from '../../../src/testing/scriptedModel.js';
import { tempDir } from '../../support/tempDir.js';

const OLD = [
  '---',
  'name: staging-database-listens-port-5433',
  'description: The staging database listens on port 5433.',
  'type: project',
  '---',
  '',
  'The staging database listens on port 5433.',
  '',
].join('\n');

const run = (memoryDir: string, model: ScriptedModel | OfflineModel, conversation: ModelMessage[], newMessages = 1) =>
  runExtraction({
    model,
    memoryDir,
    readRoots: [],
    conversation,
    newMessages,
    runId: 'r',
    sessionId: 's',
    from: null,
    to: null,
    now: '2026-01-02T00:00:00.000Z',
  });

function memoryWithOld(): string {
  const memoryDir = join(tempDir(), 'memory');
  mkdirSync(memoryDir);
  writeFileSync(join(memoryDir, 'staging-database-listens-port-5433.md'), OLD);
  writeFileSync(join(memoryDir, 'MEMORY.md'), '- [Staging database port](staging-database-listens-port-5433.md) — 5433\n');
  return memoryDir;
}

const topicFiles = (memoryDir: string) =>
  readdirSync(memoryDir)
    .filter((name) => name.endsWith('.md') && name !== 'MEMORY.md')
    .sort();

function nameOf(memoryDir: string, filename: string): string {
  const parsed = parseTopicFile(readFileSync(join(memoryDir, filename), 'utf8'), filename.replace(/\.md$/, ''));
  if (!parsed.ok) throw new Error(`unreadable ${filename}`);
  return parsed.file.name;
}

/** A scripted per-turn run that rewrites the old memory with `content` (in its own file), then says it is done. */
function rewriteOld(memoryDir: string, content: string) {
  const write: Partial<ModelReply> = {
    content: [
      { type: 'tool_use', id: 'w', name: 'Write', input: { file_path: join(memoryDir, 'staging-database-listens-port-5433.md'), content } },
    ],
    stopReason: 'tool_use',
  };
  return run(memoryDir, new ScriptedModel([write, { content: [{ type: 'text', text: 'done' }] }]), [{ role: 'user', content: 'hi' }]);
}

describe('a memory rewritten by a per-turn run follows its name (decision 93)', () => {
  it('a rewrite under a new name moves the file, takes the old one away, and the index follows', async () => {
    const memoryDir = memoryWithOld();
    const renamed = OLD.replace('name: staging-database-listens-port-5433', 'name: staging-database-no-longer-5433-now-6543');
    const result = await rewriteOld(memoryDir, renamed);
    await result.apply();
    expect(topicFiles(memoryDir)).toEqual(['staging-database-no-longer-5433-now-6543.md']);
    expect(nameOf(memoryDir, 'staging-database-no-longer-5433-now-6543.md')).toBe('staging-database-no-longer-5433-now-6543');
    expect(readFileSync(join(memoryDir, 'MEMORY.md'), 'utf8')).toContain('](staging-database-no-longer-5433-now-6543.md)');
    expect(readFileSync(join(memoryDir, 'MEMORY.md'), 'utf8')).not.toContain('listens-port-5433.md');
    // The old file's bytes are kept, so the run can be undone (decision 79).
    const [removed] = result.outcome.removed ?? [];
    expect(removed?.file).toBe('staging-database-listens-port-5433.md');
    expect(readBlob(memoryDir, removed?.before ?? '')?.toString('utf8')).toBe(OLD);
  });

  it('undoing the run puts the old file back and takes the new one away (decision 79)', async () => {
    const memoryDir = memoryWithOld();
    const before = Object.fromEntries(readdirSync(memoryDir).map((f) => [f, readFileSync(join(memoryDir, f), 'utf8')]));
    const renamed = OLD.replace('name: staging-database-listens-port-5433', 'name: staging-database-no-longer-5433');
    const result = await rewriteOld(memoryDir, renamed);
    const session = 'abcdef12-0000-4000-8000-000000000000';
    mkdirSync(join(memoryDir, '..', 'effects'), { recursive: true });
    appendEffectsSync(join(memoryDir, '..', 'effects', `${session}.memlog.jsonl`), [
      runFinishedRecord({ at: { seq: 1, uuid: 'u1' }, run: 'extraction', runId: 'r', outcome: result.outcome }),
    ]);
    await result.apply();
    expect(topicFiles(memoryDir)).toEqual(['staging-database-no-longer-5433.md']);
    expect((await undoRun({ memoryDir, target: 'abcdef12:r' })).status).toBe('undone');
    expect(Object.fromEntries(readdirSync(memoryDir).map((f) => [f, readFileSync(join(memoryDir, f), 'utf8')]))).toEqual(before);
  });

  it('memory log lists the file a per-turn rename took away, with the name it moved to (decision 93)', async () => {
    const memoryDir = memoryWithOld();
    const renamed = OLD.replace('name: staging-database-listens-port-5433', 'name: staging-database-no-longer-5433');
    const result = await rewriteOld(memoryDir, renamed);
    mkdirSync(join(memoryDir, '..', 'effects'), { recursive: true });
    appendEffectsSync(join(memoryDir, '..', 'effects', 'abcdef12-0000-4000-8000-000000000000.memlog.jsonl'), [
      runFinishedRecord({ at: { seq: 1, uuid: 'u1' }, run: 'extraction', runId: 'r', outcome: result.outcome }),
    ]);
    await result.apply();
    const gone = memoryHistory(memoryDir, 'staging-database-listens-port-5433.md');
    expect(gone).toHaveLength(1);
    expect(gone[0]).toMatchObject({ change: 'renamed', reason: 'moved to staging-database-no-longer-5433.md' });
    expect(gone[0]?.diff).toContain('- The staging database listens on port 5433.');
  });

  it('a run killed after its commit and before its apply is finished by recovery: the moved-away file goes too (decisions 74, 93)', async () => {
    const memoryDir = memoryWithOld();
    const renamed = OLD.replace('name: staging-database-listens-port-5433', 'name: staging-database-no-longer-5433');
    // The run commits its outcome, then the process dies: its staged copy is never moved in.
    const result = await rewriteOld(memoryDir, renamed);
    expect(topicFiles(memoryDir)).toEqual(['staging-database-listens-port-5433.md']);
    const at = { seq: 1, uuid: 'u1' };
    const started = runStartedRecord({ at, run: 'extraction', runId: 'r', batch: [at], trailing: false });
    const committed = { ...runFinishedRecord({ at, run: 'extraction', runId: 'r', outcome: result.outcome }), run: 'extraction' as const };
    const logPath = join(memoryDir, '..', 's.memlog.jsonl');
    appendEffectsSync(logPath, [started, committed]);
    const stagingOf = (runId: string) => extractionStagingDir(memoryDir, runId);
    await recoverExtractionRuns([started, committed], [committed], { memoryDir, logPath, stagingOf, submitted: () => false });
    expect(topicFiles(memoryDir)).toEqual(['staging-database-no-longer-5433.md']);
    expect(readFileSync(join(memoryDir, 'MEMORY.md'), 'utf8')).toContain('](staging-database-no-longer-5433.md)');
    expect(readFileSync(join(memoryDir, 'MEMORY.md'), 'utf8')).not.toContain('listens-port-5433.md');
  });

  it('the offline per-turn extractor names a corrected memory after the correction, its negation kept', async () => {
    const memoryDir = memoryWithOld();
    const conversation: ModelMessage[] = [
      { role: 'user', content: 'The staging database listens on port 5433.' },
      { role: 'assistant', content: [{ type: 'text', text: 'Noted.' }] },
      { role: 'user', content: 'Correction: the staging database no longer listens on port 5433, it listens on port 6543 now.' },
      { role: 'assistant', content: [{ type: 'text', text: 'Updated.' }] },
    ];
    const result = await run(memoryDir, new OfflineModel(), conversation, 2);
    await result.apply();
    const files = topicFiles(memoryDir);
    expect(files).toHaveLength(1);
    const stem = files[0]!.replace(/\.md$/, '');
    expect(nameOf(memoryDir, files[0]!)).toBe(stem);
    expect(stem.split('-')).toContain('no');
    expect(readFileSync(join(memoryDir, files[0]!), 'utf8')).toContain('port 6543');
    expect(stem).not.toBe('staging-database-listens-port-5433');
    expect(readFileSync(join(memoryDir, 'MEMORY.md'), 'utf8')).toContain(`](${files[0]!})`);
  });

  it('a rewrite that keeps its name stays where it is, and nothing is removed', async () => {
    const memoryDir = memoryWithOld();
    const result = await rewriteOld(memoryDir, `${OLD}More.\n`);
    await result.apply();
    expect(topicFiles(memoryDir)).toEqual(['staging-database-listens-port-5433.md']);
    expect(result.outcome.removed ?? []).toEqual([]);
  });
});
