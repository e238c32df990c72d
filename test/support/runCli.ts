import { spawn, spawnSync } from 'node:child_process';
import type { FsFault } from './failFs.js';
import { cliArgs, preloadArgs } from './cliBundle.js';
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
  const { argv, spawnOptions } = cliCommand(args, options);
  const result = spawnSync(process.execPath, argv, {
    ...spawnOptions,
    encoding: 'utf8',
    ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs, killSignal: 'SIGKILL' as const }),
  });
  return { status: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
}

/**
 * `runCli` without blocking this process: for a CLI that talks to a server the test itself runs
 * (a local Messages or Batches API), which a blocked event loop could not answer.
 */
export function runCliAsync(args: readonly string[], options: RunCliOptions = {}): Promise<CliResult> {
  const { argv, spawnOptions } = cliCommand(args, options);
  const child = spawn(process.execPath, argv, { ...spawnOptions, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const timer = options.timeoutMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, stdout, stderr });
    });
  });
}

function cliCommand(args: readonly string[], options: RunCliOptions) {
  const preloads = preloadArgs([
    ...(options.failFs === undefined ? [] : ['failFs' as const]),
    ...(options.killAt === undefined ? [] : ['killAtFs' as const]),
  ]);
  return {
    argv: [...preloads, ...cliArgs(), ...args],
    spawnOptions: {
      cwd: options.cwd ?? repoRoot,
      env: {
        // A catalog in memory unless a test names one: no test writes ~/.memlog/catalog.db (decision 81).
        MEMLOG_CATALOG: ':memory:',
        ...process.env,
        ...options.env,
        NO_COLOR: '1',
        ...(options.failFs === undefined ? {} : { [FAIL_FS_ENV]: JSON.stringify(options.failFs) }),
        ...(options.killAt === undefined ? {} : { [KILL_AT_ENV]: JSON.stringify(options.killAt) }),
      },
      ...(options.user === undefined ? {} : { uid: options.user.uid, gid: options.user.gid }),
    },
  };
}
