import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { cliArgs } from '../support/cliBundle.js';
import { tempDir } from '../support/tempDir.js';

interface Answer {
  readonly jsonrpc: string;
  readonly id: number | string | null;
  readonly result?: { readonly serverInfo?: { readonly name: string } };
  readonly error?: { readonly code: number; readonly message: string };
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw-lines', version: '1.0.0' } },
};

/**
 * `memlog mcp` in a child process, spoken to line by line as a client's stdio would. `answersUntil`
 * gathers what it writes up to the answer to request `id`: a line it answers at once comes before.
 */
function startMcp(): {
  child: ChildProcessWithoutNullStreams;
  send: (line: string) => void;
  answersUntil: (id: number) => Promise<Answer[]>;
} {
  const home = tempDir();
  const child = spawn(process.execPath, [...cliArgs(), 'mcp', '--index', join(home, 'index.db')], {
    cwd: home,
    env: { ...process.env, HOME: home, CLAUDE_CONFIG_DIR: '', MEMLOG_CATALOG: ':memory:' },
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    child,
    send: (line) => child.stdin.write(`${line}\n`),
    answersUntil: async (id) => {
      const answers: Answer[] = [];
      for (let next = await lines.next(); !next.done; next = await lines.next()) {
        answers.push(JSON.parse(next.value) as Answer);
        if (answers.at(-1)?.id === id) return answers;
      }
      throw new Error(`memlog mcp closed its output before answering request ${id}`);
    },
  };
}

const running: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.stdin.end();
});

describe('memlog mcp answers a line it cannot read, as JSON-RPC 2.0 requires, and goes on', () => {
  it('a line that is not JSON gets a parse error with a null id, and the next request its answer', async () => {
    const mcp = startMcp();
    running.push(mcp.child);
    mcp.send('this is not json');
    mcp.send(JSON.stringify(INITIALIZE));
    const [parseError, initialized, ...more] = await mcp.answersUntil(1);
    expect(parseError).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    expect(initialized).toMatchObject({ jsonrpc: '2.0', id: 1, result: { serverInfo: { name: 'memlog' } } });
    expect(more).toEqual([]);
  });

  it('JSON that is no JSON-RPC message (an object without a method, a batch) gets an invalid request error', async () => {
    const mcp = startMcp();
    running.push(mcp.child);
    mcp.send('{"hello":"world"}');
    mcp.send('[1, 2]');
    mcp.send(JSON.stringify(INITIALIZE));
    const answers = await mcp.answersUntil(1);
    const invalid = { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } };
    expect(answers).toMatchObject([invalid, invalid, { id: 1, result: { serverInfo: { name: 'memlog' } } }]);
  });

  it('a line over 10 MB gets an invalid request error, and the requests after it their answers', async () => {
    const mcp = startMcp();
    running.push(mcp.child);
    mcp.send(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping', params: { pad: 'x'.repeat(11 * 1024 * 1024) } }));
    mcp.send(JSON.stringify(INITIALIZE));
    mcp.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }));
    const answers = await mcp.answersUntil(2);
    expect(answers).toMatchObject([
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } },
      { id: 1, result: { serverInfo: { name: 'memlog' } } },
      { id: 2, result: {} },
    ]);
    expect(mcp.child.exitCode).toBeNull();
  });
});
