import { spawn, type ChildProcess } from 'node:child_process';
import { cliArgs } from './cliBundle.js';
import { repoRoot } from './paths.js';

/** `memlog team serve` as a child process, listening on a free port. */
export interface ServedTeam {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything the child wrote on stderr so far. */
  stderr(): string;
  /** True while the process has not exited. */
  alive(): boolean;
}

/** Starts `memlog team serve --port 0` with `args` and the token; resolves once it listens. */
export function serveTeam(args: readonly string[], token: string): Promise<ServedTeam> {
  const child = spawn(process.execPath, [...cliArgs(), 'team', 'serve', '--port', '0', ...args], {
    cwd: repoRoot,
    env: { ...process.env, MEMLOG_TEAM_TOKEN: token, MEMLOG_TEAM_DB: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      if (url !== undefined) resolve({ url, child, stderr: () => err, alive });
    });
    child.once('exit', (code, signal) => reject(new Error(`memlog team serve exited (${code ?? signal}): ${err}`)));
  });
}
