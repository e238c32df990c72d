import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** Where Debian's postgresql package puts each version's binaries (as .ci/run looks for them). */
const DEBIAN_POSTGRES = '/usr/lib/postgresql';

/** The newest installed PostgreSQL's bin folder, or null when there is none. */
export function postgresBin(): string | null {
  if (!existsSync(DEBIAN_POSTGRES)) return null;
  const versions = readdirSync(DEBIAN_POSTGRES)
    .filter((version) => existsSync(join(DEBIAN_POSTGRES, version, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest === undefined ? null : join(DEBIAN_POSTGRES, newest, 'bin');
}

/** A PostgreSQL server of the test's own, to stop and restart under a running memlog. */
export interface ThrowawayPostgres {
  /** As the trust-authenticated role `memlog`, database `postgres`. */
  readonly url: string;
  /** `pg_ctl restart -m fast`: every connection is ended, and the server is back when this resolves. */
  restart(): Promise<void>;
  /** `pg_ctl stop -m fast`. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server if it runs and removes its folder. */
  remove(): Promise<void>;
}

/**
 * initdb into a temp folder and start on a free 127.0.0.1 port, as .ci/run does: as root, the
 * server runs as the `postgres` user (PostgreSQL refuses to run as root).
 */
export async function startThrowawayPostgres(bin: string): Promise<ThrowawayPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'memlog-pg-'));
  const asRoot = process.getuid?.() === 0;
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]) : run(join(bin, tool), args);
  if (asRoot) await run('chown', ['postgres', dir]);
  const data = join(dir, 'data');
  const port = await freePort();
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -c unix_socket_directories=${dir} -c max_connections=100 -c fsync=off`;
  // -l always: without it the server writes to pg_ctl's stdout, and the pipe would stay open.
  const ctl = (...args: string[]) => pg('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', ...args]).then(() => {});
  await pg('initdb', ['-D', data, '-U', 'memlog', '--auth=trust', '-E', 'UTF8']);
  const start = () => ctl('-o', options, 'start');
  await start();
  let running = true;
  return {
    url: `postgres://memlog@127.0.0.1:${port}/postgres`,
    restart: () => ctl('-m', 'fast', 'restart'),
    stop: () => ctl('-m', 'fast', 'stop').then(() => void (running = false)),
    start: () => start().then(() => void (running = true)),
    async remove() {
      if (running) await ctl('-m', 'fast', 'stop').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
