import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startTeamServer, type RunningTeamServer, type SqlTeamStore } from '../../../../src/memory/team/server/index.js';
import { emptyStorage, TEAM_DRIVERS, useDriverStorage } from './teamDrivers.js';

const TOKEN = 'test-token';
const TEAM_MEMORY_PATH = '/api/claude_code/team_memory';
const LIMIT = 64 * 1024;
const CHUNK = 8 * 1024;
/** The most a hostile client tries to send: the test's bound on "endless". */
const ENDLESS = 50 * LIMIT;
const servers: RunningTeamServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

let storage: SqlTeamStore | undefined;

async function server(): Promise<string> {
  if (storage === undefined) throw new Error('no storage: server() runs inside the driver block');
  await emptyStorage(storage);
  const running = await startTeamServer({ storage, token: TOKEN, port: 0, maxBodyBytes: LIMIT });
  servers.push(running);
  return running.url;
}

interface Streamed {
  readonly status: number | null;
  /** Bytes the client had written when the answer arrived; null when none arrived. */
  readonly writtenAtAnswer: number | null;
  readonly written: number;
  /** The client wrote all it meant to (ENDLESS bytes) and ended the request. */
  readonly finished: boolean;
  /** The connection was closed before the client stopped writing. */
  readonly closedByServer: boolean;
}

/**
 * A raw PUT whose body never ends (chunked unless told a length): writes until ENDLESS bytes, the
 * answer, or a closed connection, a chunk per turn of the event loop so the server can keep up.
 */
function streamEndlessPut(url: string, headers: OutgoingHttpHeaders): Promise<Streamed> {
  return new Promise((resolve) => {
    let status: number | null = null;
    let writtenAtAnswer: number | null = null;
    let written = 0;
    let closed = false;
    const request = httpRequest(`${url}${TEAM_MEMORY_PATH}?repo=acme%2Fshop`, { method: 'PUT', headers });
    request.on('response', (response) => {
      status = response.statusCode ?? null;
      writtenAtAnswer = written;
      response.resume();
    });
    request.on('error', () => {}); // a reset while writing is what the server is meant to do
    request.on('socket', (socket) => socket.on('close', () => (closed = true)));
    const chunk = Buffer.alloc(CHUNK, 'x');
    const pump = async (): Promise<void> => {
      while (written < ENDLESS && !closed && status === null) {
        if (!request.write(chunk)) await new Promise((next) => setTimeout(next, 5));
        else await new Promise((next) => setImmediate(next));
        written += CHUNK;
      }
      const finished = written >= ENDLESS && !closed && status === null;
      if (finished) request.end();
      // Give the answer (or the close) a moment to arrive, then report what happened.
      const deadline = Date.now() + 5_000;
      while ((status === null || !closed) && Date.now() < deadline) await new Promise((next) => setTimeout(next, 10));
      const closedByServer = closed && !finished;
      request.destroy();
      resolve({ status, writtenAtAnswer, written, finished, closedByServer });
    };
    void pump();
  });
}

const auth = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' };

describe.each(TEAM_DRIVERS)('on %s', (driver) => {
  useDriverStorage(driver, (opened) => {
    storage = opened?.storage;
  });

  describe('the team server under a body without end', () => {
    it('an authenticated PUT streaming a chunked body without end: 413 at the limit, while the client is still writing, then the connection is closed', async () => {
      const result = await streamEndlessPut(await server(), auth);
      expect(result.status).toBe(413);
      expect(result.finished).toBe(false);
      // The answer came just past the limit, and the server cannot have read more than the client
      // managed to write before the connection was closed: near the limit, not the whole stream.
      expect(result.writtenAtAnswer!).toBeGreaterThan(LIMIT);
      expect(result.written).toBeLessThan(2 * LIMIT);
      expect(result.closedByServer).toBe(true);
    });

    it('a Content-Length above the limit is refused before any of the body is read', async () => {
      const result = await streamEndlessPut(await server(), { ...auth, 'Content-Length': String(ENDLESS) });
      expect(result.status).toBe(413);
      expect(result.writtenAtAnswer!).toBeLessThan(LIMIT);
      expect(result.closedByServer).toBe(true);
    });

    it('an unauthenticated PUT is refused (401) without its body being read, and its connection closed', async () => {
      const url = await server();
      for (const headers of [{ 'Content-Type': 'application/json' }, { ...auth, Authorization: 'Bearer wrong' }]) {
        const result = await streamEndlessPut(url, headers);
        expect(result.status).toBe(401);
        expect(result.writtenAtAnswer!).toBeLessThan(LIMIT);
        expect(result.finished).toBe(false);
        expect(result.closedByServer).toBe(true);
      }
    });

    it('an accepted body within the limit still works, and a GET keeps its connection', async () => {
      const url = await server();
      const endpoint = `${url}${TEAM_MEMORY_PATH}?repo=acme%2Fshop`;
      const body = JSON.stringify({ entries: { 'a.md': 'x'.repeat(LIMIT - 100) } });
      const put = await fetch(endpoint, { method: 'PUT', headers: auth, body });
      expect(put.status).toBe(200);
      expect(put.headers.get('connection')).not.toBe('close');
      const get = await fetch(endpoint, { headers: auth });
      expect(get.status).toBe(200);
      expect(get.headers.get('connection')).not.toBe('close');
      expect(((await get.json()) as { content: { entries: Record<string, string> } }).content.entries['a.md']).toHaveLength(LIMIT - 100);
    });
  });
});
