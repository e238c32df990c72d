import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { FsFault } from './failFs.js';
import { cliArgs } from './cliBundle.js';
import type { KillPoint } from './killAtFs.js';
import { repoRoot } from './paths.js';

export interface CliResult {
  readonly status: number | null;
  /** The signal that ended the child (SIGKILL from a `killAt` point or a timeout), or null. */
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** tsx's loader by its own location, so a child run from any working directory finds it. */
export const TSX = import.meta.resolve('tsx');

/** The environment variable that hands test/support/failFs.ts its faults. */
export const FAIL_FS_ENV = 'MEMLOG_TEST_FAIL_FS';
/** The environment variable that hands test/support/killAtFs.ts the call to die at. */
export const KILL_AT_ENV = 'MEMLOG_TEST_KILL_AT';

export interface RunCliOptions {
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Kill the child after this many milliseconds (status is then null): a hang fails instead of blocking the suite. */
  readonly timeoutMs?: number;
  /** File-system calls on these paths fail in the child with these errnos (test/support/failFs.ts). */
  readonly failFs?: readonly FsFault[];
  /** The child kills itself with SIGKILL at this file-system call (test/support/killAtFs.ts). */
  readonly killAt?: KillPoint;
  /** Run the child as this user and group (root can; for tests of permissions, which root ignores). */
  readonly user?: { readonly uid: number; readonly gid: number };
}

/** Runs `memlog <args>` from source in a real child process. */
export function runCli(args: readonly string[], options: RunCliOptions = {}): CliResult {
  const preload = [
    ...(options.failFs === undefined ? [] : ['--import', join(repoRoot, 'test', 'support', 'failFs.ts')]),
    ...(options.killAt === undefined ? [] : ['--import', join(repoRoot, 'test', 'support', 'killAtFs.ts')]),
  ];
  // The preloads are TypeScript: they need tsx's loader even when the CLI itself is the bundle.
  const loader = preload.length === 0 ? [] : ['--import', TSX];
  const result = spawnSync(process.execPath, [...loader, ...preload, ...cliArgs(), ...args], {
    cwd: options.cwd ?? repoRoot,
    env: {
      ...process.env,
      ...options.env,
      NO_COLOR: '1',
      ...(options.failFs === undefined ? {} : { [FAIL_FS_ENV]: JSON.stringify(options.failFs) }),
      ...(options.killAt === undefined ? {} : { [KILL_AT_ENV]: JSON.stringify(options.killAt) }),
    },
    encoding: 'utf8',
    ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs, killSignal: 'SIGKILL' as const }),
    ...(options.user === undefined ? {} : { uid: options.user.uid, gid: options.user.gid }),
  });
  return { status: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
}

/**
 * `runCli` without blocking this process: for a child that talks to a server the test runs here
 * (a local Messages API), which a synchronous spawn would keep from answering.
 */
export function runCliAsync(args: readonly string[], options: Pick<RunCliOptions, 'cwd' | 'env' | 'timeoutMs'> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...cliArgs(), ...args], {
      cwd: options.cwd ?? repoRoot,
      env: { ...process.env, ...options.env, NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = options.timeoutMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.on('error', reject);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, stdout, stderr });
    });
  });
}
