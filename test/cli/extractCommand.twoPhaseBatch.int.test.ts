import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BackfillReport } from '../../src/jobs/index.js';
import { answerChunk, PROJECT, writeBackfillProject } from '../support/backfillProject.js';
import { BatchesServer } from '../support/batchesServer.js';
import { runCli, runCliAsync } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

const servers: BatchesServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

describe('memlog extract --batch --model anthropic (the CLI against a local Message Batches API)', () => {
  it('each run collects what ended and sends the next chunks; phase 2 writes the memory directory once the last chunk is back', async () => {
    const { root } = writeBackfillProject();
    const out = tempDir();
    const server = new BatchesServer((request) => ({ content: answerChunk(request.params) }));
    servers.push(server);
    const env = { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: await server.start() };
    const extract = (...extra: string[]) =>
      runCliAsync(['extract', root, '--out', out, '--batch', '--model', 'anthropic', '--chunk-tokens', '1', ...extra], {
        env,
        timeoutMs: 60_000,
      });

    const first = await extract();
    expect(first.stderr).not.toContain('FAILED');
    expect(first.status).toBe(0);
    expect(first.stdout).toContain(
      "message batches: 2 chunk(s) sent in msgbatch_test_1; 0 still processing from earlier batches; run memlog extract --batch again later to collect them (a project's phase 2 waits for them)",
    );
    expect(first.stdout).toMatch(/memory: 0 memories; phase 2: waiting/);

    const waiting = JSON.parse((await extract('--json')).stdout) as BackfillReport & { model: string };
    expect(waiting.model).toBe('anthropic');
    expect(waiting.batch).toEqual({ batchIds: [], submitted: 0, waiting: 2 });

    const reports: BackfillReport[] = [];
    for (let round = 0; round < 3; round++) {
      server.endAll();
      const result = await extract('--json');
      expect(result.status).toBe(0);
      reports.push(JSON.parse(result.stdout) as BackfillReport);
    }
    expect(reports.map((r) => r.batch?.submitted)).toEqual([2, 1, 0]);
    expect(reports.map((r) => r.projects[0]!.consolidated.status)).toEqual(['waiting', 'waiting', 'consolidated']);
    const memoryDir = join(out, PROJECT, 'memory');
    const files = readdirSync(memoryDir).filter((name) => name.endsWith('.md'));
    expect(files).toHaveLength(4);
    expect(readFileSync(join(memoryDir, 'MEMORY.md'), 'utf8')).toContain('[Package manager: pnpm]');

    const done = await extract();
    expect(done.status).toBe(0);
    expect(done.stdout).toContain('message batches: 0 chunk(s) sent; 0 still processing from earlier batches\n');
    expect(done.stdout).toMatch(/phase 2: nothing new/);
    expect(server.batches).toHaveLength(3);
  }, 120_000);

  it('refuses --batch without the Anthropic API', () => {
    const { root } = writeBackfillProject();
    const result = runCli(['extract', root, '--out', tempDir(), '--batch', '--model', 'offline']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--batch sends requests through the Anthropic Message Batches API');
  });
});
