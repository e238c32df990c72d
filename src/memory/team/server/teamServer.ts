import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { assertNever, MemlogError } from '../../../errors.js';
import { quotedKey, unsafeKeyReason } from '../teamPaths.js';
import { MAX_ENTRY_BYTES, PutBody, TEAM_MEMORY_PATH, unquoteEtag, utf8Bytes } from '../teamProtocol.js';
import { REPO_SLUG } from '../repoSlug.js';
import { openTeamStorage, type TeamDatabaseLocation } from './openTeamStorage.js';
import { StorageUnavailable, type TeamStorage, type WriteOutcome } from './teamStorage.js';
import { DEFAULT_MAX_ENTRIES } from './entryLimit.js';

export { DEFAULT_MAX_ENTRIES };

export interface TeamServerOptions {
  /** Where the data lives: a folder (embedded PGlite) or a PostgreSQL URL. Ignored when `storage` is given. */
  readonly database?: TeamDatabaseLocation;
  /** Shorthand for `database: { kind: 'folder', dataDir }`. */
  readonly dataDir?: string;
  /** A storage already open (tests share one); the server does not close it. */
  readonly storage?: TeamStorage;
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
  /** Called once per answered request (the CLI writes each as a JSON line on stderr). */
  readonly onRequest?: (record: RequestLogRecord) => void;
  /**
   * Called with what made a request fail: a bug or a broken database (a 500; by default its stack
   * goes to stderr), or a StorageUnavailable (a 503; by default its message).
   */
  readonly onError?: (error: unknown) => void;
  /** How long close() lets requests in flight finish before cutting their connections. */
  readonly shutdownGraceMs?: number;
  /**
   * How long a write may wait for its repository, held by other writes, before it is answered
   * 503 (10 s): one deadline for the whole wait, however many writes are queued (decision 62).
   */
  readonly writeWaitMs?: number;
}

/** What a request log line holds: never a body, a header or memory content. */
export interface RequestLogRecord {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly durationMs: number;
  /** The `repo` parameter when it is a valid slug, else null. */
  readonly repo: string | null;
}

export interface RunningTeamServer {
  readonly url: string;
  readonly port: number;
  /** Stops accepting connections, lets requests in flight finish (up to the grace period), then closes the storage it opened. */
  close(): Promise<void>;
}

const DEFAULT_MAX_BODY_BYTES = 4_000_000;
const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;
export const DEFAULT_WRITE_WAIT_MS = 10_000;
/** A health check that waits longer than this on the database reports it unavailable. */
const HEALTH_TIMEOUT_MS = 2_000;
export const HEALTH_PATH = '/healthz';

interface Context {
  readonly storage: TeamStorage;
  readonly options: TeamServerOptions;
  /** Set once close() began: answers then ask the client to close its connection. */
  closing: boolean;
}

/**
 * The reference team-memory server (long-term spec §5.3–5.4): for teams that host their own and
 * for tests. Listens on 127.0.0.1 unless told otherwise. It keeps no state of its own besides
 * the storage's, so several processes on one PostgreSQL database serve one consistent repository.
 */
export async function startTeamServer(options: TeamServerOptions): Promise<RunningTeamServer> {
  if (options.token === '') throw new MemlogError('config', 'the team server needs a non-empty token');
  const owned = options.storage === undefined;
  const storage = options.storage ?? (await openTeamStorage(locationOf(options)));
  const context: Context = { storage, options, closing: false };
  const inFlight = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const started = performance.now();
    inFlight.add(response);
    response.once('close', () => {
      inFlight.delete(response);
      options.onRequest?.(logRecord(request, response, started));
    });
    handle(request, response, context).catch((error: unknown) => {
      // A bug or a lost database must not take the server down, nor leak a stack to the client.
      if (response.headersSent) response.destroy();
      else if (error instanceof StorageUnavailable) sendUnavailable(request, response, error, context);
      else send(request, response, 500, { error: { message: 'internal error' } });
      (options.onError ?? reportToStderr)(error);
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
    });
  } catch (error) {
    if (owned) await storage.close();
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
  let closed: Promise<void> | undefined;
  const close = async (): Promise<void> => {
    context.closing = true;
    await drain(server, inFlight, options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS);
    if (owned) await storage.close();
  };
  return { url: `http://${host}:${port}`, port, close: () => (closed ??= close()) };
}

function reportToStderr(error: unknown): void {
  const text = error instanceof StorageUnavailable ? error.message : ((error as Error).stack ?? String(error));
  process.stderr.write(`memlog team serve: ${text}\n`);
}

/** Seconds a client is asked to wait before it retries a 503. */
const RETRY_AFTER_SECONDS = 1;

/** The database could not do the work now: 503, so clients retry and balancers look elsewhere. */
function sendUnavailable(request: IncomingMessage, response: ServerResponse, error: StorageUnavailable, context: Context): void {
  const message =
    error.reason === 'busy'
      ? 'another write held this repository for as long as a write may wait; retry'
      : 'the team database is unavailable; retry shortly';
  send(request, response, 503, { error: { message } }, { 'Retry-After': String(RETRY_AFTER_SECONDS) }, context);
}

function locationOf(options: TeamServerOptions): TeamDatabaseLocation {
  if (options.database !== undefined) return options.database;
  if (options.dataDir !== undefined) return { kind: 'folder', dataDir: options.dataDir };
  throw new MemlogError('config', 'the team server needs a database: a data folder or a PostgreSQL URL');
}

/** Stops listening, waits for the answers in flight (at most `graceMs`), then closes what is left. */
async function drain(server: Server, inFlight: ReadonlySet<ServerResponse>, graceMs: number): Promise<void> {
  const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const deadline = Date.now() + graceMs;
  while (inFlight.size > 0 && Date.now() < deadline) await new Promise((next) => setTimeout(next, 10));
  server.closeAllConnections();
  await stopped;
}

function logRecord(request: IncomingMessage, response: ServerResponse, started: number): RequestLogRecord {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const repo = url.searchParams.get('repo');
  return {
    method: request.method ?? '',
    path: url.pathname,
    // A connection cut before the answer went out is logged as 499, the convention for "client closed".
    status: response.writableFinished ? response.statusCode : 499,
    durationMs: Math.round((performance.now() - started) * 10) / 10,
    repo: repo !== null && REPO_SLUG.test(repo) ? repo : null,
  };
}

async function handle(request: IncomingMessage, response: ServerResponse, context: Context): Promise<void> {
  const { storage, options } = context;
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === HEALTH_PATH && (request.method === 'GET' || request.method === 'HEAD')) return health(request, response, context);
  // A refused request's body is never read: send() answers and closes the connection.
  if (url.pathname !== TEAM_MEMORY_PATH) return send(request, response, 404, { error: { message: 'not found' } }, {}, context);
  if (!authorized(request.headers.authorization, options.token))
    return send(
      request,
      response,
      401,
      { error: { message: 'a valid bearer token is required' } },
      { 'WWW-Authenticate': 'Bearer' },
      context,
    );
  const repo = url.searchParams.get('repo') ?? '';
  if (!REPO_SLUG.test(repo)) return send(request, response, 400, { error: { message: 'repo must be owner/repo' } }, {}, context);
  if (request.method === 'GET') return get(request, response, storage, repo, url.searchParams.get('view') === 'hashes', context);
  if (request.method === 'PUT') return put(request, response, storage, repo, context);
  send(request, response, 405, { error: { message: 'only GET and PUT' } }, { Allow: 'GET, PUT' }, context);
}

/**
 * Unauthenticated, so a load balancer can ask; it says only whether the database answers. A
 * closing server reports itself unavailable, so the balancer stops sending it requests.
 */
async function health(request: IncomingMessage, response: ServerResponse, context: Context): Promise<void> {
  if (context.closing) return send(request, response, 503, { status: 'shutting down' }, {}, context);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${HEALTH_TIMEOUT_MS} ms`)), HEALTH_TIMEOUT_MS);
  });
  try {
    await Promise.race([context.storage.ping(), timeout]);
    send(request, response, 200, { status: 'ok' }, {}, context);
  } catch {
    send(request, response, 503, { status: 'database unavailable' }, {}, context);
  } finally {
    clearTimeout(timer);
  }
}

async function get(
  request: IncomingMessage,
  response: ServerResponse,
  storage: TeamStorage,
  repo: string,
  hashesOnly: boolean,
  context: Context,
): Promise<void> {
  const { options } = context;
  const current = await storage.checksum(repo);
  if (current === null) return send(request, response, 404, { error: { message: 'no team memory for this repository yet' } }, {}, context);
  if (etagsOf(request.headers['if-none-match']).includes(current))
    return send(request, response, 304, null, { ETag: `"${current}"` }, context);
  const snapshot = await storage.read(repo, !hashesOnly);
  if (snapshot === null) return send(request, response, 404, { error: { message: 'no team memory for this repository yet' } }, {}, context);
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
    context,
  );
}

async function put(
  request: IncomingMessage,
  response: ServerResponse,
  storage: TeamStorage,
  repo: string,
  context: Context,
): Promise<void> {
  const { options } = context;
  const refuse = (status: number, body: unknown) => send(request, response, status, body, {}, context);
  const body = await readBody(request, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  if (body === null) return refuse(413, { error: { message: 'request body too large' } });
  const entries = entriesOf(body);
  if (typeof entries === 'string') return refuse(400, { error: { message: entries } });
  const ifMatch = request.headers['if-match'];
  const ifNoneMatch = request.headers['if-none-match'];
  // The storage decides the preconditions in the write's own transaction: another server process may write between any two awaits here.
  const outcome = await storage.write(repo, {
    entries,
    now: (options.now?.() ?? new Date()).toISOString(),
    maxEntries: options.maxEntries ?? DEFAULT_MAX_ENTRIES,
    // Set once, as the write reaches the storage: the wait for the lock is one, not one per queued write.
    deadline: Date.now() + (options.writeWaitMs ?? DEFAULT_WRITE_WAIT_MS),
    ...(ifMatch === undefined ? {} : { ifMatch: etagsOf(ifMatch) }),
    ...(ifNoneMatch === undefined ? {} : { ifNoneMatch: etagsOf(ifNoneMatch) }),
  });
  if (outcome.kind !== 'ok') {
    const [status, error] = refusalOf(outcome);
    return refuse(status, { error });
  }
  send(
    request,
    response,
    200,
    { checksum: outcome.checksum, lastModified: outcome.lastModified, version: outcome.version },
    { ETag: `"${outcome.checksum}"` },
    context,
  );
}

/** A PUT body's entries, or why they cannot be written (a 400's message). */
function entriesOf(body: string): [string, string][] | string {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return 'the body is not JSON';
  }
  const parsed = PutBody.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined || issue.path.length === 0 ? '' : ` (${issue.path.map(String).join('.')}: ${issue.message})`;
    return `the body must be {"entries": {"<path>": "<content>"}}${where}`;
  }
  // The schema keeps every key, a literal `__proto__` included.
  const entries = Object.entries(parsed.data.entries);
  for (const [key, content] of entries) {
    const unsafe = unsafeKeyReason(key);
    if (unsafe !== null) return `entry key ${quotedKey(key)} is not a safe relative path: ${unsafe}`;
    if (utf8Bytes(content) > MAX_ENTRY_BYTES) return `entry ${JSON.stringify(key)} is over ${MAX_ENTRY_BYTES} bytes`;
  }
  return entries;
}

/** The status and error body of a write the storage refused. */
function refusalOf(outcome: Exclude<WriteOutcome, { kind: 'ok' }>): [number, { message: string; details?: unknown }] {
  switch (outcome.kind) {
    case 'precondition_failed':
      return [
        412,
        {
          message:
            outcome.reason === 'changed' ? 'the team memory changed since your last read' : 'the team memory already exists; read it first',
        },
      ];
    case 'case_collision':
      return [
        400,
        {
          message: `entry key ${quotedKey(outcome.key)} is not a safe relative path: a case-insensitive file system takes it for ${quotedKey(outcome.other)}`,
        },
      ];
    case 'too_many_entries':
      return [
        413,
        {
          message: `at most ${outcome.maxEntries} entries`,
          details: {
            error_code: 'team_memory_too_many_entries',
            max_entries: outcome.maxEntries,
            received_entries: outcome.receivedEntries,
          },
        },
      ];
    default:
      return assertNever(outcome, 'write outcome');
  }
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
  context?: Pick<Context, 'closing'>,
): void {
  const text = body === null ? '' : JSON.stringify(body);
  const unread = hasBody(request) && !request.complete;
  // A server shutting down tells keep-alive clients to go elsewhere for their next request.
  const lastOnConnection = unread || context?.closing === true;
  if (unread) {
    request.pause();
    response.once('finish', () => request.socket.destroy());
  }
  response.writeHead(status, {
    ...(body === null ? {} : { 'Content-Type': 'application/json' }),
    'Content-Length': Buffer.byteLength(text),
    ...(lastOnConnection ? { Connection: 'close' } : {}),
    ...headers,
  });
  response.end(text);
}
