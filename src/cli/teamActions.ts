/** What `memlog team` pull, push, status and serve do once their options are accepted; loaded only when one runs. */
import { ConfigError } from '../errors.js';
import {
  hasLegacySqliteStore,
  isPostgresUrl,
  LEGACY_SQLITE_FILE,
  startTeamServer,
  StorageUnavailable,
  type TeamDatabaseLocation,
} from '../memory/team/server/index.js';
import { formatFinding } from '../secrets/index.js';
import {
  openTeamProject,
  pullTeamMemory,
  pushTeamMemory,
  quotedKey,
  teamStatus,
  type PullReport,
  type PullSkip,
  type PushReport,
  type SkippedFile,
  type StatusReport,
  type TeamProject,
} from '../memory/team/index.js';
import type { ServeOptions, SyncOptions } from './teamCommand.js';

function openProject(options: SyncOptions): Promise<TeamProject> {
  return openTeamProject({
    projectDir: options.project ?? process.cwd(),
    ...(options.server === undefined ? {} : { server: options.server }),
    ...(options.token === undefined ? {} : { token: options.token }),
    ...(options.repo === undefined ? {} : { repo: options.repo }),
  });
}

export async function runPull(options: SyncOptions): Promise<void> {
  const project = await openProject(options);
  const { report, state } = await pullTeamMemory({ teamDir: project.dir, client: project.client, state: project.state });
  await project.save(state);
  print(options, { ...where(project), ...report }, () => formatPull(report));
}

export async function runPush(options: SyncOptions): Promise<void> {
  const project = await openProject(options);
  const { report, state } = await pushTeamMemory({ teamDir: project.dir, client: project.client, state: project.state });
  await project.save(state);
  print(options, { ...where(project), ...report }, () => formatPush(report));
  if (!report.ok) process.exitCode = 1;
}

export async function runStatus(options: SyncOptions): Promise<void> {
  const project = await openProject(options);
  const report = await teamStatus({ teamDir: project.dir, client: project.client, state: project.state });
  print(options, { ...where(project), ...report }, () => formatStatus(project, report));
}

export async function runServe(options: ServeOptions): Promise<void> {
  const token = options.token ?? process.env['MEMLOG_TEAM_TOKEN'] ?? '';
  if (token === '') throw new ConfigError('the server needs a token: --token or MEMLOG_TEAM_TOKEN');
  const database = databaseLocation(options);
  if (database.kind === 'folder' && hasLegacySqliteStore(database.dataDir))
    logLine('warn', 'legacy store not read', {
      detail: `${LEGACY_SQLITE_FILE} is from an older memlog and is not read: this server starts empty, and each checkout's next \`memlog team push\` uploads its team files again`,
    });
  const server = await startTeamServer({
    database,
    token,
    port: options.port,
    host: options.host,
    maxEntries: options.maxEntries === 0 ? Number.MAX_SAFE_INTEGER : options.maxEntries,
    onRequest: (record) => logLine('info', 'request', { ...record }),
    onError: (error) =>
      error instanceof StorageUnavailable
        ? logLine('warn', 'database unavailable', { error: error.message })
        : logLine('error', 'request failed', { error: (error as Error).stack ?? String(error) }),
  });
  process.stdout.write(`memlog team serve: listening on ${server.url}\n`);
  await untilStopped();
  await server.close();
  logLine('info', 'stopped', {});
}

/** Waits for SIGINT or SIGTERM and logs which one came. */
async function untilStopped(): Promise<void> {
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  logLine('info', 'shutting down', { signal });
}

/** --db, else --data, else MEMLOG_TEAM_DB: an explicit flag wins over the environment. */
function databaseLocation(options: ServeOptions): TeamDatabaseLocation {
  if (options.db !== undefined && options.data !== undefined) throw new ConfigError('pass either --data DIR or --db URL, not both');
  const url = options.db ?? (options.data === undefined ? process.env['MEMLOG_TEAM_DB'] : undefined);
  if (url !== undefined && url !== '') {
    if (!isPostgresUrl(url))
      throw new ConfigError(`--db (or MEMLOG_TEAM_DB) takes a postgres:// URL; for the embedded database pass --data DIR`);
    return { kind: 'postgres', url };
  }
  if (options.data === undefined)
    throw new ConfigError('the server needs a database: --data DIR (embedded) or --db postgres://… (or MEMLOG_TEAM_DB)');
  return { kind: 'folder', dataDir: options.data };
}

/** One structured log line on stderr; never a body or memory content. */
function logLine(level: 'info' | 'warn' | 'error', msg: string, fields: Record<string, unknown>): void {
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })}\n`);
}

const where = (project: TeamProject) => ({ dir: project.dir, repo: project.repo, server: project.server });

function print(options: SyncOptions, json: object, text: () => string): void {
  process.stdout.write(options.json === true ? `${JSON.stringify(json, null, 2)}\n` : text());
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function formatSkipped(skipped: readonly SkippedFile[]): string {
  return skipped
    .map((file) => {
      const head = `  not synced: ${quotedKey(file.key)} (${file.reason.replace(/_/g, ' ')}${file.bytes === undefined ? '' : `, ${file.bytes} bytes`})`;
      return [head, ...(file.findings ?? []).map((finding) => `    ${formatFinding(finding)}`)].join('\n');
    })
    .map((line) => `${line}\n`)
    .join('');
}

function formatPush(report: PushReport): string {
  const head = report.ok
    ? `sent ${plural(report.sent.length, 'file')} in ${plural(report.batches, 'batch')}${report.conflicts > 0 ? ` after ${plural(report.conflicts, 'conflict')}` : ''}\n`
    : `push failed: ${report.failure?.message ?? 'unknown'} (${plural(report.sent.length, 'file')} sent before that)\n`;
  return head + report.sent.map((key) => `  sent ${quotedKey(key)}\n`).join('') + formatSkipped(report.skipped);
}

function formatPull(report: PullReport): string {
  if (report.notModified) return 'up to date (the server has not changed since the last pull)\n';
  const head = `received ${plural(report.received.length, 'file')}, ${report.unchanged} already up to date\n`;
  return head + report.received.map((key) => `  wrote ${quotedKey(key)}\n`).join('') + formatNotWritten(report.skipped);
}

/** Server keys a pull does not write, and why. */
function formatNotWritten(skipped: readonly PullSkip[]): string {
  return skipped.map((s) => `  not written: ${quotedKey(s.key)} (${s.reason.replace(/_/g, ' ')}: ${s.detail})\n`).join('');
}

function formatStatus(project: TeamProject, report: StatusReport): string {
  const lines = [
    `team memory: ${project.dir}`,
    `repository:  ${project.repo} on ${project.server} (${report.serverEntries === null ? 'no data yet' : plural(report.serverEntries, 'entry').replace(/ys$/, 'ies')})`,
    `to push:     ${report.pending.length === 0 ? 'nothing' : report.pending.map((k) => JSON.stringify(k)).join(', ')}`,
    `to pull:     ${report.incoming.length === 0 ? 'nothing' : report.incoming.map((k) => JSON.stringify(k)).join(', ')}`,
  ];
  return `${lines.join('\n')}\n${formatSkipped(report.skipped)}${formatNotWritten(report.incomingSkipped)}`;
}
