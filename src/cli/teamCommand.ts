import { InvalidArgumentError, type Command } from 'commander';
import { DEFAULT_MAX_ENTRIES } from '../memory/team/server/light/index.js';
import { port } from './optionChecks.js';

/** The subcommands' work, loaded when one runs: --help and a usage error need neither the server nor the client (decision 118). */
const actions = () => import('./teamActions.js');

export interface SyncOptions {
  readonly server?: string;
  readonly token?: string;
  readonly repo?: string;
  readonly project?: string;
  readonly json?: boolean;
}

export interface ServeOptions {
  readonly port: number;
  readonly host: string;
  readonly data?: string;
  readonly db?: string;
  readonly token?: string;
  readonly maxEntries: number;
}

const count = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number');
  return n;
};

/** `memlog team pull | push | status | serve`: share a repository's memory through a server. */
export function registerTeam(program: Command): void {
  const team = program
    .command('team')
    .description(
      "share a repository's memory with its team through a server: pull (the server wins), push (changed files only, never a file with a secret), status; serve runs a reference server",
    );
  registerSyncCommands(team);
  declareServeOptions(team).action(async (options: ServeOptions) => (await actions()).runServe(options));
}

function syncCommand(team: Command, name: string, description: string): Command {
  return team
    .command(name)
    .description(description)
    .option('--server <url>', 'the team server (default: MEMLOG_TEAM_SERVER)')
    .option('--token <token>', 'its bearer token (default: MEMLOG_TEAM_TOKEN, which keeps it out of the process list)')
    .option('--repo <owner/repo>', 'the repository (default: from the github.com "origin" remote)')
    .option('--project <dir>', 'a directory of the project (default: the current directory)')
    .option('--json', 'print the report as one JSON object');
}

function registerSyncCommands(team: Command): void {
  syncCommand(
    team,
    'pull',
    "write the server's team memory into the local team folder; the server's version of a file replaces the local one, local-only files stay",
  ).action(async (options: SyncOptions) => (await actions()).runPull(options));
  syncCommand(
    team,
    'push',
    'upload the local team files the server does not have yet; files with a secret or over 250 KB stay here and are reported',
  ).action(async (options: SyncOptions) => (await actions()).runPush(options));
  syncCommand(team, 'status', 'what a push would send (pending) and a pull would write (incoming); changes nothing').action(
    async (options: SyncOptions) => (await actions()).runStatus(options),
  );
}

function declareServeOptions(team: Command): Command {
  return team
    .command('serve')
    .description(
      'run the reference team-memory server: bearer-token auth, ETags, 412 on stale writes, 413 over the entry limit; data in embedded PGlite (--data) or PostgreSQL (--db), where several servers may share one database',
    )
    .option('--data <dir>', 'the folder of the embedded database (PGlite); one server per folder')
    .option('--db <url>', 'a PostgreSQL database, postgres://user:password@host:port/name (default: MEMLOG_TEAM_DB)')
    .option('--port <n>', 'port to listen on (0: any free port)', port, 0)
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option('--token <token>', 'the bearer token clients must send (default: MEMLOG_TEAM_TOKEN)')
    .option('--max-entries <n>', 'most entries one repository may hold', count, DEFAULT_MAX_ENTRIES)
    .addHelpText(
      'after',
      '\nExamples:\n  MEMLOG_TEAM_TOKEN=s3cret memlog team serve --port 8787 --data ./team-data\n  MEMLOG_TEAM_TOKEN=s3cret MEMLOG_TEAM_DB=postgres://memlog@db.internal/memlog memlog team serve --host 0.0.0.0 --port 8787\n\nGET /healthz answers 200 while the database answers, 503 otherwise; each request is logged as a JSON line on stderr; SIGTERM lets requests in flight finish.',
    );
}
