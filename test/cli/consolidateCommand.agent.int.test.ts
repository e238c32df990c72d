import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONSOLIDATE_LOCK, consolidationLogPath } from '../../src/jobs/index.js';
import { readEffectLog } from '../../src/pipeline/effectLog.js';
import { cliArgs } from '../support/cliBundle.js';
import { AGENT_INDEX, agentProject, agentSession, changeSteps, MERGED_TABS, orientSteps } from '../support/consolidationAgentScript.js';
import { dirSnapshot, leftovers } from '../support/dirSnapshot.js';
import { repoRoot } from '../support/paths.js';
import { MessagesServer } from '../support/messagesServer.js';
import { runCli, runCliAsync } from '../support/runCli.js';

describe('memlog consolidate --model anthropic (a CLI child, the real SDK, a local Messages API)', () => {
  let server: MessagesServer;
  let env: NodeJS.ProcessEnv;
  beforeEach(async () => {
    server = new MessagesServer({ validate: true });
    env = { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: await server.start() };
  });
  afterEach(() => server.stop());

  it('--dry-run prints the agent plan as a diff, with what the agent said, and writes nothing', async () => {
    const p = agentProject();
    const before = dirSnapshot(p.base);
    server.arrange(...agentSession(p));
    const result = await runCliAsync(['consolidate', p.memory, '--model', 'anthropic', '--dry-run'], { env, timeoutMs: 60_000 });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`${p.memory} (dry run, nothing written): 2 updated, 1 merged\n`);
    expect(result.stdout).toContain('  < tabs.md into indent-tabs.md: said the same as indent-tabs.md\n');
    expect(result.stdout).toContain(
      '      - The staging API runs on port 9090 since next Monday.\n      + The staging API runs on port 9191 since 2026-03-05.\n',
    );
    expect(result.stdout).toContain('  agent: anthropic model, 6 call(s), 60 tokens in, 30 out, 4 tool call(s) refused\n');
    expect(result.stdout).toContain('  it says: Merged the two tab rules; the staging port is 9191 now.\n');
    expect(dirSnapshot(p.base)).toEqual(before);
    expect(server.pending).toBe(0);
  }, 90_000);

  it('auto with a key consolidates through the agent; the log and memory why show its changes', async () => {
    const p = agentProject();
    server.arrange(...agentSession(p));
    const result = await runCliAsync(['consolidate', p.memory, '--json'], { env, timeoutMs: 60_000 });
    expect(result.stderr).toBe('memlog: model: anthropic (ANTHROPIC_API_KEY is set)\n');
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout) as { status: string; runId: string; agent: { model: string; restored: string[] } };
    expect(report).toMatchObject({ status: 'consolidated', runId: 'consolidation@0', agent: { model: 'anthropic', restored: [] } });
    expect(readdirSync(p.memory).sort()).toEqual([CONSOLIDATE_LOCK, 'MEMORY.md', 'indent-tabs.md', 'staging-port.md']);
    expect(readFileSync(join(p.memory, 'indent-tabs.md'), 'utf8')).toBe(MERGED_TABS);
    expect(readFileSync(join(p.memory, 'MEMORY.md'), 'utf8')).toBe(AGENT_INDEX);
    expect(readEffectLog(consolidationLogPath(p.memory)).records.map((r) => r.type)).toEqual([
      'consolidation_started',
      'consolidation_finished',
    ]);
    expect(runCli(['memory', 'why', 'tabs.md', '--dir', p.memory]).stdout).toContain(
      'merged into indent-tabs.md by consolidation@0: said the same as indent-tabs.md',
    );
  }, 90_000);

  it('SIGKILL while the agent works: the directory stays as it was; the next run clears what the killed one left', async () => {
    const p = agentProject();
    const withoutLock = (path: string) => path !== '.consolidate-lock';
    const before = dirSnapshot(p.memory, withoutLock);
    // The agent has written, deleted and edited in its copy when the model stops answering.
    server.arrange(...orientSteps(p), ...changeSteps(p), { kind: 'slow', delayMs: 60_000 });
    const child = spawn(process.execPath, [...cliArgs(), 'consolidate', p.memory, '--model', 'anthropic'], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    for (let i = 0; i < 400 && server.received.length < 5; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.received).toHaveLength(5);
    child.kill('SIGKILL');
    await exited;
    expect(dirSnapshot(p.memory, withoutLock)).toEqual(before);
    // Its copy, beside the directory, holds the half-done work: the merge written, the duplicate deleted.
    const copy = leftovers(p.sessions).filter((path) => path.startsWith('.memory.consolidation_0.memlog-run/'));
    expect(copy).toContain('.memory.consolidation_0.memlog-run/indent-tabs.md');
    expect(copy).not.toContain('.memory.consolidation_0.memlog-run/tabs.md');
    const after = runCli(['consolidate', p.memory, '--model', 'offline', '--force']);
    expect(after.status).toBe(0);
    expect(leftovers(p.sessions)).toEqual([]);
  }, 90_000);

  it('--model anthropic without a key is a usage error, exit 2, nothing touched', () => {
    const p = agentProject();
    const before = dirSnapshot(p.base);
    const result = runCli(['consolidate', p.memory, '--model', 'anthropic'], { env: { ANTHROPIC_API_KEY: '' } });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/no Anthropic API key/);
    expect(dirSnapshot(p.base)).toEqual(before);
  });
});
