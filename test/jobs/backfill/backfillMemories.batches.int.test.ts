import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AnthropicModel, ModelPortError } from '../../../src/index.js';
import { backfillMemories, findTargets, pendingBackfill, readBatchLedger, type BackfillReport } from '../../../src/jobs/index.js';
import type { MessageBatchesPort } from '../../../src/model/index.js';
import { readEffectLog } from '../../../src/pipeline/effectLog.js';
import { ScriptedModel } from '../../../src/testing/scriptedModel.js';
import {
  answerChunk,
  chunkIdOf,
  chunkMessagesOf,
  growSecondSession,
  PROJECT,
  promptOf,
  writeBackfillProject,
} from '../../support/backfillProject.js';
import { BatchesServer, type BatchAnswer, type BatchRequest } from '../../support/batchesServer.js';
import { MessagesServer } from '../../support/messagesServer.js';
import { tempDir } from '../../support/tempDir.js';

const servers: Array<{ stop(): Promise<void> }> = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

const answered = (request: BatchRequest): BatchAnswer => ({ content: answerChunk(request.params) });

async function batchesApi(answer: (request: BatchRequest) => BatchAnswer = answered) {
  const server = new BatchesServer(answer);
  servers.push(server);
  const baseURL = await server.start();
  return { server, port: new AnthropicModel({ apiKey: 'test-key', baseURL, maxRetries: 0 }).batches };
}

function memoryDir(out: string): Record<string, string> {
  const dir = join(out, PROJECT, 'memory');
  if (!existsSync(dir)) return {};
  return Object.fromEntries(
    readdirSync(dir)
      .filter((name) => name.endsWith('.md'))
      .sort()
      .map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  );
}

/** Every `candidates` record's chunk and candidates (not its token counts, which differ between the two APIs' usage). */
const recordedCandidates = (out: string) =>
  readdirSync(join(out, PROJECT, 'effects'))
    .sort()
    .flatMap((name) => readEffectLog(join(out, PROJECT, 'effects', name)).records)
    .flatMap((r) => (r.type === 'candidates' ? [{ chunkId: r.chunkId, first: r.first, last: r.last, candidates: r.candidates }] : []));

/** The same backfill through the synchronous Messages API, for comparison. */
async function synchronousRun(root: string): Promise<string> {
  const server = new MessagesServer();
  servers.push(server);
  const baseURL = await server.start();
  server.arrange(...Array.from({ length: 5 }, () => ({ kind: 'answer' as const, content: answerChunk, stopReason: 'tool_use' })));
  const out = tempDir();
  await backfillMemories({ root, out, model: new AnthropicModel({ apiKey: 'test-key', baseURL, maxRetries: 0 }), chunkTokens: 1 });
  return out;
}

/** Any synchronous model call fails the test: in a batch round, nothing goes to the Messages API. */
const run = (root: string, out: string, batches: MessageBatchesPort): Promise<BackfillReport> =>
  backfillMemories({ root, out, model: new ScriptedModel([]), batches, chunkTokens: 1, now: () => new Date('2026-04-01T00:00:00Z') });

const chunkIds = (server: BatchesServer, batch: number): string[] => server.batches[batch]!.requests.map((r) => chunkIdOf(r.params));

describe('memlog extract --two-phase --batch (the real SDK against a local Message Batches API)', () => {
  it('one chunk per session a round, waits while a batch runs, and consolidates once the last chunk is back, as the synchronous path does', async () => {
    const { root, prompts } = writeBackfillProject();
    const out = tempDir();
    const { server, port } = await batchesApi();
    const ids = prompts.map((p) => p.uuid);

    const first = await run(root, out, port);
    expect(first.batch).toEqual({ batchIds: ['msgbatch_test_1'], submitted: 2, waiting: 0 });
    expect(chunkIds(server, 0)).toEqual([ids[0], ids[3]]); // each session's first chunk, side by side
    for (const request of server.batches[0]!.requests) {
      expect(request.custom_id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
      expect(request.params['tool_choice']).toEqual({ type: 'tool', name: 'record_candidates' });
    }
    expect(first.projects[0]!.consolidated.status).toBe('waiting');
    expect(first.sessions.map((s) => [s.chunks, (s as { submitted?: number }).submitted])).toEqual([
      [0, 1],
      [0, 1],
    ]);
    expect(memoryDir(out)).toEqual({});
    // The ledger beside the memory directory names the batch of each request.
    expect([...readBatchLedger(join(out, PROJECT, 'memory')).values()]).toEqual(['msgbatch_test_1', 'msgbatch_test_1']);

    const waiting = await run(root, out, port);
    expect(waiting.batch).toEqual({ batchIds: [], submitted: 0, waiting: 2 });
    expect(server.batches).toHaveLength(1);
    expect(waiting.projects[0]!.consolidated.status).toBe('waiting');
    // --dry-run says which sessions have a chunk out in a batch.
    const [target] = findTargets(root, out, false);
    expect(target!.sessions.map((session) => pendingBackfill(target!, session, 1).inBatch)).toEqual([1, 1]);

    server.endAll();
    const second = await run(root, out, port);
    expect(second.sessions.map((s) => [s.chunks, s.candidates])).toEqual([
      [1, 1],
      [1, 1],
    ]);
    expect(second.tokens).toEqual({ input: 200, output: 40 }); // the batch results' usage
    expect(second.batch).toEqual({ batchIds: ['msgbatch_test_2'], submitted: 2, waiting: 0 });
    expect(chunkIds(server, 1)).toEqual([ids[1], ids[4]]);
    // The next chunk is told what the one before it found.
    expect(promptOf(server.batches[1]!.requests[0]!.params)).toContain(`- Package manager: pnpm: ${prompts[0]!.text}`);
    expect(promptOf(server.batches[1]!.requests[1]!.params)).toContain(`- Incident dashboard: ${prompts[3]!.text}`);
    expect(memoryDir(out)).toEqual({});

    expect((await run(root, out, port)).batch).toEqual({ batchIds: [], submitted: 0, waiting: 2 });
    server.endAll();
    const third = await run(root, out, port);
    expect(third.batch).toEqual({ batchIds: ['msgbatch_test_3'], submitted: 1, waiting: 0 });
    expect(chunkIds(server, 2)).toEqual([ids[2]]); // the second session has no chunk left
    expect(third.projects[0]!.consolidated.status).toBe('waiting');

    server.endAll();
    const last = await run(root, out, port);
    expect(last.batch).toEqual({ batchIds: [], submitted: 0, waiting: 0 });
    expect(last.projects[0]!.consolidated).toEqual({ chunks: 5, candidates: 3, changes: 3, status: 'consolidated' });
    expect(last.failedRuns).toBe(0);

    // Each chunk went out once, and the result is what the synchronous path records and writes.
    expect(server.batches.flatMap((b) => b.requests.map((r) => chunkIdOf(r.params))).sort()).toEqual([...ids].sort());
    const synchronous = await synchronousRun(root);
    expect(recordedCandidates(out)).toEqual(recordedCandidates(synchronous));
    expect(memoryDir(out)).toEqual(memoryDir(synchronous));

    const noop = await run(root, out, port);
    expect(noop.batch).toEqual({ batchIds: [], submitted: 0, waiting: 0 });
    expect(noop.projects[0]!.consolidated.status).toBe('nothing new');
    expect(server.batches).toHaveLength(3);
  });

  it.each<[string, BatchAnswer, string]>([
    ['errored', { errored: 'overloaded' }, 'the batch request errored: api_error: overloaded'],
    ['expired', { expired: true }, 'the batch request expired'],
    ['answered without the call', { content: [{ type: 'text', text: 'Nothing here.' }] }, 'no record_candidates call'],
  ])('a chunk request %s is sent again in the next batch, with a new custom id', async (_name, failure, error) => {
    const { root, prompts } = writeBackfillProject();
    const out = tempDir();
    let failed: string | null = null;
    // The first session's second chunk fails the first time it is asked.
    const { server, port } = await batchesApi((request) => {
      if (chunkIdOf(request.params) !== prompts[1]!.uuid || (failed !== null && failed !== request.custom_id)) return answered(request);
      failed = request.custom_id;
      return failure;
    });
    await run(root, out, port);
    server.endAll();
    await run(root, out, port);
    server.endAll();
    const retried = await run(root, out, port);
    expect(retried.failedRuns).toBe(1);
    expect(retried.sessions[0]!.error).toContain(error);
    expect(retried.sessions[0]!.chunks).toBe(0);
    expect(retried.sessions[1]!.chunks).toBe(1);
    expect(chunkIds(server, 2)).toEqual([prompts[1]!.uuid]);
    const again = server.batches[2]!.requests[0]!;
    expect(again.custom_id).not.toBe(failed);
    // The request sent again is the same chunk with the same carry-over.
    expect(again.params).toEqual(server.batches[1]!.requests[0]!.params);

    for (let round = 0; round < 3; round++) {
      server.endAll();
      await run(root, out, port);
    }
    const synchronous = await synchronousRun(root);
    expect(recordedCandidates(out)).toEqual(recordedCandidates(synchronous));
    expect(memoryDir(out)).toEqual(memoryDir(synchronous));
  });

  it('chunks recorded as requested whose batch never went out (the submission failed) are sent again by the next run', async () => {
    const { root, prompts } = writeBackfillProject();
    const out = tempDir();
    const { server, port } = await batchesApi();
    const refusing: MessageBatchesPort = {
      submit: () => Promise.reject(new ModelPortError('submitting a message batch failed: connection reset', null)),
      status: (id) => port.status(id),
    };
    await expect(run(root, out, refusing)).rejects.toThrow(/connection reset/);
    const requested = readdirSync(join(out, PROJECT, 'effects')).flatMap((name) =>
      readEffectLog(join(out, PROJECT, 'effects', name)).records.flatMap((r) => (r.type === 'candidates_requested' ? [r.customId] : [])),
    );
    expect(requested).toHaveLength(2);
    expect(server.batches).toHaveLength(0);

    const next = await run(root, out, port);
    expect(next.batch).toMatchObject({ submitted: 2, waiting: 0 });
    expect(chunkIds(server, 0)).toEqual([prompts[0]!.uuid, prompts[3]!.uuid]);
    for (const request of server.batches[0]!.requests) expect(requested).not.toContain(request.custom_id);
  });

  it('a session that grows while its chunk is out: the chunk sent is the one recorded, and the new turn goes out next', async () => {
    const { root, prompts } = writeBackfillProject();
    const out = tempDir();
    const { server, port } = await batchesApi();
    const big = () => backfillMemories({ root, out, model: new ScriptedModel([]), batches: port });
    await big(); // each session whole in one chunk (the default size)
    const sent = server.batches[0]!.requests.map((r) => chunkMessagesOf(r.params).map((m) => m.uuid));
    expect(sent[1]).toEqual(['bbbbbbbb-prompt-1', 'bbbbbbbb-reply-1', 'bbbbbbbb-prompt-2', 'bbbbbbbb-reply-2']);

    const added = growSecondSession(root);
    server.endAll();
    const collected = await big();
    const b = readEffectLog(join(out, PROJECT, 'effects', `${prompts[3]!.session}.memlog.jsonl`)).records.flatMap((r) =>
      r.type === 'candidates' ? [r] : [],
    );
    expect(b.map((r) => [r.first, r.last])).toEqual([['bbbbbbbb-prompt-1', 'bbbbbbbb-reply-2']]);
    expect(collected.batch).toMatchObject({ submitted: 1 });
    const next = server.batches[1]!.requests[0]!.params;
    expect(chunkMessagesOf(next).map((m) => m.uuid)).toEqual([added.uuid, 'bbbbbbbb-reply-3']);
    expect(promptOf(next)).toContain(`- Incident dashboard: ${prompts[3]!.text}`);

    server.endAll();
    const last = await big();
    expect(last.projects[0]!.consolidated).toMatchObject({ status: 'consolidated', chunks: 3, candidates: 4 });
  });
});
