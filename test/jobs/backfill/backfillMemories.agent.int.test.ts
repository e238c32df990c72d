import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { AnthropicModel } from '../../../src/index.js';
import { backfillMemories } from '../../../src/jobs/index.js';
import { consolidationLogPath } from '../../../src/jobs/consolidation/consolidateMemory.js';
import { readEffectLog } from '../../../src/pipeline/effectLog.js';
import { AGENT_TOKENS, backfillAgentSession, DEPLOYS_ON_DISK, INDEX, PNPM_ON_DISK } from '../../support/backfillAgentScript.js';
import { answerChunk, chunkIdOf, PROJECT, writeBackfillProject } from '../../support/backfillProject.js';
import type { Arranged } from '../../support/messagesServer.js';
import { useMessagesServer } from '../../support/useMessagesServer.js';
import { tempDir } from '../../support/tempDir.js';

const chunkAnswer: Arranged = { kind: 'answer', content: answerChunk, stopReason: 'tool_use' };

const memoryFiles = (memory: string): Record<string, string> =>
  Object.fromEntries(
    readdirSync(memory)
      .filter((name) => name.endsWith('.md'))
      .sort()
      .map((name) => [name, readFileSync(join(memory, name), 'utf8')]),
  );

describe('backfillMemories with consolidationAgent: phase 2 as the consolidation agent, the real SDK over HTTP', () => {
  const api = useMessagesServer({ validate: true });
  const { server } = api;
  let model: AnthropicModel;
  beforeEach(() => {
    model = new AnthropicModel({ apiKey: 'test-key', baseURL: api.url, maxRetries: 0 });
  });

  it("hands the agent the candidates, commits what it wrote consuming phase 1's chunks; a rerun sends nothing", async () => {
    const { root, prompts } = writeBackfillProject();
    const out = tempDir();
    const memory = join(out, PROJECT, 'memory');
    server.arrange(...Array.from({ length: 5 }, () => chunkAnswer), ...backfillAgentSession(memory, prompts));
    const report = await backfillMemories({ root, out, model, chunkTokens: 1, consolidationAgent: { model } });

    expect(server.rejected).toEqual([]);
    expect(server.pending).toBe(0);
    // Phase 1: a chunk request per turn; phase 2: the agent's four calls.
    expect(server.received.slice(0, 5).map((r) => chunkIdOf(r.body))).toEqual(prompts.map((p) => p.uuid));
    const agentCalls = server.received.slice(5);
    expect(agentCalls).toHaveLength(4);
    expect((agentCalls[0]!.body['tools'] as Array<{ name: string }>).map((t) => t.name)).toContain('record_consolidation');

    // The candidates phase 1 recorded are in the agent's first message, with their sources.
    const [first] = agentCalls[0]!.body['messages'] as Array<{ content: string | Array<{ text?: string }> }>;
    const brief = typeof first!.content === 'string' ? first!.content : first!.content.map((b) => b.text ?? '').join('');
    expect(brief).toContain('New statements from earlier sessions');
    for (const i of [0, 1, 3]) {
      expect(brief).toContain(prompts[i]!.text);
      expect(brief).toContain(`"uuid": "${prompts[i]!.uuid}"`);
    }

    // The directory is what the agent left in its copy.
    expect(memoryFiles(memory)).toEqual({ 'MEMORY.md': INDEX, 'pnpm.md': PNPM_ON_DISK, 'staging-deploys.md': DEPLOYS_ON_DISK });
    expect(report.projects.map((p) => p.consolidated)).toEqual([
      { chunks: 5, candidates: 3, changes: 2, status: 'consolidated', tokens: AGENT_TOKENS },
    ]);

    // The commit record names the chunks it consumes, and the agent's reasons and sources.
    const records = readEffectLog(consolidationLogPath(memory)).records;
    expect(records.map((r) => r.type)).toEqual(['consolidation_started', 'consolidation_finished']);
    const started = records[0]!;
    expect(started.type === 'consolidation_started' && [...(started.consumes ?? [])].sort()).toEqual(
      prompts.map((p) => `${p.session}/${p.uuid}`).sort(),
    );
    expect(started).toMatchObject({
      writes: ['pnpm.md', 'staging-deploys.md', 'MEMORY.md'],
      removes: [],
      changes: [
        { kind: 'added', filename: 'pnpm.md', reason: 'the person prefers pnpm' },
        { kind: 'added', filename: 'staging-deploys.md', reason: 'the staging freeze and where incidents are looked at, one memory' },
      ],
    });

    // A rerun: no chunk is sent again, nothing is left for the agent.
    const again = await backfillMemories({ root, out, model, chunkTokens: 1, consolidationAgent: { model } });
    expect(server.received).toHaveLength(9);
    expect(again.projects[0]!.consolidated.status).toBe('nothing new');
    expect(memoryFiles(memory)).toEqual({ 'MEMORY.md': INDEX, 'pnpm.md': PNPM_ON_DISK, 'staging-deploys.md': DEPLOYS_ON_DISK });
    expect(readEffectLog(consolidationLogPath(memory)).records).toHaveLength(2);
  });

  it('a model failure in phase 2 fails that project only and leaves its candidates unconsumed; the next run hands them to the agent again', async () => {
    const { root, prompts } = writeBackfillProject();
    const out = tempDir();
    const memory = join(out, PROJECT, 'memory');
    server.arrange(...Array.from({ length: 5 }, () => chunkAnswer), { kind: 'status', status: 500 });
    const failed = await backfillMemories({ root, out, model, chunkTokens: 1, consolidationAgent: { model } });
    expect(failed.failedProjects).toBe(1);
    expect(failed.projects[0]?.consolidated).toMatchObject({ status: 'failed', chunks: 0, candidates: 0, changes: 0 });
    expect(failed.projects[0]?.consolidated.error).toMatch(/500/);
    expect(memoryFiles(memory)).toEqual({});
    expect(readEffectLog(consolidationLogPath(memory)).records).toEqual([]);

    server.arrange(...backfillAgentSession(memory, prompts));
    const report = await backfillMemories({ root, out, model, chunkTokens: 1, consolidationAgent: { model } });
    expect(server.pending).toBe(0);
    // No chunk sent again: the rerun's only calls are the agent's.
    expect(server.received).toHaveLength(6 + 4);
    expect(report.projects.map((p) => p.consolidated)).toEqual([
      { chunks: 5, candidates: 3, changes: 2, status: 'consolidated', tokens: AGENT_TOKENS },
    ]);
    expect(report.failedProjects).toBe(0);
    expect(memoryFiles(memory)).toEqual({ 'MEMORY.md': INDEX, 'pnpm.md': PNPM_ON_DISK, 'staging-deploys.md': DEPLOYS_ON_DISK });
  });
});
