import { BENCH_TOKEN } from './servers.js';

const TEAM_PATH = '/api/claude_code/team_memory';
/** Keys per client per repository: writes overwrite each other, so a lost update would show. */
const KEYS_PER_CLIENT = 8;
/** Attempts for one write (412s and failed connections) before a client gives it up. */
const MAX_ATTEMPTS = 30;
const REQUEST_TIMEOUT_MS = 15_000;

export interface ClientTally {
  /** Milliseconds of every request that got an answer. */
  readonly latencies: number[];
  readonly statuses: Map<number, number>;
  /** Requests with no answer (refused or cut connections, timeouts). */
  networkErrors: number;
  /** Answers that are neither success nor an expected 304/404/412. */
  unexpected: number;
  /** repo → key → the content of this client's last acknowledged write. */
  readonly acknowledged: Map<string, Map<string, string>>;
  /** Writes given up after MAX_ATTEMPTS (their key's final content is then unknown). */
  readonly gaveUp: Array<{ repo: string; key: string }>;
  writes: number;
}

export interface ClientOptions {
  readonly id: number;
  /** The servers, the client's own first; a failed connection moves it to the next. */
  readonly servers: () => readonly string[];
  readonly repos: readonly string[];
  readonly deadline: number;
  readonly random: () => number;
}

/**
 * One simulated teammate: until the deadline, half the time pulls a random repository ("changed
 * since my last pull?"), half the time writes one of its own keys there, conditional on the
 * checksum it last read, re-reading and retrying on 412, and retrying the same write through the
 * next server when a connection fails, so an acknowledged write is known exactly.
 */
export async function runClient(options: ClientOptions): Promise<ClientTally> {
  const tally: ClientTally = {
    latencies: [],
    statuses: new Map(),
    networkErrors: 0,
    unexpected: 0,
    acknowledged: new Map(),
    gaveUp: [],
    writes: 0,
  };
  const etags = new Map<string, string | null>();
  const pulled = new Map<string, string>();
  let serverIndex = options.id;
  const server = () => {
    const list = options.servers();
    return list[serverIndex % list.length]!;
  };

  const request = async (repo: string, init: { method: string; headers: Record<string, string>; body?: string }, query = '') => {
    const started = performance.now();
    try {
      const response = await fetch(`${server()}${TEAM_PATH}?repo=${encodeURIComponent(repo)}${query}`, {
        ...init,
        headers: { Authorization: `Bearer ${BENCH_TOKEN}`, ...init.headers },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      tally.latencies.push(performance.now() - started);
      tally.statuses.set(response.status, (tally.statuses.get(response.status) ?? 0) + 1);
      if (response.status >= 500) serverIndex++;
      return { status: response.status, etag: response.headers.get('etag'), text };
    } catch {
      tally.networkErrors++;
      serverIndex++;
      return null;
    }
  };

  const readEtag = async (repo: string): Promise<boolean> => {
    const answer = await request(repo, { method: 'GET', headers: {} }, '&view=hashes');
    if (answer === null || (answer.status !== 200 && answer.status !== 404)) return false;
    etags.set(repo, answer.status === 404 ? null : answer.etag);
    return true;
  };

  let seq = 0;
  while (Date.now() < options.deadline) {
    const repo = options.repos[Math.floor(options.random() * options.repos.length)]!;
    if (options.random() < 0.5) {
      const since = pulled.get(repo);
      const answer = await request(repo, { method: 'GET', headers: since === undefined ? {} : { 'If-None-Match': since } });
      if (answer?.status === 200 && answer.etag !== null) pulled.set(repo, answer.etag);
      else if (answer !== null && answer.status !== 304 && answer.status !== 404 && answer.status < 500) tally.unexpected++;
      continue;
    }
    const key = `c${options.id}/k${seq % KEYS_PER_CLIENT}.md`;
    const content = `client ${options.id} write ${seq} ${'x'.repeat(Math.floor(options.random() * 2000))}`;
    seq++;
    tally.writes++;
    let acknowledged = false;
    for (let attempt = 0; attempt < MAX_ATTEMPTS && !acknowledged; attempt++) {
      if (!etags.has(repo) && !(await readEtag(repo))) continue;
      const etag = etags.get(repo) ?? null;
      const answer = await request(repo, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', ...(etag === null ? { 'If-None-Match': '*' } : { 'If-Match': etag }) },
        body: JSON.stringify({ entries: { [key]: content } }),
      });
      if (answer?.status === 200) {
        acknowledged = true;
        etags.set(repo, answer.etag);
        const keys = tally.acknowledged.get(repo) ?? new Map<string, string>();
        keys.set(key, content);
        tally.acknowledged.set(repo, keys);
      } else {
        if (answer !== null && answer.status !== 412 && answer.status < 500) tally.unexpected++;
        etags.delete(repo); // re-read before the next attempt
      }
    }
    if (!acknowledged) tally.gaveUp.push({ repo, key });
  }
  return tally;
}

/** Every repository's entries as a live server has them now. */
export async function finalState(server: string, repos: readonly string[]): Promise<Map<string, Record<string, string>>> {
  const state = new Map<string, Record<string, string>>();
  for (const repo of repos) {
    const response = await fetch(`${server}${TEAM_PATH}?repo=${encodeURIComponent(repo)}`, {
      headers: { Authorization: `Bearer ${BENCH_TOKEN}` },
    });
    if (response.status === 404) {
      state.set(repo, {});
      continue;
    }
    if (response.status !== 200) throw new Error(`reading ${repo} back: ${response.status}`);
    state.set(repo, ((await response.json()) as { content: { entries: Record<string, string> } }).content.entries);
  }
  return state;
}

/** Acknowledged writes whose content is not what the final state holds (a given-up write's key excepted). */
export function lostUpdates(tallies: readonly ClientTally[], state: ReadonlyMap<string, Record<string, string>>): number {
  let lost = 0;
  for (const tally of tallies) {
    const uncertain = new Set(tally.gaveUp.map(({ repo, key }) => `${repo}\n${key}`));
    for (const [repo, keys] of tally.acknowledged)
      for (const [key, content] of keys) if (!uncertain.has(`${repo}\n${key}`) && state.get(repo)?.[key] !== content) lost++;
  }
  return lost;
}
