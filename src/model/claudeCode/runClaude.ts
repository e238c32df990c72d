import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ModelPortError } from '../../errors.js';
import { NO_TRACE_ENV } from './claudeArgs.js';

/** The fields of `claude -p --output-format json`'s result that memlog reads. */
export interface ClaudeResult {
  readonly is_error?: boolean;
  readonly api_error_status?: number | null;
  readonly result?: string;
  readonly structured_output?: unknown;
  readonly total_cost_usd?: number;
  readonly usage?: {
    readonly input_tokens?: number;
    readonly output_tokens?: number;
    readonly cache_creation_input_tokens?: number;
    readonly cache_read_input_tokens?: number;
  };
  readonly modelUsage?: Readonly<Record<string, unknown>>;
}

export interface RunClaudeOptions {
  readonly bin: string;
  readonly args: readonly string[];
  readonly prompt: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
}

/**
 * One `claude -p` run: the prompt on stdin, in an empty working directory of its own (no project
 * settings or CLAUDE.md of any folder apply), killed at the timeout or on abort.
 */
export async function runClaude(options: RunClaudeOptions): Promise<ClaudeResult> {
  const cwd = mkdtempSync(join(tmpdir(), 'memlog-claude-'));
  try {
    const { stdout, stderr, code, timedOut } = await spawnClaude(options, cwd);
    if (options.signal?.aborted === true) throw new ModelPortError('Claude Code call aborted', null, { aborted: true });
    if (timedOut) throw new ModelPortError(`Claude Code did not answer within ${options.timeoutMs / 1000} s`, 408, { timeout: true });
    const result = parseResult(stdout);
    if (result === undefined)
      throw new ModelPortError(`Claude Code exited ${code ?? 'on a signal'} without a JSON result: ${oneLine(stderr || stdout)}`, null, {});
    if (result.is_error === true) {
      const status = typeof result.api_error_status === 'number' ? result.api_error_status : 400;
      throw new ModelPortError(`Claude Code reported an error: ${oneLine(result.result ?? '')}`, status, {});
    }
    return result;
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

function spawnClaude(
  options: RunClaudeOptions,
  cwd: string,
): Promise<{ stdout: string; stderr: string; code: number | null; timedOut: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(options.bin, [...options.args], { cwd, env: { ...options.env, ...NO_TRACE_ENV }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const kill = (): void => void child.kill('SIGKILL');
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutMs);
    options.signal?.addEventListener('abort', kill, { once: true });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new ModelPortError(`Claude Code could not be started (${options.bin}): ${error.message}`, 400, {}));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', kill);
      resolve({ stdout, stderr, code, timedOut });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.prompt);
  });
}

/** The result object: the last stdout line that parses as one. */
function parseResult(stdout: string): ClaudeResult | undefined {
  for (const line of stdout.trim().split('\n').reverse()) {
    try {
      const value = JSON.parse(line) as unknown;
      if (value !== null && typeof value === 'object' && (value as { type?: unknown }).type === 'result') return value;
    } catch {
      // not the result line
    }
  }
  return undefined;
}

const oneLine = (text: string): string => text.trim().replace(/\s+/g, ' ').slice(0, 300);
