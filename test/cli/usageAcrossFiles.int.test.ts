import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeCorpus } from '../../bench/corpus.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

interface Report {
  rows: Array<{ key: string; input: number; output: number; cacheRead: number; messages: number; costUsd: number }>;
  total: { input: number; output: number; cacheRead: number; messages: number; costUsd: number };
}

const usage = (root: string, by: string): Report => {
  const result = runCli(['report', root, '--usage', '--by', by, '--json']);
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout) as Report;
};

/** A session's lines under another session id, the way a resume that copied the history or --fork-session writes them. */
function copied(text: string, sessionId: string): string {
  return text.replace(/"sessionId":"[^"]+"/g, `"sessionId":"${sessionId}"`);
}

describe('memlog report --usage across files (decision 109)', () => {
  it('counts a response copied into another file once, in the file where it appeared first', () => {
    const root = tempDir();
    const project = join(root, '-home-dev-a');
    mkdirSync(project, { recursive: true });
    writeCorpus(join(project, 'a-original.jsonl'), 120_000, 3);
    const original = readFileSync(join(project, 'a-original.jsonl'), 'utf8');
    const alone = usage(root, 'session');

    const ownOnly = tempDir();
    writeCorpus(join(ownOnly, 'b-resumed.jsonl'), 60_000, 4);
    const own = readFileSync(join(ownOnly, 'b-resumed.jsonl'), 'utf8');
    const ownUsage = usage(ownOnly, 'session');
    // The resumed file: the original's history copied first, then responses of its own.
    writeFileSync(join(project, 'b-resumed.jsonl'), copied(original, 'resumed-session') + own);
    writeFileSync(join(project, 'c-fork.jsonl'), copied(original, 'forked-session'));

    const both = usage(root, 'session');
    expect(both.rows.map((row) => row.key)).toEqual(['a-original', 'b-resumed']);
    expect(both.rows[0]).toEqual(alone.rows[0]);
    expect(both.rows[1]).toMatchObject({ input: ownUsage.total.input, output: ownUsage.total.output, messages: ownUsage.total.messages });
    expect(both.total.messages).toBe(alone.total.messages + ownUsage.total.messages);
    expect(both.total.costUsd).toBeCloseTo(alone.total.costUsd + ownUsage.total.costUsd, 9);
    expect(usage(root, 'day').total).toEqual(both.total);

    // inspect describes each file: the copies count in each.
    const inspected = runCli(['inspect', project, '--json'])
      .stdout.trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { usage: { messages: number } }).usage.messages);
    expect(inspected).toEqual([alone.total.messages, alone.total.messages + ownUsage.total.messages, alone.total.messages]);
  });
});
