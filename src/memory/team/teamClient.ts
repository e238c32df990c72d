import type { z } from 'zod';
import { fetchFailureReason } from './fetchFailure.js';
import { TeamSyncError } from './teamErrors.js';
import { PutResult, REQUEST_TIMEOUT_MS, TEAM_MEMORY_PATH, TeamMemoryData, TooManyEntries, unquoteEtag } from './teamProtocol.js';

export interface TeamClientOptions {
  /** Base URL of the server, e.g. `http://127.0.0.1:8787`. */
  readonly server: string;
  readonly token: string;
  /** `owner/repo`. */
  readonly repo: string;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
  /** Retries of a failed GET (network error, 429, 5xx); PUTs are never retried. Default 3. */
  readonly retries?: number;
  readonly sleep?: (ms: number) => Promise<void>;
}

/** `etag` is null when the server sent neither a checksum nor an ETag: the next request is then unconditional. */
export type FetchOutcome =
  | { readonly kind: 'not_modified' }
  | { readonly kind: 'not_found' }
  | { readonly kind: 'ok'; readonly data: TeamMemoryData; readonly etag: string | null };

export type HashesOutcome =
  | { readonly kind: 'not_found' }
  | { readonly kind: 'ok'; readonly checksum: string | null; readonly entryChecksums: ReadonlyMap<string, string> };

/**
 * What a PUT is conditional on: the checksum last seen (`If-Match`), the repository having no data
 * yet (`If-None-Match: *`, the first create), or nothing (a server that sent no checksum).
 */
export type PutCondition = { readonly ifMatch: string } | { readonly ifAbsent: true } | null;

export type PutOutcome =
  | { readonly kind: 'ok'; readonly checksum: string }
  | { readonly kind: 'conflict' }
  | { readonly kind: 'too_many_entries'; readonly maxEntries: number; readonly receivedEntries: number };

/**
 * The team-memory HTTP protocol, client side (long-term spec §5.3–5.4). Every answer is
 * checked with zod before use; anything unexpected becomes a TeamSyncError that names the
 * request and the status, never the token.
 */
export class TeamClient {
  readonly #options: TeamClientOptions;
  readonly #url: URL;

  constructor(options: TeamClientOptions) {
    let base: URL;
    try {
      base = new URL(options.server);
    } catch {
      throw new TeamSyncError('config', `the team server ${JSON.stringify(options.server)} is not a URL`);
    }
    if (base.protocol !== 'http:' && base.protocol !== 'https:')
      throw new TeamSyncError('config', `the team server must be an http or https URL, not ${base.protocol}`);
    if (options.token === '') throw new TeamSyncError('config', 'the team server token is empty');
    this.#options = options;
    this.#url = new URL(base.href.replace(/\/+$/, '') + TEAM_MEMORY_PATH);
    this.#url.searchParams.set('repo', options.repo);
  }

  /** The full data; with an ETag, a 304 when nothing changed since. */
  async fetchData(etag: string | null): Promise<FetchOutcome> {
    const headers: Record<string, string> = etag === null ? {} : { 'If-None-Match': `"${unquoteEtag(etag)}"` };
    const response = await this.#get(this.#url, headers);
    if (response.status === 304) return { kind: 'not_modified' };
    if (response.status === 404) return { kind: 'not_found' };
    const data = await this.#body(response, 'GET', TeamMemoryData);
    return { kind: 'ok', data, etag: checksumOf(data, response) };
  }

  /** Checksums only, no bodies: what a push compares against. */
  async fetchHashes(): Promise<HashesOutcome> {
    const url = new URL(this.#url);
    url.searchParams.set('view', 'hashes');
    const response = await this.#get(url, {});
    if (response.status === 404) return { kind: 'not_found' };
    const data = await this.#body(response, 'GET ?view=hashes', TeamMemoryData);
    if (data.content.entryChecksums === undefined)
      throw new TeamSyncError(
        'bad_output',
        'the team server did not send entry checksums, so a push cannot tell what changed',
        response.status,
      );
    return { kind: 'ok', checksum: checksumOf(data, response), entryChecksums: new Map(Object.entries(data.content.entryChecksums)) };
  }

  /** Upserts entries, on the condition given; a failed condition is a `conflict` (412). */
  async put(entries: Readonly<Record<string, string>>, condition: PutCondition): Promise<PutOutcome> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', ...preconditionHeaders(condition) };
    const response = await this.#send(this.#url, { method: 'PUT', headers, body: JSON.stringify({ entries }) });
    if (response.status === 412) {
      await response.body?.cancel();
      return { kind: 'conflict' };
    }
    if (response.status === 413) {
      const parsed = TooManyEntries.safeParse(await readJson(response));
      if (parsed.success)
        return {
          kind: 'too_many_entries',
          maxEntries: parsed.data.error.details.max_entries,
          receivedEntries: parsed.data.error.details.received_entries,
        };
      throw new TeamSyncError('io', 'the team server refused the upload as too large (413)', 413);
    }
    return { kind: 'ok', checksum: (await this.#body(response, 'PUT', PutResult)).checksum };
  }

  async #get(url: URL, headers: Record<string, string>): Promise<Response> {
    const { retries = 3, sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)) } = this.#options;
    for (let attempt = 0; ; attempt++) {
      let response: Response | undefined;
      let failure: unknown;
      try {
        response = await this.#send(url, { method: 'GET', headers });
      } catch (error) {
        // Refused credentials will be refused again: only an unreachable server is worth another try.
        if (error instanceof TeamSyncError && error.code === 'permission_denied') throw error;
        failure = error;
      }
      const transient = response === undefined || response.status === 429 || response.status >= 500;
      if (!transient || attempt >= retries) {
        if (response === undefined) throw failure;
        return response;
      }
      await response?.body?.cancel();
      // 500 ms doubling, capped at 32 s, with up to 25% jitter so clients that failed together do not retry together.
      const delay = Math.min(500 * 2 ** attempt, 32_000);
      await sleep(delay + Math.random() * delay * 0.25);
    }
  }

  async #send(url: URL, init: { method: string; headers: Record<string, string>; body?: string }): Promise<Response> {
    const { fetch: fetchImpl = fetch, timeoutMs = REQUEST_TIMEOUT_MS, token } = this.#options;
    let response: Response;
    try {
      response = await fetchImpl(url, {
        ...init,
        headers: {
          ...init.headers,
          Authorization: `Bearer ${token}`,
          'anthropic-beta': 'oauth-2025-04-20',
          'User-Agent': 'memlog-team-sync',
        },
        signal: AbortSignal.timeout(timeoutMs),
        // A redirect would re-send memory to another origin (without the token, but with the body).
        redirect: 'error',
      });
    } catch (error) {
      throw new TeamSyncError(
        'io',
        `cannot reach the team server (${init.method} ${url.origin}): ${fetchFailureReason(error, timeoutMs)}`,
        null,
        {
          cause: error,
        },
      );
    }
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new TeamSyncError('permission_denied', `the team server refused the token (${response.status})`, response.status);
    }
    return response;
  }

  async #body<S extends z.ZodType>(response: Response, what: string, schema: S): Promise<z.infer<S>> {
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new TeamSyncError('io', `the team server answered ${what} with status ${response.status}`, response.status);
    }
    const json = await readJson(response);
    if (json === undefined) throw new TeamSyncError('bad_output', `the team server's answer to ${what} is not JSON`, response.status);
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new TeamSyncError(
        'bad_output',
        `the team server's answer to ${what} has an unexpected shape (${issue === undefined ? 'invalid' : `${issue.path.join('.') || '(root)'}: ${issue.message}`})`,
        response.status,
      );
    }
    return parsed.data;
  }
}

function preconditionHeaders(condition: PutCondition): Record<string, string> {
  if (condition === null) return {};
  return 'ifMatch' in condition ? { 'If-Match': `"${unquoteEtag(condition.ifMatch)}"` } : { 'If-None-Match': '*' };
}

function checksumOf(data: TeamMemoryData, response: Response): string | null {
  const header = response.headers.get('etag');
  return data.checksum ?? (header === null || unquoteEtag(header) === '' ? null : unquoteEtag(header));
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text()) as unknown;
  } catch {
    return undefined;
  }
}
