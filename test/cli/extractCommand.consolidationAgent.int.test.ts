import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BackfillReport } from '../../src/jobs/index.js';
import { AGENT_TOKENS, backfillAgentSession, DEPLOYS_ON_DISK, INDEX, PNPM_ON_DISK } from '../support/backfillAgentScript.js';
import { answerChunk, PROJECT, writeBackfillProject } from '../support/backfillProject.js';
import { MessagesServer, type Arranged } from '../support/messagesServer.js';
import { runCli, runCliAsync } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

const chunkAnswer: Arranged = { kind: 'answer', content: answerChunk, stopReason: 'tool_use' };

describe('memlog extract --consolidation (a CLI child, the real SDK, a local Messages API)', () => {
  let server: MessagesServer;
  let env: NodeJS.ProcessEnv;
  beforeEach(async () => {
    server = new MessagesServer({ validate: true });
    env = { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: await server.start() };
  });
  afterEach(() => server.stop());

  it('agent: phase 2 is the consolidation agent session; the memory directory is what it wrote', async () => {
    const { root, prompts } = writeBackfillProject();
    const out = tempDir();
    const memory = join(out, PROJECT, 'memory');
    server.arrange(...Array.from({ length: 5 }, () => chunkAnswer), ...backfillAgentSession(memory, prompts));
    const args = ['extract', root, '--out', out, '--model', 'anthropic', '--chunk-tokens', '1', '--consolidation', 'agent', '--json'];
    const result = await runCliAsync(args, { env, timeoutMs: 60_000 });
    // stderr has the progress lines only.
    expect(result.stderr.split('\n').filter((l) => l !== '' && !/^memlog: \[\d\/2\] /.test(l))).toEqual([]);
    expect(result.status).toBe(0);
    expect(server.pending).toBe(0);
    const report = JSON.parse(result.stdout) as BackfillReport;
    expect(report.projects.map((p) => p.consolidated)).toEqual([
      { chunks: 5, candidates: 3, changes: 2, status: 'consolidated', tokens: AGENT_TOKENS },
    ]);
    expect(['MEMORY.md', 'pnpm.md', 'staging-deploys.md'].map((f) => readFileSync(join(memory, f), 'utf8'))).toEqual([
      INDEX,
      PNPM_ON_DISK,
      DEPLOYS_ON_DISK,
    ]);
  }, 90_000);

  it('agent: a model failure in phase 2 fails that project, says so in one line, and exits 1; nothing of it is applied', async () => {
    const { root } = writeBackfillProject();
    const out = tempDir();
    server.arrange(...Array.from({ length: 5 }, () => chunkAnswer), {
      kind: 'status',
      status: 400,
      body: { type: 'error', error: { type: 'invalid_request_error', message: 'arranged' } },
    });
    const args = ['extract', root, '--out', out, '--model', 'anthropic', '--chunk-tokens', '1', '--consolidation', 'agent'];
    const result = await runCliAsync(args, { env, timeoutMs: 60_000 });
    expect(result.stderr).not.toMatch(/^ {4}at /m);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(
      /memory: 0 memories; phase 2: failed \(FAILED: .*arranged.*; its candidates wait for the next memlog extract\)$/m,
    );
  }, 90_000);

  it('lexical, the default: phase 2 sends nothing to the model', async () => {
    const { root } = writeBackfillProject();
    server.arrange(...Array.from({ length: 5 }, () => chunkAnswer));
    const result = await runCliAsync(['extract', root, '--out', tempDir(), '--model', 'anthropic', '--chunk-tokens', '1', '--json'], {
      env,
      timeoutMs: 60_000,
    });
    expect(result.status).toBe(0);
    expect(server.received).toHaveLength(5);
    expect((JSON.parse(result.stdout) as BackfillReport).projects[0]!.consolidated.status).toBe('consolidated');
  }, 90_000);

  it.each<[string, string[], RegExp]>([
    ['--model offline', ['--model', 'offline'], /^error: --consolidation agent runs a model as an agent; the offline model cannot/m],
    ['auto without a key', [], /^memlog: --consolidation agent runs a model as an agent: it needs ANTHROPIC_API_KEY/m],
    ['--per-turn', ['--model', 'anthropic', '--per-turn'], /^error: --consolidation chooses how the backfill consolidates/m],
  ])('agent with %s is refused with one line, exit 2', (_name, extra, line) => {
    const { root } = writeBackfillProject();
    const result = runCli(['extract', root, '--out', tempDir(), '--consolidation', 'agent', ...extra], {
      env: { ANTHROPIC_API_KEY: '' },
      timeoutMs: 30_000,
    });
    expect(result.stderr).toMatch(line);
    expect(result.stderr).not.toMatch(/^ {4}at /m);
    expect(result.status).toBe(2);
  });
});
