import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runCliAsync } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

/** A port nothing listens on: one the system just handed out, closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('memlog team and a server it cannot reach', () => {
  it('names the cause Node keeps under "fetch failed": a refused connection (decision 114)', async () => {
    const port = await closedPort();
    const server = `http://127.0.0.1:${port}`;
    const result = await runCliAsync(['team', 'status', '--server', server, '--token', 'x', '--repo', 'a/b'], {
      cwd: tempDir(),
      timeoutMs: 100_000,
    });
    expect(result.stderr).toBe(`memlog: cannot reach the team server (GET ${server}): connection refused (ECONNREFUSED)\n`);
    expect(result.status).not.toBe(0);
  }, 120_000);
});
