import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeCorpus } from '../../bench/corpus.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

function projects(): string {
  const root = tempDir();
  for (const [project, seed] of [
    ['-home-dev-a', 1],
    ['-home-dev-b', 2],
  ] as const) {
    mkdirSync(join(root, project), { recursive: true });
    writeCorpus(join(root, project, `s${seed}.jsonl`), 150_000, seed);
  }
  return root;
}

describe('memlog report --usage', () => {
  it('--json totals the tokens memlog inspect counts, priced by the shipped table, by project', () => {
    const root = projects();
    const inspect = runCli(['inspect', root, '--json']);
    const usage = runCli(['report', root, '--usage', '--by', 'project', '--json']);
    expect(usage.status).toBe(0);
    const report = JSON.parse(usage.stdout) as {
      rows: Array<{ key: string; input: number; output: number }>;
      total: { input: number; costUsd: number };
    };
    const counted = inspect.stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { usage: { input: number } }).usage.input);
    expect(report.rows.map((row) => row.key)).toEqual(['-home-dev-a', '-home-dev-b']);
    expect(report.total.input).toBe(counted.reduce((a, b) => a + b, 0));
    expect(report.total.costUsd).toBeGreaterThan(0);
  });

  it('prints a table with the date of its prices, and takes another price table from a file', () => {
    const root = projects();
    const table = runCli(['report', root, '--usage', '--by', 'month']);
    expect(table.status).toBe(0);
    expect(table.stdout).toMatch(/^month +models +input +output +cache write +cache read +total tokens +cost \(USD\)\n/);
    expect(table.stdout).toMatch(/\nprices of \d{4}-\d{2}-\d{2} \(https:\/\/platform\.claude\.com\/docs\/en\/about-claude\/pricing\)\n$/);
    const prices = join(tempDir(), 'prices.json');
    writeFileSync(prices, JSON.stringify({ date: '2026-01-01', source: 'mine', models: {} }));
    const free = runCli(['report', root, '--usage', '--json', '--prices', prices]);
    const report = JSON.parse(free.stdout) as { total: { costUsd: number }; unpriced: string[]; prices: { source: string } };
    expect(report.total.costUsd).toBe(0);
    expect(report.unpriced.length).toBeGreaterThan(0);
    expect(report.prices.source).toBe('mine');
  });

  it.each([
    [['--usage', '--by', 'year'], /--by is one of day, week, month, project, session/],
    [['--usage', '--since', '2026-1-1'], /--since takes a day as YYYY-MM-DD/],
    [['--usage', '--since', '2026-05-01', '--until', '2026-01-01'], /--since 2026-05-01 is after --until 2026-01-01/],
    [['--by', 'day'], /--by goes with --usage/],
    [['--usage', '--prices', 'package.json'], /^memlog: --prices package\.json: date: /],
  ])('refuses %j with one line and exit 2', (args, message) => {
    const result = runCli(['report', 'fixtures/projects', ...args]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
  });
});
