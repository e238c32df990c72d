import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { childScriptArgs, cliArgs } from '../support/cliBundle.js';
import { repoRoot } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

const source = join(repoRoot, 'fixtures/projects/-home-dev-acme-shop/4a2030a7-b5cb-49a2-b41c-016deb5688ff.jsonl');
const node = (args: string[]) => spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
const exited = (proc: ReturnType<typeof spawn>): Promise<number | null> =>
  new Promise((resolve) => proc.on('exit', (code) => resolve(code)));

describe('memlog replay --follow (real child processes)', () => {
  it(
    'follows a file another process is appending to, and emits the decisions a replay of the finished file gives',
    { timeout: 120_000 },
    async () => {
      const live = join(tempDir(), 'live.jsonl');
      const follower = node([...cliArgs(), 'replay', live, '--follow', '--json', '--poll-ms', '15']);
      let out = '';
      let err = '';
      follower.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
      follower.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
      await new Promise((resolve) => setTimeout(resolve, 1500)); // the follower starts before the file exists
      const writer = node([...childScriptArgs('slowAppender'), source, live, '4', '20']);
      expect(await exited(writer)).toBe(0);
      const batch = runCli(['replay', source, '--json']);
      const expectedLines = batch.stdout.trim().split('\n').length;
      // A loaded machine can be slow to catch up: wait until the follower has said all it can before the end.
      const lines = () =>
        out
          .trim()
          .split('\n')
          .filter((l) => l !== '').length;
      for (let waited = 0; lines() < expectedLines - 2 && waited < 20_000; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const beforeStop = lines();
      follower.kill('SIGINT');
      expect(await exited(follower)).toBe(0);
      expect(err).toMatch(/stopped following/);
      expect(out).toBe(batch.stdout);
      expect(beforeStop).toBeGreaterThan(5); // decisions came out while the file was growing, not only at the end
    },
  );
});
