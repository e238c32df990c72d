import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { AnthropicModel } from '../../../src/index.js';
import { CONSOLIDATION_SYSTEM } from '../../../src/consolidation/agentPrompt.js';
import { formatPlan } from '../../../src/consolidation/index.js';
import { consolidateMemory, consolidationLogPath } from '../../../src/jobs/consolidation/consolidateMemory.js';
import { CONSOLIDATE_LOCK } from '../../../src/jobs/consolidation/consolidationLock.js';
import { readEffectLog } from '../../../src/pipeline/effectLog.js';
import {
  AGENT_INDEX,
  AGENT_SESSION,
  agentProject,
  agentSession,
  changeSteps,
  MERGED_TABS,
  orientSteps,
  PORT_MESSAGE,
  PORT_SAID_AT,
} from '../../support/consolidationAgentScript.js';
import { dirSnapshot, leftovers } from '../../support/dirSnapshot.js';
import type { MessagesServer } from '../../support/messagesServer.js';
import { useMessagesServer } from '../../support/useMessagesServer.js';
import { runCli } from '../../support/runCli.js';

type Block = { type: string; tool_use_id?: string; content?: string; is_error?: boolean; name?: string };
const sentMessages = (server: MessagesServer, call: number) =>
  server.received[call]!.body['messages'] as Array<{ role: string; content: Block[] }>;
/** The text of the first message the agent was sent. */
const firstMessage = (server: MessagesServer): string =>
  sentMessages(server, 0)[0]!
    .content.map((b) => (b as { text?: string }).text ?? '')
    .join('');
/** The tool results a request carried back, by tool_use id. */
const resultsIn = (server: MessagesServer, call: number): Map<string, Block> =>
  new Map(
    sentMessages(server, call)
      .at(-1)!
      .content.map((b) => [b.tool_use_id ?? '', b]),
  );

describe('consolidateMemory with a model: the agent on a staged copy, the real SDK over HTTP', () => {
  const api = useMessagesServer({ validate: true });
  const { server } = api;
  let model: AnthropicModel;
  beforeEach(() => {
    model = new AnthropicModel({ apiKey: 'test-key', baseURL: api.url, maxRetries: 0 });
  });

  it('reads, greps the sessions, merges two files, deletes one, rewrites the index; the log records it first; memory why shows it', async () => {
    const p = agentProject();
    const outsideBefore = dirSnapshot(p.base, (path) => !path.startsWith('projects'));
    server.arrange(...agentSession(p));
    const result = await consolidateMemory({ memoryDir: p.memory, agent: { model } });
    expect(server.pending).toBe(0);
    expect(server.rejected).toEqual([]);
    expect(result.status).toBe('consolidated');

    // The files, as the agent left them in its copy.
    expect(readdirSync(p.memory).sort()).toEqual([CONSOLIDATE_LOCK, 'MEMORY.md', 'indent-tabs.md', 'staging-port.md']);
    expect(readFileSync(join(p.memory, 'indent-tabs.md'), 'utf8')).toBe(MERGED_TABS);
    expect(readFileSync(join(p.memory, 'staging-port.md'), 'utf8')).toContain('The staging API runs on port 9191 since 2026-03-05.');
    expect(readFileSync(join(p.memory, 'MEMORY.md'), 'utf8')).toBe(AGENT_INDEX);
    // The refused calls touched nothing: not the folder outside, not CLAUDE.md, no CLAUDE.md or .txt in memory.
    expect(dirSnapshot(p.base, (path) => !path.startsWith('projects'))).toEqual(outsideBefore);
    expect(leftovers(p.sessions)).toEqual([]);

    // The log: the plan with its reasons and sources, then its end.
    const records = readEffectLog(consolidationLogPath(p.memory)).records;
    expect(records.map((r) => r.type)).toEqual(['consolidation_started', 'consolidation_finished']);
    expect(records[0]).toMatchObject({
      runId: 'consolidation@0',
      writes: ['indent-tabs.md', 'staging-port.md', 'MEMORY.md'],
      removes: ['tabs.md'],
      changes: [
        { kind: 'updated', filename: 'indent-tabs.md', reason: 'now holds both statements of the tab rule', sources: [] },
        {
          kind: 'updated',
          filename: 'staging-port.md',
          reason: 'the staging API moved to port 9191',
          sources: [{ session: AGENT_SESSION, uuid: PORT_MESSAGE, timestamp: PORT_SAID_AT }],
        },
        { kind: 'merged', filename: 'tabs.md', into: 'indent-tabs.md', reason: 'said the same as indent-tabs.md' },
      ],
    });
    expect(result.status === 'consolidated' && result.agent).toMatchObject({
      model: 'anthropic',
      turns: 6,
      summary: 'Merged the two tab rules; the staging port is 9191 now.',
      restored: [],
      denied: 4,
    });

    // What the agent was sent: our instructions, its tools, where the sessions are.
    const first = server.received[0]!.body;
    expect((first['system'] as Array<{ text: string }>).map((b) => b.text).join('')).toBe(CONSOLIDATION_SYSTEM);
    expect((first['tools'] as Block[]).map((t) => t.name)).toEqual([
      'Read',
      'Glob',
      'Grep',
      'Write',
      'Edit',
      'Delete',
      'record_consolidation',
    ]);
    expect(firstMessage(server)).toContain(`- ${AGENT_SESSION} (last written`);
    // Reads went to its copy; the session search came back as cited excerpts, the long line cut.
    expect(resultsIn(server, 2).get('r5')!.content).toContain('Run the tests with vitest.');
    const grep = resultsIn(server, 3).get('s1')!.content!;
    expect(grep).toContain(`${AGENT_SESSION} uuid ${PORT_MESSAGE} at ${PORT_SAID_AT} (user): `);
    expect(grep).toMatch(
      new RegExp(
        `^${AGENT_SESSION} uuid u-log at 2026-03-05T08:10:00.000Z \\(user\\): …[a-z ]+ staging answered on port 9090 [a-z ]+…$`,
        'm',
      ),
    );
    expect(grep.length).toBeLessThan(1_000);
    // The refused calls came back as errors saying why.
    const writes = resultsIn(server, 4);
    expect(['w1', 'd1', 'e1', 'w2'].map((id) => writes.get(id)!.is_error ?? false)).toEqual([false, false, false, false]);
    expect(['x1', 'x2', 'x3', 'x4'].map((id) => [writes.get(id)!.is_error, writes.get(id)!.content])).toEqual([
      [true, expect.stringMatching(/only inside the memory directory/)],
      [true, expect.stringMatching(/only inside the memory directory/)],
      [true, expect.stringMatching(/CLAUDE\.md is not a memory/)],
      [true, expect.stringMatching(/only \.md memory files/)],
    ]);

    // memlog memory why shows the agent's changes, under both names of a merge.
    const why = (name: string) => runCli(['memory', 'why', name, '--dir', p.memory]).stdout;
    expect(why('tabs')).toBe(
      'tabs.md: no longer a memory file\n  merged into indent-tabs.md by consolidation@0: said the same as indent-tabs.md\n',
    );
    expect(why('indent-tabs')).toContain('  tabs.md merged into it by consolidation@0: said the same as indent-tabs.md');
    expect(why('staging-port')).toContain('  updated by consolidation@0: the staging API moved to port 9191; from 5b3c0a11 (2026-03-05)');
  });

  it('a server failure mid-run leaves the directory and everything beside it byte for byte as before', async () => {
    const p = agentProject();
    const before = dirSnapshot(p.sessions);
    server.arrange(...orientSteps(p), ...changeSteps(p), { kind: 'status', status: 500 });
    await expect(consolidateMemory({ memoryDir: p.memory, agent: { model } })).rejects.toThrow(/500/);
    expect(dirSnapshot(p.sessions)).toEqual(before);
    expect(existsSync(join(p.memory, CONSOLIDATE_LOCK))).toBe(false);
  });

  it('an agent cut off at its turn limit, or one that leaves a memory unreadable, changes nothing', async () => {
    const p = agentProject();
    const before = dirSnapshot(p.sessions);
    server.arrange(...orientSteps(p));
    await expect(consolidateMemory({ memoryDir: p.memory, agent: { model, maxTurns: 3 } })).rejects.toThrow(
      /did not finish within 3 model calls; nothing was changed/,
    );
    expect(dirSnapshot(p.sessions)).toEqual(before);
    server.arrange(
      {
        kind: 'reply',
        content: [
          { type: 'tool_use', id: 'b1', name: 'Write', input: { file_path: join(p.memory, 'tabs.md'), content: 'no frontmatter' } },
        ],
        stopReason: 'tool_use',
      },
      { kind: 'reply', content: [{ type: 'text', text: 'done' }] },
    );
    await expect(consolidateMemory({ memoryDir: p.memory, agent: { model }, force: true })).rejects.toThrow(
      /left tabs\.md unreadable as a memory \(no frontmatter/,
    );
    expect(dirSnapshot(p.sessions)).toEqual(before);
  });

  it('--dry-run: the same agent session, the plan as a diff, nothing written anywhere near the directory', async () => {
    const p = agentProject();
    const before = dirSnapshot(p.base);
    server.arrange(...agentSession(p));
    const result = await consolidateMemory({ memoryDir: p.memory, agent: { model }, dryRun: true });
    expect(result.status).toBe('planned');
    expect(dirSnapshot(p.base)).toEqual(before);
    const shown = formatPlan(result.status === 'planned' ? result.plan : (undefined as never), 'dir (dry run)');
    expect(shown).toContain('dir (dry run): 2 updated, 1 merged\n');
    expect(shown).toContain('  < tabs.md into indent-tabs.md: said the same as indent-tabs.md');
    expect(shown).toContain(
      `  ~ staging-port.md: the staging API moved to port 9191\n      from 5b3c0a11 (2026-03-05)\n      - The staging API runs on port 9090 since next Monday.\n      + The staging API runs on port 9191 since 2026-03-05.`,
    );
  });

  it('a deletion the report does not explain is undone; the index gets the file back', async () => {
    const p = agentProject();
    server.arrange(
      {
        kind: 'reply',
        content: [{ type: 'tool_use', id: 'd1', name: 'Delete', input: { file_path: join(p.memory, 'tabs.md') } }],
        stopReason: 'tool_use',
      },
      { kind: 'reply', content: [{ type: 'text', text: 'I tidied up.' }] },
    );
    const before = readFileSync(join(p.memory, 'tabs.md'), 'utf8');
    const result = await consolidateMemory({ memoryDir: p.memory, agent: { model } });
    expect(result.status === 'unchanged' && result.agent).toMatchObject({ restored: ['tabs.md'], summary: null });
    expect(readFileSync(join(p.memory, 'tabs.md'), 'utf8')).toBe(before);
  });

  it('new statements (backfill candidates) are handed to the agent in its first message', async () => {
    const p = agentProject();
    server.arrange({ kind: 'reply', content: [{ type: 'text', text: 'nothing to do' }] });
    const candidate = {
      type: 'feedback' as const,
      name: 'pnpm',
      description: 'Use pnpm, not npm',
      body: 'Use pnpm.',
      saidAt: '2026-03-06T09:00:00.000Z',
      sources: [{ session: AGENT_SESSION, uuid: 'u-pnpm', timestamp: '2026-03-06T09:00:00.000Z' }],
    };
    const result = await consolidateMemory({ memoryDir: p.memory, agent: { model }, candidates: [candidate], dryRun: true });
    expect(result.status).toBe('planned');
    const first = firstMessage(server);
    expect(first).toContain('New statements from earlier sessions');
    expect(first).toContain('"uuid": "u-pnpm"');
  });
});
