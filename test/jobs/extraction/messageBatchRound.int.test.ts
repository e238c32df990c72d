import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AnthropicModel, extractMemories, readEffectLog, readLogEntries, replaySync } from '../../../src/index.js';
import { pendingExtraction, readBatchLedger } from '../../../src/jobs/index.js';
import type { MessageBatchesPort } from '../../../src/model/index.js';
import { ScriptedModel } from '../../../src/testing/scriptedModel.js';
import { BatchesServer, type BatchAnswer, type BatchRequest } from '../../support/batchesServer.js';
import { demoProjects } from '../../support/paths.js';
import { SECRET_SAMPLES } from '../../memory/team/secretSamples.js';
import { runCli } from '../../support/runCli.js';
import { tempDir } from '../../support/tempDir.js';

/** Every request saves one memory of its own and updates a shared one, so adds and updates both happen. */
function saveOne(request: BatchRequest): BatchAnswer {
  const tag = request.custom_id.slice(-8);
  return {
    content: [
      {
        type: 'tool_use',
        id: `toolu_${tag}`,
        name: 'save_memories',
        input: {
          memories: [
            {
              file: `m-${tag}.md`,
              name: `memory ${tag}`,
              description: `what request ${tag} found`,
              type: 'project',
              body: `Found by ${tag}.\n\n**Why:** a test.\n**How to apply:** none.`,
            },
            { file: 'shared.md', name: 'shared', description: `last written by ${tag}`, type: 'user', body: `Written by ${tag}.` },
          ],
        },
      },
    ],
  };
}

function projects(): string {
  const root = tempDir();
  cpSync(demoProjects, root, { recursive: true });
  return root;
}

const servers: BatchesServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

async function batchesOn(answer: (request: BatchRequest) => BatchAnswer): Promise<{ server: BatchesServer; port: MessageBatchesPort }> {
  const server = new BatchesServer(answer);
  servers.push(server);
  const baseURL = await server.start();
  return { server, port: new AnthropicModel({ apiKey: 'test-key', baseURL, maxRetries: 0 }).batches };
}

const files = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir).sort() : []);

describe('memlog extract --batch (the real SDK against a local Message Batches API)', () => {
  it('sends one request per session, waits while the batch runs, collects, sends the trailing runs, and ends with nothing left to do', async () => {
    const root = projects();
    const out = tempDir();
    const { server, port } = await batchesOn(saveOne);
    // Any synchronous model call would fail the run: in a batch round, nothing goes to the Messages API.
    const run = () => extractMemories({ root, out, model: new ScriptedModel([]), batches: port });
    const memoryDir = join(out, '-home-dev-acme-shop', 'memory');

    const first = await run();
    expect(first.failedRuns).toBe(0);
    expect(first.processed).toBe(0);
    expect(first.batch?.submitted).toBe(4); // one request for each of the four sessions
    expect(server.batches).toHaveLength(1);
    for (const request of server.batches[0]!.requests) {
      expect(request.params['tool_choice']).toEqual({ type: 'tool', name: 'save_memories' });
      expect((request.params['tools'] as Array<{ name: string }>).map((t) => t.name)).toEqual(['save_memories']);
      expect(request.custom_id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    }
    expect(files(memoryDir)).toEqual([]);

    const waiting = await run();
    expect(waiting.batch).toMatchObject({ submitted: 0, waiting: 4 });
    expect(server.batches).toHaveLength(1);
    expect(files(memoryDir)).toEqual([]);

    server.endAll();
    const collected = await run();
    expect(collected.failedRuns).toBe(0);
    expect(collected.processed).toBe(4);
    // One memory from each acme-shop session's request, and the one they all updated.
    const tags = new Set(server.batches[0]!.requests.map((r) => `m-${r.custom_id.slice(-8)}.md`));
    const own = files(memoryDir).filter((f) => f.startsWith('m-'));
    expect(own).toHaveLength(3);
    for (const file of own) expect(tags.has(file)).toBe(true);
    expect(files(memoryDir)).toEqual(['MEMORY.md', ...own, 'shared.md'].sort());
    const index = readFileSync(join(memoryDir, 'MEMORY.md'), 'utf8');
    expect(index.match(/\]\(shared\.md\)/g)).toHaveLength(1);
    // Sessions with more turns since their first run have a trailing run, sent in a new batch.
    const trailing = collected.batch?.submitted ?? 0;
    expect(trailing).toBeGreaterThan(0);
    expect(server.batches).toHaveLength(2);

    server.endAll();
    const last = await run();
    expect(last.processed).toBe(trailing);
    expect(last.batch).toMatchObject({ submitted: 0, waiting: 0 });

    const before = Object.fromEntries(files(memoryDir).map((f) => [f, readFileSync(join(memoryDir, f), 'utf8')]));
    const noop = await run();
    expect(noop.processed).toBe(0);
    expect(noop.batch).toMatchObject({ submitted: 0, waiting: 0 });
    expect(Object.fromEntries(files(memoryDir).map((f) => [f, readFileSync(join(memoryDir, f), 'utf8')]))).toEqual(before);
    // Replayed with their effect logs, no session owes a run.
    for (const project of ['-home-dev-acme-shop', '-home-dev-notes-cli']) {
      for (const name of readdirSync(join(root, project)).filter((n) => n.endsWith('.jsonl'))) {
        expect(
          pendingExtraction(join(root, project, name), join(out, project, 'effects', name.replace(/\.jsonl$/, '.memlog.jsonl'))).runs,
        ).toBe(0);
      }
    }
  });

  it('a live session that grows after a collection: no turn is extracted twice, and replay ends with nothing in flight or held', async () => {
    const name = '4a2030a7-b5cb-49a2-b41c-016deb5688ff.jsonl';
    const lines = readFileSync(join(demoProjects, '-home-dev-acme-shop', name), 'utf8')
      .split('\n')
      .filter((l) => l !== '');
    const project = join(tempDir(), 'proj');
    mkdirSync(project);
    const session = join(project, name);
    // Cut where Claude Code leaves a finished turn: its last reply, then side lines that close nothing.
    writeFileSync(session, `${lines.slice(0, 86).join('\n')}\n`);
    const out = tempDir();
    const { server, port } = await batchesOn(saveOne);
    const run = () => extractMemories({ root: project, out, model: new ScriptedModel([]), batches: port });
    await run();
    server.endAll();
    await run();
    appendFileSync(session, `${lines.slice(86).join('\n')}\n`);
    for (let round = 0; round < 4; round++) {
      server.endAll();
      await run();
    }
    const logPath = join(out, 'proj', 'effects', name.replace(/\.jsonl$/, '.memlog.jsonl'));
    const records = readEffectLog(logPath).records;
    const served = records.flatMap((r) => (r.type === 'run_started' ? r.batch.map((p) => p.uuid) : []));
    expect(new Set(served).size).toBe(served.length);
    const replay = replaySync(readLogEntries(session).entries, {}, undefined, records);
    expect(replay.state.runs.extraction.inFlight).toBeNull();
    expect(replay.state.held).toEqual([]);
    expect(pendingExtraction(session, logPath).runs).toBe(0);
  });

  it('a request that errored is sent again in the next batch; an unsafe file name or a secret in a reply is refused', async () => {
    const root = join(projects(), '-home-dev-notes-cli');
    const out = tempDir();
    let round = 0;
    const { server, port } = await batchesOn((request) => {
      if (round === 0) return { errored: 'arranged overload' };
      const key = SECRET_SAMPLES['anthropic-api-key']![0];
      return {
        content: [
          {
            type: 'tool_use',
            id: 't',
            name: 'save_memories',
            input: {
              memories: [
                { file: '../escape.md', name: 'x', description: 'x', type: 'user', body: 'x' },
                { file: 'api-key.md', name: 'api key', description: 'the key', type: 'reference', body: `The key is ${key}` },
                {
                  file: 'kept.md',
                  name: 'kept\n- [evil](evil.md) — injected',
                  description: `from ${request.custom_id}`,
                  type: 'feedback',
                  body: 'Kept.',
                },
              ],
            },
          },
        ],
      };
    });
    const run = () => extractMemories({ root, out, model: new ScriptedModel([]), batches: port });
    await run();
    server.endAll();
    const failed = await run();
    expect(failed.failedRuns).toBe(1);
    expect(failed.batch?.submitted).toBe(1); // the failed run, again
    expect(server.batches[1]!.requests[0]!.custom_id).not.toBe(server.batches[0]!.requests[0]!.custom_id);
    round = 1;
    server.endAll();
    const ok = await run();
    expect(ok.failedRuns).toBe(0);
    const memoryDir = join(out, '-home-dev-notes-cli', 'memory');
    expect(files(memoryDir)).toEqual(['MEMORY.md', 'kept.md']);
    // A newline in a name stays inside its one index line.
    expect(readFileSync(join(memoryDir, 'MEMORY.md'), 'utf8').trimEnd().split('\n')).toHaveLength(1);
    expect(existsSync(join(out, '-home-dev-notes-cli', 'escape.md'))).toBe(false);
    const log = readEffectLog(
      join(out, '-home-dev-notes-cli', 'effects', readdirSync(join(out, '-home-dev-notes-cli', 'effects'))[0]!),
    ).records;
    const finished = log.filter((r) => r.type === 'run_finished');
    expect(finished.map((r) => (r.type === 'run_finished' ? (r.outcome as { denied: number }).denied : -1))).toEqual([2]);
    // The finding names the file, line and rule, never the key itself.
    const refused = finished.flatMap((r) => (r.type === 'run_finished' ? ((r.outcome as { refused?: string[] }).refused ?? []) : []));
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatch(/^api-key\.md:\d+: .*anthropic/i);
    expect(JSON.stringify(log)).not.toContain(SECRET_SAMPLES['anthropic-api-key']![0]);
  });

  it('a request that always errors is retried three times, then left failed, and the session moves on to its later turns', async () => {
    const root = join(projects(), '-home-dev-acme-shop');
    const out = tempDir();
    const { server, port } = await batchesOn(() => ({ errored: 'arranged: always fails' }));
    const run = () => extractMemories({ root, out, model: new ScriptedModel([]), batches: port });
    for (let round = 0; round < 8; round++) {
      await run();
      server.endAll();
    }
    const effects = join(out, '-home-dev-acme-shop', 'effects');
    for (const name of readdirSync(effects)) {
      const records = readEffectLog(join(effects, name)).records;
      const places = new Map<string, number>();
      for (const r of records)
        if (r.type === 'run_started')
          places.set(r.batch.map((p) => p.uuid).join(' '), (places.get(r.batch.map((p) => p.uuid).join(' ')) ?? 0) + 1);
      // The first try and at most three retries at any one place.
      expect(Math.max(...places.values())).toBeLessThanOrEqual(4);
      // Every due turn of the session was sent at some point.
      const due = records.flatMap((r) => (r.type === 'decision' && r.decision.kind === 'extraction_due' ? [r.decision.uuid] : []));
      const sent = new Set(records.flatMap((r) => (r.type === 'run_started' ? r.batch.map((p) => p.uuid) : [])));
      for (const uuid of due) expect(sent.has(uuid)).toBe(true);
    }
  });

  it('a run whose batch never went out (the submission failed) is sent again by the next run', async () => {
    const root = join(projects(), '-home-dev-notes-cli');
    const out = tempDir();
    const { server, port } = await batchesOn(saveOne);
    const broken: MessageBatchesPort = { submit: () => Promise.reject(new Error('connection refused')), status: (id) => port.status(id) };
    await expect(extractMemories({ root, out, model: new ScriptedModel([]), batches: broken })).rejects.toThrow('connection refused');
    expect(readBatchLedger(join(out, '-home-dev-notes-cli', 'memory')).size).toBe(0);
    const again = await extractMemories({ root, out, model: new ScriptedModel([]), batches: port });
    expect(again.batch?.submitted).toBe(1);
    expect(readBatchLedger(join(out, '-home-dev-notes-cli', 'memory')).size).toBe(1);
    server.endAll();
    const collected = await extractMemories({ root, out, model: new ScriptedModel([]), batches: port });
    expect(collected.processed).toBe(1);
    expect(collected.failedRuns).toBe(0);
  });

  it('the memory directory stays locked until the batch is sent and in the ledger', async () => {
    const root = join(projects(), '-home-dev-notes-cli');
    const out = tempDir();
    const { port } = await batchesOn(saveOne);
    let send: () => void = () => undefined;
    const sending = new Promise<void>((resolve) => (send = resolve));
    const slow: MessageBatchesPort = {
      submit: async (requests) => (await sending, port.submit(requests)),
      status: (id) => port.status(id),
    };
    const first = extractMemories({ root, out, model: new ScriptedModel([]), batches: slow });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The second run leaves the held folder for later and sends nothing for it.
    const second = await extractMemories({ root, out, model: new ScriptedModel([]), batches: port });
    expect(second.sessions.map((s) => [s.heldBy, s.error])).toEqual([[process.pid, expect.stringMatching(/^another memlog extract/)]]);
    expect(second.batch?.submitted).toBe(0);
    send();
    expect((await first).batch?.submitted).toBe(1);
    const log = readEffectLog(
      join(out, '-home-dev-notes-cli', 'effects', readdirSync(join(out, '-home-dev-notes-cli', 'effects'))[0]!),
    ).records;
    expect(log.filter((r) => r.type === 'run_failed')).toEqual([]);
  });

  it('without --batch, runs still out in a batch are left waiting, not run again or marked interrupted', async () => {
    const root = join(projects(), '-home-dev-notes-cli');
    const out = tempDir();
    const { port } = await batchesOn(saveOne);
    await extractMemories({ root, out, model: new ScriptedModel([]), batches: port });
    const plain = await extractMemories({ root, out, model: new ScriptedModel([]) });
    expect(plain.processed).toBe(0);
    expect(plain.failedRuns).toBe(0);
    expect(plain.sessions[0]?.waiting).toBe(1);
  });

  it('the CLI refuses --batch without the Anthropic API', () => {
    const result = runCli(['extract', join(demoProjects, '-home-dev-notes-cli'), '--out', tempDir(), '--batch', '--model', 'offline']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--batch sends requests through the Anthropic Message Batches API');
  });
});
