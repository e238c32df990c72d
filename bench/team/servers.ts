import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
export const BENCH_TOKEN = 'bench-token';

export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Request log lines seen on stderr that were not JSON (should stay 0). */
  readonly stderrLines: () => string[];
}

/** `memlog team serve` from source as a child process, on a PostgreSQL URL or a data folder. */
export function startServer(database: { url: string } | { dataDir: string }): Promise<ServerProcess> {
  const where = 'url' in database ? ['--db', database.url] : ['--data', database.dataDir];
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'memlogEntry.ts'), 'team', 'serve', '--port', '0', ...where], {
    cwd: root,
    env: { ...process.env, MEMLOG_TEAM_TOKEN: BENCH_TOKEN, MEMLOG_TEAM_DB: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let partial = '';
  child.stderr.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
      if (url !== undefined) resolve({ url, child, stderrLines: () => lines });
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${lines.join('\n')}`)));
  });
}

export function stopServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
}

/** A fresh database on the PostgreSQL server at `adminUrl`, and how to drop it. */
export async function freshPostgresDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `memlog_bench_${process.pid}_${Date.now()}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export function freshDataDir(): { dataDir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'memlog-bench-team-'));
  return { dataDir: join(dir, 'data'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}
