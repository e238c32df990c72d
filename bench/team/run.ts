import { parseArgs } from 'node:util';
import { parsedArgs } from '../scriptArgs.js';
import { finalState, lostUpdates, runClient, type ClientTally } from './loadClient.js';
import { freshDataDir, freshPostgresDatabase, startServer, stopServer, type ServerProcess } from './servers.js';
import { mulberry32 } from '../corpus.js';

/**
 * The team server under load on 127.0.0.1 (decision 56): N clients pushing and pulling to R
 * repositories for S seconds, through 3 server processes on one PostgreSQL database, through one
 * server on embedded PGlite, and through 3 servers one of which is SIGKILLed halfway.
 *
 *   npx tsx bench/team/run.ts --pg-url postgres://user@127.0.0.1:5432/postgres [--seconds 60] [--clients 50] [--repos 20]
 *
 * Without --pg-url (or MEMLOG_BENCH_PG_URL) only the PGlite scenario runs. The URL's role must be
 * allowed to create databases: each scenario gets a fresh one, dropped at the end.
 */
const USAGE = `usage: npx tsx bench/team/run.ts [--pg-url postgres://user@127.0.0.1:5432/postgres] [--seconds 10] [--clients 50]
       [--repos 20] [--scenarios pg3,pglite1,pg3-kill] [--seed 1]

  Without --pg-url (or MEMLOG_BENCH_PG_URL) only the PGlite scenario runs; the URL's role must be
  allowed to create databases (each scenario gets a fresh one, dropped at the end).
`;

const { values } = parsedArgs('bench/team/run.ts', USAGE, () =>
  parseArgs({
    options: {
      seconds: { type: 'string', default: '10' },
      clients: { type: 'string', default: '50' },
      repos: { type: 'string', default: '20' },
      'pg-url': { type: 'string', default: process.env['MEMLOG_BENCH_PG_URL'] ?? '' },
      scenarios: { type: 'string', default: 'pg3,pglite1,pg3-kill' },
      seed: { type: 'string', default: '1' },
    },
  }),
);
const seconds = Number(values.seconds);
const clients = Number(values.clients);
const repoCount = Number(values.repos);
const pgUrl = values['pg-url'];
const repos = Array.from({ length: repoCount }, (_, i) => `bench/repo-${i}`);

interface Scenario {
  readonly name: string;
  readonly servers: number;
  readonly driver: 'postgres' | 'pglite';
  readonly killOneAt?: number;
}
const SCENARIOS: Record<string, Scenario> = {
  pg3: { name: 'pg3', servers: 3, driver: 'postgres' },
  pglite1: { name: 'pglite1', servers: 1, driver: 'pglite' },
  'pg3-kill': { name: 'pg3-kill', servers: 3, driver: 'postgres', killOneAt: 0.5 },
};

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function run(scenario: Scenario) {
  let cleanup: () => Promise<void>;
  let location: { url: string } | { dataDir: string };
  if (scenario.driver === 'postgres') {
    const database = await freshPostgresDatabase(pgUrl);
    location = { url: database.url };
    cleanup = database.drop;
  } else {
    const folder = freshDataDir();
    location = { dataDir: folder.dataDir };
    cleanup = () => Promise.resolve(folder.remove());
  }
  // One first, so the others find the schema made (they would also wait on its lock).
  const servers: ServerProcess[] = [await startServer(location)];
  servers.push(...(await Promise.all(Array.from({ length: scenario.servers - 1 }, () => startServer(location)))));
  let alive = servers;
  const started = Date.now();
  const deadline = started + seconds * 1000;
  let killed: ServerProcess | undefined;
  const killTimer =
    scenario.killOneAt === undefined
      ? undefined
      : setTimeout(
          () => {
            killed = servers[1]!;
            killed.child.kill('SIGKILL');
            alive = servers.filter((s) => s !== killed);
          },
          seconds * 1000 * scenario.killOneAt,
        );
  const random = mulberry32(Number(values.seed));
  const tallies: ClientTally[] = await Promise.all(
    Array.from({ length: clients }, (_, id) =>
      runClient({
        id,
        // The clients keep the full list: a killed server is found out by a failed connection, as behind a balancer without health checks.
        servers: () => servers.map((s) => s.url),
        repos,
        deadline,
        random: mulberry32(Math.floor(random() * 2 ** 32)),
      }),
    ),
  );
  const elapsed = (Date.now() - started) / 1000;
  clearTimeout(killTimer);
  const state = await finalState(alive[0]!.url, repos);
  const latencies = tallies.flatMap((t) => t.latencies).sort((a, b) => a - b);
  const count = (status: number) => tallies.reduce((sum, t) => sum + (t.statuses.get(status) ?? 0), 0);
  const serverErrors = tallies.reduce((sum, t) => sum + [...t.statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0), 0);
  const acknowledged = tallies.reduce((sum, t) => sum + [...t.acknowledged.values()].reduce((n, keys) => n + keys.size, 0), 0);
  const nonJsonLogLines = servers
    .flatMap((s) => s.stderrLines())
    .filter((line) => {
      try {
        JSON.parse(line);
        return false;
      } catch {
        return true;
      }
    }).length;
  await Promise.all(alive.map(stopServer));
  await cleanup();
  return {
    scenario: scenario.name,
    servers: scenario.servers,
    clients,
    repos: repoCount,
    seconds: Math.round(elapsed),
    requests: latencies.length,
    'req/s': Math.round(latencies.length / elapsed),
    'p50 ms': Number(percentile(latencies, 50).toFixed(1)),
    'p99 ms': Number(percentile(latencies, 99).toFixed(1)),
    'writes acked': tallies.reduce((sum, t) => sum + t.writes - t.gaveUp.length, 0),
    '412': count(412),
    '5xx': serverErrors,
    'no answer': tallies.reduce((sum, t) => sum + t.networkErrors, 0),
    unexpected: tallies.reduce((sum, t) => sum + t.unexpected, 0),
    'gave up': tallies.reduce((sum, t) => sum + t.gaveUp.length, 0),
    'keys checked': acknowledged,
    lost: lostUpdates(tallies, state),
    'non-JSON log lines': nonJsonLogLines,
  };
}

const rows = [];
for (const name of values.scenarios.split(',')) {
  const scenario = SCENARIOS[name];
  if (scenario === undefined) throw new Error(`unknown scenario ${name}: ${Object.keys(SCENARIOS).join(', ')}`);
  if (scenario.driver === 'postgres' && pgUrl === '') {
    console.log(`${name}: skipped (no --pg-url or MEMLOG_BENCH_PG_URL)`);
    continue;
  }
  const row = await run(scenario);
  console.log(JSON.stringify(row));
  rows.push(row);
}
console.table(rows);
