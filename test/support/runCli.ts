import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './paths.js';

export interface CliResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** tsx's loader by its own location, so a child run from any working directory finds it. */
export const TSX = import.meta.resolve('tsx');

/** Runs `memlog <args>` from source in a real child process. */
export function runCli(args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): CliResult {
  const result = spawnSync(process.execPath, ['--import', TSX, join(repoRoot, 'test', 'support', 'cliEntry.ts'), ...args], {
    cwd: options.cwd ?? repoRoot,
    env: { ...process.env, ...options.env, NO_COLOR: '1' },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
