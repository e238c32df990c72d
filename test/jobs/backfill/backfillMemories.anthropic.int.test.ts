import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AnthropicModel } from '../../../src/index.js';
import { backfillMemories } from '../../../src/jobs/index.js';
import { readEffectLog } from '../../../src/pipeline/effectLog.js';
import { answerChunk, chunkIdOf, PROJECT, promptOf, writeBackfillProject } from '../../support/backfillProject.js';
import { MessagesServer, type Arranged } from '../../support/messagesServer.js';
import { tempDir } from '../../support/tempDir.js';

const servers: MessagesServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

async function messagesApi(): Promise<{ server: MessagesServer; model: AnthropicModel }> {
  const server = new MessagesServer({ validate: true });
  servers.push(server);
  const baseURL = await server.start();
  return { server, model: new AnthropicModel({ apiKey: 'test-key', baseURL, maxRetries: 0 }) };
}

const answer: Arranged = { kind: 'answer', content: answerChunk, stopReason: 'tool_use' };
const answers = (n: number): Arranged[] => Array.from({ length: n }, () => answer);

/** The memory directory's `.md` files and their text. */
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

/** The same memories: topic files byte for byte, the index by its lines (a later consolidation appends its own). */
const sameMemories = (out: string, clean: string): void => {
  const { ['MEMORY.md']: index, ...topics } = memoryDir(out);
  const { ['MEMORY.md']: cleanIndex, ...cleanTopics } = memoryDir(clean);
  expect(topics).toEqual(cleanTopics);
  expect(index?.split('\n').sort()).toEqual(cleanIndex?.split('\n').sort());
};

const candidateRecords = (out: string) =>
  readdirSync(join(out, PROJECT, 'effects'))
    .sort()
    .flatMap((name) => readEffectLog(join(out, PROJECT, 'effects', name)).records)
    .flatMap((r) => (r.type === 'candidates' ? [r] : []));

describe('memlog extract --two-phase with the real SDK against a local Messages API', () => {
  it('sends each chunk once with the carry-over, records the checked candidates, consolidates them; a rerun sends nothing', async () => {
    const { root, prompts } = writeBackfillProject();
    const out = tempDir();
    const { server, model } = await messagesApi();
    server.arrange(...answers(5));
    const report = await backfillMemories({ root, out, model, chunkTokens: 1 });

    expect(server.rejected).toEqual([]);
    expect(server.pending).toBe(0);
    // One request per turn, in session order, each chunk once.
    expect(server.received.map((r) => chunkIdOf(r.body))).toEqual(prompts.map((p) => p.uuid));
    for (const { body } of server.received) {
      expect(body['tool_choice']).toEqual({ type: 'tool', name: 'record_candidates' });
      expect((body['tools'] as Array<{ name: string }>).map((t) => t.name)).toEqual(['record_candidates']);
      expect(body['stream']).toBe(true);
    }
    const [a1, a2, , b1] = server.received.map((r) => promptOf(r.body));
    expect(a1).toContain('Nothing has been found in the earlier part of this session.');
    // The second chunk is told what the first found, and is shown only its own turn.
    expect(a2).toContain(`- Package manager: pnpm: ${prompts[0]!.text}`);
    expect(a2).not.toContain(prompts[0]!.uuid);
    // A new session starts with nothing carried over.
    expect(b1).toContain('Nothing has been found in the earlier part of this session.');

    expect(report.failedRuns).toBe(0);
    expect(report.sessions.map((s) => [s.chunks, s.candidates])).toEqual([
      [3, 2],
      [2, 1],
    ]);
    expect(report.tokens.input).toBe(5 * 10); // the server's usage, not the estimate
    // The candidates are recorded with the cited prompt and its timestamp; the uuid from outside the chunk is dropped.
    const recorded = candidateRecords(out);
    expect(recorded.map((r) => r.chunkId).sort()).toEqual(prompts.map((p) => p.uuid).sort());
    const cited = recorded.flatMap((r) => r.candidates.map((c) => ({ name: c.name, saidAt: c.saidAt, sources: c.sources })));
    const source = (i: number) => ({ session: prompts[i]!.session, uuid: prompts[i]!.uuid, timestamp: prompts[i]!.timestamp });
    expect(cited).toEqual([
      { name: 'Package manager: pnpm', saidAt: prompts[0]!.timestamp, sources: [source(0)] },
      { name: 'Staging deploy freeze', saidAt: prompts[1]!.timestamp, sources: [source(1)] },
      { name: 'Incident dashboard', saidAt: prompts[3]!.timestamp, sources: [source(3)] },
    ]);

    // Phase 2 wrote the memory directory: a file for each candidate and the index.
    expect(report.projects.map((p) => p.consolidated)).toEqual([{ chunks: 5, candidates: 3, changes: 3, status: 'consolidated' }]);
    const files = memoryDir(out);
    expect(Object.keys(files)).toContain('MEMORY.md');
    expect(Object.keys(files)).toHaveLength(4);
    const all = Object.values(files).join('\n');
    for (const i of [0, 1, 3]) expect(all).toContain(prompts[i]!.text);

    const again = await backfillMemories({ root, out, model, chunkTokens: 1 });
    expect(server.received).toHaveLength(5);
    expect(again.tokens.input).toBe(0);
    expect(again.projects[0]!.consolidated.status).toBe('nothing new');
    expect(memoryDir(out)).toEqual(files);
  });

  it.each<[string, Arranged, string]>([
    ['a 500', { kind: 'status', status: 500 }, 'answered 500'],
    ['a 429', { kind: 'status', status: 429 }, 'answered 429'],
    [
      'a reply without the record_candidates call',
      { kind: 'reply', content: [{ type: 'text', text: 'Nothing here.' }] },
      'no record_candidates call',
    ],
  ])(
    '%s on one chunk stops its session there; the next run resumes from that chunk and ends with the memories of an uninterrupted run',
    async (_name, fault, error) => {
      const { root, prompts } = writeBackfillProject();
      const clean = tempDir();
      const first = await messagesApi();
      first.server.arrange(...answers(5));
      await backfillMemories({ root, out: clean, model: first.model, chunkTokens: 1 });

      const out = tempDir();
      const { server, model } = await messagesApi();
      // The first session's second chunk fails; the other session goes on.
      server.arrange(answer, fault, answer, answer);
      const stopped = await backfillMemories({ root, out, model, chunkTokens: 1 });
      expect(stopped.failedRuns).toBe(1);
      expect(stopped.sessions.map((s) => [s.chunks, s.failed])).toEqual([
        [1, 1],
        [2, 0],
      ]);
      expect(stopped.sessions[0]!.error).toContain(error);
      expect(server.received.map((r) => chunkIdOf(r.body))).toEqual([
        prompts[0]!.uuid,
        prompts[1]!.uuid,
        prompts[3]!.uuid,
        prompts[4]!.uuid,
      ]);
      // What was recorded is consolidated already.
      expect(stopped.projects[0]!.consolidated).toMatchObject({ chunks: 3, candidates: 2 });

      server.arrange(...answers(2));
      const resumed = await backfillMemories({ root, out, model, chunkTokens: 1 });
      expect(resumed.sessions.map((s) => [s.recordedBefore, s.chunks])).toEqual([
        [1, 2],
        [2, 0],
      ]);
      const sent = server.received.slice(4);
      expect(sent.map((r) => chunkIdOf(r.body))).toEqual([prompts[1]!.uuid, prompts[2]!.uuid]);
      // The chunk sent again is told what the recorded chunk before it found.
      expect(promptOf(sent[0]!.body)).toContain(`- Package manager: pnpm: ${prompts[0]!.text}`);
      sameMemories(out, clean);
    },
  );
});
