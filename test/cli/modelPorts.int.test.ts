import { chmodSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BackfillReport } from '../../src/jobs/index.js';
import { backfillAgentSession, DEPLOYS_ON_DISK, INDEX, PNPM_ON_DISK } from '../support/backfillAgentScript.js';
import { answerChunk, PROJECT, writeBackfillProject } from '../support/backfillProject.js';
import { ChatCompletionsServer } from '../support/chatCompletionsServer.js';
import { claudeCodeHome, viaClaudeCode } from '../support/claudeCodeFake.js';
import { AGENT_INDEX, agentProject, agentSession, MERGED_TABS } from '../support/consolidationAgentScript.js';
import { MessagesServer, type Arranged } from '../support/messagesServer.js';
import { runCliAsync } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

const chunkAnswer: Arranged = { kind: 'answer', content: answerChunk, stopReason: 'tool_use' };
/** No key, no endpoint, no Claude Code login leaks in from the machine running the tests. */
const CLEAN = { ANTHROPIC_API_KEY: '', MEMLOG_OPENAI_BASE_URL: '', MEMLOG_OPENAI_MODEL: '', MEMLOG_OPENAI_API_KEY: '' };

/** extract with the consolidation agent: five chunk answers, then the agent's session; what it must leave on disk. */
function extractScript() {
  const { root, prompts } = writeBackfillProject();
  const out = tempDir();
  const memory = join(out, PROJECT, 'memory');
  const steps = [...Array.from({ length: 5 }, () => chunkAnswer), ...backfillAgentSession(memory, prompts)];
  const args = ['extract', root, '--out', out, '--chunk-tokens', '1', '--consolidation', 'agent', '--json'];
  const memoryFiles = () => ['MEMORY.md', 'pnpm.md', 'staging-deploys.md'].map((f) => readFileSync(join(memory, f), 'utf8'));
  return { steps, args, memoryFiles };
}

const progressOnly = (stderr: string) => stderr.split('\n').filter((l) => l !== '' && !/^memlog: \[\d\/2\] /.test(l));

describe('memlog extract and consolidate --model openai-compatible (a CLI child, the openai package, a local chat-completions server)', () => {
  let server: ChatCompletionsServer;
  afterEach(() => server.stop());
  const start = async () => {
    server = new ChatCompletionsServer();
    return server.start();
  };

  it('extract: phase 1 and the consolidation agent run through the port; the memory is what the agent wrote', async () => {
    const baseURL = await start();
    const { steps, args, memoryFiles } = extractScript();
    server.arrange(...steps);
    const result = await runCliAsync([...args, '--model', 'openai-compatible', '--base-url', baseURL, '--model-name', 'local-test'], {
      env: CLEAN,
      timeoutMs: 60_000,
    });
    expect(progressOnly(result.stderr)).toEqual([]);
    expect(result.status).toBe(0);
    expect(server.pending).toBe(0);
    const report = JSON.parse(result.stdout) as BackfillReport & { model: string };
    expect(report.model).toBe('openai-compatible');
    expect(report.projects.map((p) => p.consolidated.status)).toEqual(['consolidated']);
    expect(memoryFiles()).toEqual([INDEX, PNPM_ON_DISK, DEPLOYS_ON_DISK]);
    // The chunk calls force the candidates tool, as the Anthropic port does with tool_choice.
    expect(server.received[0]!.body['tool_choice']).toEqual({ type: 'function', function: { name: 'record_candidates' } });
  }, 90_000);

  it('consolidate, the endpoint from MEMLOG_OPENAI_*: auto says which model and why, once, and the agent consolidates', async () => {
    const baseURL = await start();
    const p = agentProject();
    server.arrange(...agentSession(p));
    const env = { ...CLEAN, MEMLOG_OPENAI_BASE_URL: baseURL, MEMLOG_OPENAI_MODEL: 'local-test' };
    const result = await runCliAsync(['consolidate', p.memory, '--json'], { env, timeoutMs: 60_000 });
    expect(result.stderr).toBe(
      `memlog: model: openai-compatible local-test at ${baseURL} (no ANTHROPIC_API_KEY; an OpenAI-compatible endpoint is configured)\n`,
    );
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 'consolidated', agent: { model: 'openai-compatible' } });
    expect(readFileSync(join(p.memory, 'indent-tabs.md'), 'utf8')).toBe(MERGED_TABS);
    expect(readFileSync(join(p.memory, 'MEMORY.md'), 'utf8')).toBe(AGENT_INDEX);
  }, 90_000);
});

describe('memlog extract and consolidate --model claude-code (the real Claude Code CLI against a local Messages API)', () => {
  let server: MessagesServer;
  afterEach(() => server.stop());
  const start = async () => {
    server = new MessagesServer();
    return claudeCodeHome(await server.start());
  };

  it('extract: every call goes through claude -p; no session is written under CLAUDE_CONFIG_DIR/projects and no hook runs', async () => {
    const home = await start();
    const { steps, args, memoryFiles } = extractScript();
    server.arrange(...steps.map(viaClaudeCode));
    const result = await runCliAsync([...args, '--model', 'claude-code'], { env: { ...CLEAN, ...home.env }, timeoutMs: 240_000 });
    expect(progressOnly(result.stderr)).toEqual([]);
    expect(result.status).toBe(0);
    expect(server.pending).toBe(0);
    const report = JSON.parse(result.stdout) as BackfillReport & { model: string; costUsd: number };
    expect(report.model).toBe('claude-code');
    expect(report.costUsd).toBeGreaterThan(0);
    expect(memoryFiles()).toEqual([INDEX, PNPM_ON_DISK, DEPLOYS_ON_DISK]);
    const projects = join(home.configDir, 'projects');
    expect(existsSync(projects) ? readdirSync(projects, { recursive: true }) : []).toEqual([]);
    expect(readdirSync(home.markers)).toEqual([]);
    // memlog's own system prompt, never Claude Code's default one, and Claude Code's smallest model.
    const first = server.received.find((r) => r.method === 'POST')!.body as { model: string; system: Array<{ text: string }> };
    expect(first.model).toMatch(/haiku/);
    expect(first.system.map((b) => b.text).join('\n')).toMatch(/record_candidates/);
  }, 300_000);

  it('consolidate: the agent runs through claude -p; the text report ends with the cost Claude Code reported', async () => {
    const home = await start();
    const p = agentProject();
    server.arrange(...agentSession(p).map(viaClaudeCode));
    const result = await runCliAsync(['consolidate', p.memory, '--model', 'claude-code'], {
      env: { ...CLEAN, ...home.env },
      timeoutMs: 240_000,
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/\n {2}cost: \$\d+\.\d{4,6} as Claude Code reported it \(counted against your Claude Code plan\)\n$/);
    expect(readFileSync(join(p.memory, 'indent-tabs.md'), 'utf8')).toBe(MERGED_TABS);
    expect(readdirSync(home.markers)).toEqual([]);
  }, 300_000);
});

describe('memlog extract --per-turn on each port (a CLI child)', () => {
  const nothing: Arranged = { kind: 'reply', content: [{ type: 'text', text: 'Nothing here is worth a memory.' }] };

  it('openai-compatible: every run goes through the port and ends well', async () => {
    const server = new ChatCompletionsServer();
    const baseURL = await server.start();
    try {
      server.arrange(...Array.from({ length: 20 }, () => nothing));
      const { root } = writeBackfillProject();
      const args = ['extract', root, '--out', tempDir(), '--per-turn', '--json', '--model', 'openai-compatible'];
      const result = await runCliAsync([...args, '--base-url', baseURL, '--model-name', 'local-test'], { env: CLEAN, timeoutMs: 60_000 });
      expect(result.status).toBe(0);
      const report = JSON.parse(result.stdout) as { model: string; failedRuns: number; tokens: { input: number } };
      expect(report).toMatchObject({ model: 'openai-compatible', failedRuns: 0 });
      expect(report.tokens.input).toBe(10 * server.received.length);
      expect(server.received.length).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('openai-compatible: a run that writes a memory writes it through the permission gate, stamped as memlog writes memory', async () => {
    const server = new ChatCompletionsServer();
    const baseURL = await server.start();
    try {
      const { root } = writeBackfillProject();
      const out = tempDir();
      const file = join(out, PROJECT, 'memory', 'staging-deploys-frozen-fridays.md');
      const content = [
        '---',
        'name: staging-deploys-frozen-fridays',
        'description: Staging deploys are frozen on Fridays',
        'metadata:',
        '  type: project',
        '---',
        '',
        'Staging deploys are frozen on Fridays.',
        '',
      ].join('\n');
      const write: Arranged = {
        kind: 'reply',
        content: [{ type: 'tool_use', id: 'toolu_write_1', name: 'Write', input: { file_path: file, content } }],
        stopReason: 'tool_use',
      };
      server.arrange(write, ...Array.from({ length: 20 }, () => nothing));
      const args = ['extract', root, '--out', out, '--per-turn', '--json', '--model', 'openai-compatible'];
      const result = await runCliAsync([...args, '--base-url', baseURL, '--model-name', 'local-test'], { env: CLEAN, timeoutMs: 60_000 });
      expect(result.status).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ model: 'openai-compatible', failedRuns: 0 });
      const written = readFileSync(file, 'utf8');
      expect(written).toContain('Staging deploys are frozen on Fridays.');
      expect(written).toMatch(/^ {2}originSessionId: /m);
      // The write went back to the model as a tool result, through the chat-completions protocol.
      expect(JSON.stringify(server.received[1]?.body['messages'])).toContain('toolu_write_1');
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('openai-compatible with --first-look enforce: each look is asked through the port and a no skips its run', async () => {
    const server = new ChatCompletionsServer();
    const baseURL = await server.start();
    try {
      const no: Arranged = { kind: 'reply', content: [{ type: 'text', text: '{"write_likely": false}' }] };
      server.arrange(...Array.from({ length: 20 }, () => no));
      const { root } = writeBackfillProject();
      const args = ['extract', root, '--out', tempDir(), '--per-turn', '--first-look', 'enforce', '--json', '--model', 'openai-compatible'];
      const result = await runCliAsync([...args, '--base-url', baseURL, '--model-name', 'local-test'], { env: CLEAN, timeoutMs: 60_000 });
      expect(result.status).toBe(0);
      const report = JSON.parse(result.stdout) as { failedRuns: number; firstLooks: { yes: number; no: number; none: number } };
      expect(report.failedRuns).toBe(0);
      // Every request was a first look, each answered no: no extraction run was sent.
      expect(server.received.length).toBeGreaterThan(0);
      expect(report.firstLooks).toEqual({ yes: 0, no: server.received.length, none: 0 });
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('claude-code: every run goes through claude -p, leaves no session and runs no hook', async () => {
    const server = new MessagesServer();
    const home = claudeCodeHome(await server.start());
    try {
      server.arrange(...Array.from({ length: 20 }, () => viaClaudeCode(nothing)));
      const { root } = writeBackfillProject();
      const args = ['extract', root, '--out', tempDir(), '--per-turn', '--json', '--model', 'claude-code'];
      const result = await runCliAsync(args, { env: { ...CLEAN, ...home.env }, timeoutMs: 240_000 });
      expect(result.status).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ model: 'claude-code', failedRuns: 0 });
      expect(server.received.length).toBeGreaterThan(0);
      const projects = join(home.configDir, 'projects');
      expect(existsSync(projects) ? readdirSync(projects, { recursive: true }) : []).toEqual([]);
      expect(readdirSync(home.markers)).toEqual([]);
    } finally {
      await server.stop();
    }
  }, 300_000);
});

describe('a port that cannot run stops the command with one line, exit 2, before any model call', () => {
  it.each<[string, string[], () => NodeJS.ProcessEnv, RegExp]>([
    [
      'openai-compatible without a server',
      ['--model', 'openai-compatible'],
      () => ({}),
      /^memlog: --model openai-compatible needs a server: pass --base-url or set MEMLOG_OPENAI_BASE_URL$/m,
    ],
    [
      'claude-code not installed',
      ['--model', 'claude-code'],
      () => ({ MEMLOG_CLAUDE_BIN: join(tempDir(), 'no-claude') }),
      /^memlog: --model claude-code needs Claude Code: /m,
    ],
    [
      'a Claude Code too old to leave no trace',
      ['--model', 'claude-code'],
      () => ({ MEMLOG_CLAUDE_BIN: oldClaude() }),
      /^memlog: this Claude Code \(1\.0\.0\) lacks [^:]*--no-session-persistence, [^:]*: without them memlog.s calls would leave sessions or run hooks/m,
    ],
  ])(
    '%s',
    async (_name, extra, env, line) => {
      const { root } = writeBackfillProject();
      const out = tempDir();
      const result = await runCliAsync(['extract', root, '--out', out, ...extra], { env: { ...CLEAN, ...env() }, timeoutMs: 60_000 });
      expect(result.stderr).toMatch(line);
      expect(result.stderr).not.toMatch(/^ {4}at /m);
      expect(result.status).toBe(2);
      expect(readdirSync(out)).toEqual([]);
    },
    90_000,
  );
});

/** A Claude Code whose --help lacks the no-trace flags. */
function oldClaude(): string {
  const bin = join(tempDir(), 'claude');
  writeFileSync(bin, '#!/bin/sh\nif [ "$1" = "--version" ]; then echo "1.0.0"; else echo "  -p, --print\n  --json-schema <s>"; fi\n');
  chmodSync(bin, 0o755);
  return bin;
}
