import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemlogError } from '../../../errors.js';
import { unsafeKeyReason } from '../teamPaths.js';
import { MAX_ENTRY_BYTES, PutBody, TEAM_MEMORY_PATH, unquoteEtag, utf8Bytes } from '../teamProtocol.js';
import { REPO_SLUG } from '../repoSlug.js';
import { TeamStore } from './teamStore.js';

export interface TeamServerOptions {
  /** Where the SQLite file lives. */
  readonly dataDir: string;
  /** Bearer token every request must carry. */
  readonly token: string;
  /** Most entries one repository may hold; a PUT beyond it gets the structured 413. */
  readonly maxEntries?: number;
  readonly host?: string;
  /** 0 picks a free port. */
  readonly port?: number;
  readonly organizationId?: string;
  /** Request bodies above this are refused (plain 413) without being parsed. */
  readonly maxBodyBytes?: number;
  readonly now?: () => Date;
}

export interface RunningTeamServer {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

export const DEFAULT_MAX_ENTRIES = 5_000;
const DEFAULT_MAX_BODY_BYTES = 4_000_000;

/**
 * The reference team-memory server (long-term spec §5.3–5.4): for teams that host their own and
 * for tests. Listens on 127.0.0.1 unless told otherwise; data in SQLite under `dataDir`.
 */
export async function startTeamServer(options: TeamServerOptions): Promise<RunningTeamServer> {
  if (options.token === '') throw new MemlogError('config', 'the team server needs a non-empty token');
  const store = new TeamStore(options.dataDir);
  const server = createServer((request, response) => {
    handle(request, response, store, options).catch((error: unknown) => {
      // A bug must not take the server down, nor leak a stack to the client.
      if (!response.headersSent) send(request, response, 500, { error: { message: 'internal error' } });
      else response.destroy();
      process.stderr.write(`memlog team serve: ${(error as Error).stack ?? String(error)}\n`);
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
    });
  } catch (error) {
    store.close();
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new MemlogError(
      'io',
      `cannot listen on ${options.host ?? '127.0.0.1'}:${options.port ?? 0} (${code})`,
      { code },
      { cause: error },
    );
  }
  const { port, address, family } = server.address() as AddressInfo;
  const host = family === 'IPv6' ? `[${address}]` : address;
  return { url: `http://${host}:${port}`, port, close: () => closeServer(server, store) };
}

async function closeServer(server: Server, store: TeamStore): Promise<void> {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
  store.close();
}

async function handle(request: IncomingMessage, response: ServerResponse, store: TeamStore, options: TeamServerOptions): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  // A refused request's body is never read: send() answers and closes the connection.
  if (url.pathname !== TEAM_MEMORY_PATH) return send(request, response, 404, { error: { message: 'not found' } });
  if (!authorized(request.headers.authorization, options.token))
    return send(request, response, 401, { error: { message: 'a valid bearer token is required' } }, { 'WWW-Authenticate': 'Bearer' });
  const repo = url.searchParams.get('repo') ?? '';
  if (!REPO_SLUG.test(repo)) return send(request, response, 400, { error: { message: 'repo must be owner/repo' } });
  if (request.method === 'GET') return get(request, response, store, repo, url.searchParams.get('view') === 'hashes', options);
  if (request.method === 'PUT') return put(request, response, store, repo, options);
  send(request, response, 405, { error: { message: 'only GET and PUT' } }, { Allow: 'GET, PUT' });
}

function get(
  request: IncomingMessage,
  response: ServerResponse,
  store: TeamStore,
  repo: string,
  hashesOnly: boolean,
  options: TeamServerOptions,
): void {
  const current = store.checksum(repo);
  if (current === null) return send(request, response, 404, { error: { message: 'no team memory for this repository yet' } });
  if (etagsOf(request.headers['if-none-match']).includes(current)) return send(request, response, 304, null, { ETag: `"${current}"` });
  const snapshot = store.read(repo, !hashesOnly);
  if (snapshot === null) return send(request, response, 404, { error: { message: 'no team memory for this repository yet' } });
  // No prototypes: a key named `__proto__` is just a key.
  const entries = Object.create(null) as Record<string, string>;
  const entryChecksums = Object.create(null) as Record<string, string>;
  for (const entry of snapshot.entries) {
    if (entry.content !== null) entries[entry.key] = entry.content;
    entryChecksums[entry.key] = entry.hash;
  }
  send(
    request,
    response,
    200,
    {
      organizationId: options.organizationId ?? 'local',
      repo,
      version: snapshot.version,
      lastModified: snapshot.lastModified,
      checksum: snapshot.checksum,
      content: { entries, entryChecksums },
    },
    { ETag: `"${snapshot.checksum}"` },
  );
}

async function put(
  request: IncomingMessage,
  response: ServerResponse,
  store: TeamStore,
  repo: string,
  options: TeamServerOptions,
): Promise<void> {
  const body = await readBody(request, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  if (body === null) return send(request, response, 413, { error: { message: 'request body too large' } });
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return send(request, response, 400, { error: { message: 'the body is not JSON' } });
  }
  const parsed = PutBody.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined || issue.path.length === 0 ? '' : ` (${issue.path.map(String).join('.')}: ${issue.message})`;
    return send(request, response, 400, { error: { message: `the body must be {"entries": {"<path>": "<content>"}}${where}` } });
  }
  // The schema keeps every key, a literal `__proto__` included.
  const entries = Object.entries(parsed.data.entries);
  for (const [key, content] of entries) {
    const unsafe = unsafeKeyReason(key);
    if (unsafe !== null)
      return send(request, response, 400, {
        error: { message: `entry key ${JSON.stringify(key)} is not a safe relative path: ${unsafe}` },
      });
    if (utf8Bytes(content) > MAX_ENTRY_BYTES)
      return send(request, response, 400, { error: { message: `entry ${JSON.stringify(key)} is over ${MAX_ENTRY_BYTES} bytes` } });
  }
  // From here to the write nothing awaits, so no other request can come between check and write.
  const current = store.checksum(repo);
  const ifMatch = request.headers['if-match'];
  if (ifMatch !== undefined) {
    const wanted = etagsOf(ifMatch);
    if (current === null || !(wanted.includes('*') || wanted.includes(current)))
      return send(request, response, 412, { error: { message: 'the team memory changed since your last read' } });
  }
  // `If-None-Match: *` is a create: refused once the repository has data, so two first pushes cannot overwrite each other.
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined && current !== null) {
    const refused = etagsOf(ifNoneMatch);
    if (refused.includes('*') || refused.includes(current))
      return send(request, response, 412, { error: { message: 'the team memory already exists; read it first' } });
  }
  const outcome = store.upsert(repo, entries, (options.now?.() ?? new Date()).toISOString(), options.maxEntries ?? DEFAULT_MAX_ENTRIES);
  if (outcome.kind === 'too_many_entries') {
    return send(request, response, 413, {
      error: {
        message: `at most ${outcome.maxEntries} entries`,
        details: { error_code: 'team_memory_too_many_entries', max_entries: outcome.maxEntries, received_entries: outcome.receivedEntries },
      },
    });
  }
  send(
    request,
    response,
    200,
    { checksum: outcome.checksum, lastModified: outcome.lastModified, version: outcome.version },
    { ETag: `"${outcome.checksum}"` },
  );
}

/** Compares digests, so neither the length nor the content of the token leaks through timing. */
function authorized(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (match === null) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(match[1] ?? ''), digest(token));
}

function etagsOf(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map(unquoteEtag)
    .filter((tag) => tag !== '');
}

/**
 * The body as text, or null once it passes the limit, announced or counted. Reading stops there:
 * the rest of an oversized body is never read (send() then closes the connection), so a client
 * streaming one without end costs the server at most the limit.
 */
function readBody(request: IncomingMessage, limit: number): Promise<string | null> {
  if (Number(request.headers['content-length']) > limit) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      request.off('data', onData);
      request.pause();
      resolve(null);
    };
    request.on('data', onData);
    request.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.once('error', reject);
  });
}

/** RFC 9112 §6.3: a request has a body when it says how long it is or that it is chunked. */
function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Answers. A request whose body is not read to its end (refused, or over the limit) is not read
 * any further: its connection is closed once the answer is out, since keeping it open would mean
 * reading whatever the client still sends, without end.
 */
function send(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = body === null ? '' : JSON.stringify(body);
  const unread = hasBody(request) && !request.complete;
  if (unread) {
    request.pause();
    response.once('finish', () => request.socket.destroy());
  }
  response.writeHead(status, {
    ...(body === null ? {} : { 'Content-Type': 'application/json' }),
    'Content-Length': Buffer.byteLength(text),
    ...(unread ? { Connection: 'close' } : {}),
    ...headers,
  });
  response.end(text);
}
