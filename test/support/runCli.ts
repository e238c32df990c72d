import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { FsFault } from './failFs.js';
import { cliArgs } from './cliBundle.js';
import { repoRoot } from './paths.js';

export interface CliResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** tsx's loader by its own location, so a child run from any working directory finds it. */
export const TSX = import.meta.resolve('tsx');

/** The environment variable that hands test/support/failFs.ts its faults. */
export const FAIL_FS_ENV = 'MEMLOG_TEST_FAIL_FS';

export interface RunCliOptions {
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Kill the child after this many milliseconds (status is then null): a hang fails instead of blocking the suite. */
  readonly timeoutMs?: number;
  /** File-system calls on these paths fail in the child with these errnos (test/support/failFs.ts). */
  readonly failFs?: readonly FsFault[];
  /** Run the child as this user and group (root can; for tests of permissions, which root ignores). */
  readonly user?: { readonly uid: number; readonly gid: number };
}

/** Runs `memlog <args>` from source in a real child process. */
export function runCli(args: readonly string[], options: RunCliOptions = {}): CliResult {
  const preload = options.failFs === undefined ? [] : ['--import', join(repoRoot, 'test', 'support', 'failFs.ts')];
  // The preload is TypeScript: it needs tsx's loader even when the CLI itself is the bundle.
  const loader = options.failFs === undefined ? [] : ['--import', TSX];
  const result = spawnSync(process.execPath, [...loader, ...preload, ...cliArgs(), ...args], {
    cwd: options.cwd ?? repoRoot,
    env: {
      ...process.env,
      ...options.env,
      NO_COLOR: '1',
      ...(options.failFs === undefined ? {} : { [FAIL_FS_ENV]: JSON.stringify(options.failFs) }),
    },
    encoding: 'utf8',
    ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs, killSignal: 'SIGKILL' as const }),
    ...(options.user === undefined ? {} : { uid: options.user.uid, gid: options.user.gid }),
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
