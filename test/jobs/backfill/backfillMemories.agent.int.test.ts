import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnthropicModel } from '../../../src/index.js';
import { backfillMemories } from '../../../src/jobs/index.js';
import { consolidationLogPath } from '../../../src/jobs/consolidation/consolidateMemory.js';
import { readEffectLog } from '../../../src/pipeline/effectLog.js';
import { answerChunk, chunkIdOf, PROJECT, writeBackfillProject, type WrittenPrompt } from '../../support/backfillProject.js';
import { topicText } from '../../support/memoryFiles.js';
import { MessagesServer, type Arranged } from '../../support/messagesServer.js';
import { tempDir } from '../../support/tempDir.js';

const chunkAnswer: Arranged = { kind: 'answer', content: answerChunk, stopReason: 'tool_use' };

const tools = (...uses: Array<[string, string, Record<string, unknown>]>): Arranged => ({
  kind: 'reply',
  content: uses.map(([id, name, input]) => ({ type: 'tool_use', id, name, input })),
  stopReason: 'tool_use',
});

const DEPLOYS = topicText(
  'staging-deploys',
  'Staging deploys are frozen until 2026-03-20, incidents are on the dashboard',
  'Staging deploys are frozen until the release on 2026-03-20.\nWhen something breaks, check grafana.acme.test/d/incidents first.',
  '2026-03-05T10:00:00.000Z',
  'project',
);
const PNPM = topicText('pnpm', 'Use pnpm, not npm', 'Use pnpm for every package in this repo.', '2026-03-02T10:00:00.000Z');
const INDEX = '- [pnpm](pnpm.md) — the package manager\n- [Staging deploys](staging-deploys.md) — the freeze and the incident dashboard\n';

/** The agent's session: it lists the (empty) directory, writes two files (two candidates merged into one) and the index, reports, ends. */
function agentSession(memory: string, prompts: readonly WrittenPrompt[]): Arranged[] {
  const source = (i: number) => ({ session: prompts[i]!.session, uuid: prompts[i]!.uuid, timestamp: prompts[i]!.timestamp });
  return [
    tools(['g1', 'Glob', { pattern: '*.md', path: memory }]),
    tools(
      ['w1', 'Write', { file_path: join(memory, 'pnpm.md'), content: PNPM }],
      ['w2', 'Write', { file_path: join(memory, 'staging-deploys.md'), content: DEPLOYS }],
      ['w3', 'Write', { file_path: join(memory, 'MEMORY.md'), content: INDEX }],
    ),
    tools([
      'rep',
      'record_consolidation',
      {
        summary: 'Added the package manager; merged the deploy freeze and the incident dashboard into one memory.',
        changes: [
          { file: 'pnpm.md', kind: 'added', reason: 'the person prefers pnpm', sources: [source(0)] },
          {
            file: 'staging-deploys.md',
            kind: 'added',
            reason: 'the staging freeze and where incidents are looked at, one memory',
            sources: [source(1), source(3)],
          },
        ],
      },
    ]),
    { kind: 'reply', content: [{ type: 'text', text: 'Done.' }] },
  ];
}

const memoryFiles = (memory: string): Record<string, string> =>
  Object.fromEntries(
    readdirSync(memory)
      .filter((name) => name.endsWith('.md'))
      .sort()
      .map((name) => [name, readFileSync(join(memory, name), 'utf8')]),
  );

describe('backfillMemories with consolidationAgent: phase 2 as the consolidation agent, the real SDK over HTTP', () => {
  let server: MessagesServer;
  let model: AnthropicModel;
  beforeEach(async () => {
    server = new MessagesServer({ validate: true });
    model = new AnthropicModel({ apiKey: 'test-key', baseURL: await server.start(), maxRetries: 0 });
  });
  afterEach(() => server.stop());

  it("hands the agent the candidates, commits what it wrote consuming phase 1's chunks; a rerun sends nothing", async () => {
    const { root, prompts } = writeBackfillProject();
    const out = tempDir();
    const memory = join(out, PROJECT, 'memory');
    server.arrange(...Array.from({ length: 5 }, () => chunkAnswer), ...agentSession(memory, prompts));
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
    expect(memoryFiles(memory)).toEqual({ 'MEMORY.md': INDEX, 'pnpm.md': PNPM, 'staging-deploys.md': DEPLOYS });
    expect(report.projects.map((p) => p.consolidated)).toEqual([{ chunks: 5, candidates: 3, changes: 2, status: 'consolidated' }]);

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
    expect(memoryFiles(memory)).toEqual({ 'MEMORY.md': INDEX, 'pnpm.md': PNPM, 'staging-deploys.md': DEPLOYS });
    expect(readEffectLog(consolidationLogPath(memory)).records).toHaveLength(2);
  });
});
