import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TranscriptWriter } from '../../src/index.js';
import { readTranscriptFileSync } from '../../src/transcript/index.js';
import { userEntry } from '../../src/testing/entryBuilders.js';
import { childScriptArgs } from '../support/cliBundle.js';
import { repoRoot } from '../support/paths.js';
import { tempDir } from '../support/tempDir.js';

function startAppender(path: string, prefix: string, count: number, bytes: number) {
  return spawn(process.execPath, [...childScriptArgs('appendChild'), path, prefix, String(count), String(bytes)], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

const exited = (proc: ReturnType<typeof spawn>): Promise<number | null> =>
  new Promise((resolve) => proc.on('exit', (code) => resolve(code)));

async function waitFor(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('appends under crashes and concurrency (real child processes)', () => {
  it.each([0, 40, 120])(
    'a writer killed with SIGKILL %ims into its work loses no complete line, and the next writer continues cleanly',
    async (delayMs) => {
      const path = join(tempDir(), 'session.jsonl');
      const proc = startAppender(path, 'k', 100_000, 200_000);
      await waitFor(() => existsSync(path) && statSync(path).size > 0);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      proc.kill('SIGKILL');
      await exited(proc);

      const before = readTranscriptFileSync(path);
      const entries = before.filter((i) => i.kind === 'entry');
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.map((i) => (i.kind === 'entry' ? (i.entry as { uuid: string }).uuid : ''))).toEqual(entries.map((_, n) => `k-${n}`));
      const diagnostics = before.filter((i) => i.kind === 'diagnostic');
      expect(diagnostics.map((d) => (d.kind === 'diagnostic' ? d.code : ''))).toEqual(diagnostics.length === 0 ? [] : ['truncated_line']);

      const next = new TranscriptWriter({ path });
      await next.append(userEntry('after-crash', 'continued'));
      const after = readTranscriptFileSync(path);
      const last = after.at(-1);
      expect(last?.kind === 'entry' && (last.entry as { uuid: string }).uuid).toBe('after-crash');
      expect(after.filter((i) => i.kind === 'entry')).toHaveLength(entries.length + 1);
      expect(after.filter((i) => i.kind === 'diagnostic').map((d) => (d.kind === 'diagnostic' ? d.code : ''))).toEqual(
        diagnostics.length === 0 ? [] : ['malformed_json'],
      );
    },
  );

  it('two processes appending large lines to one file never interleave inside a line', async () => {
    const path = join(tempDir(), 'session.jsonl');
    const count = 150;
    const [a, b] = [startAppender(path, 'a', count, 150_000), startAppender(path, 'b', count, 150_000)];
    expect(await Promise.all([exited(a), exited(b)])).toEqual([0, 0]);
    const items = readTranscriptFileSync(path);
    expect(items.filter((i) => i.kind === 'diagnostic')).toEqual([]);
    const uuids = items.map((i) => (i.kind === 'entry' ? (i.entry as { uuid: string }).uuid : ''));
    for (const prefix of ['a', 'b'])
      expect(uuids.filter((u) => u.startsWith(`${prefix}-`))).toEqual(Array.from({ length: count }, (_, n) => `${prefix}-${n}`));
    expect(readFileSync(path, 'utf8').endsWith('\n')).toBe(true);
  });
});
