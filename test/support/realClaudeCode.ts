import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { repoRoot } from './paths.js';

/** The pinned Claude Code CLI (a devDependency), by the bin its package declares. */
export const CLAUDE = join(
  dirname(createRequire(join(repoRoot, 'package.json')).resolve('@anthropic-ai/claude-code/package.json')),
  'bin',
  'claude.exe',
);

/** How long one run of the real CLI may take before it is killed: it never waits on the network, but the machine may be loaded. */
const RUN_TIMEOUT_MS = 180_000;

/**
 * The environment for a run of the real CLI that talks only to a local fake Messages API: its own
 * home and configuration folder, a dummy key, and every kind of traffic besides the API turned
 * off. `extra` adds variables a test needs (MCP settings, say).
 */
export function claudeCodeEnv(
  home: string,
  configDir: string,
  baseURL: string,
  extra: Readonly<Record<string, string>> = {},
): NodeJS.ProcessEnv {
  return {
    PATH: process.env['PATH'] ?? '',
    HOME: home,
    CLAUDE_CONFIG_DIR: configDir,
    ANTHROPIC_BASE_URL: baseURL,
    ANTHROPIC_API_KEY: 'sk-ant-test-not-a-key',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_ERROR_REPORTING: '1',
    ...extra,
  };
}

/** Runs the real CLI to its end (killed past RUN_TIMEOUT_MS), with its status and output. */
export function runClaudeCode(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(CLAUDE, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}
