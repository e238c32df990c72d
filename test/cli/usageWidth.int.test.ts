import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assistantEntry, text, userEntry } from '../../src/testing/entryBuilders.js';
import { cliArgs } from '../support/cliBundle.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

/** Folders nested as a monorepo's worktrees are: project names of 60 to 170 columns once joined by `__`. */
const NESTED = [
  ['-home-dev-clients-northwind-platform-monorepo', 'services-order-fulfilment-and-billing-reconciliation-service', 'worktrees-feature-a'],
  ['-home-dev-clients-northwind-platform-monorepo', 'services-order-fulfilment-and-billing-reconciliation-service', 'worktrees-feature-b'],
  ['-home-dev-notes-cli'],
];

/** A session of one project: a prompt and a response of its own (decision 109 counts a response copied into two files once). */
function session(project: number): string {
  const reply = assistantEntry('a0', `msg_${project}`, text('done'), {
    parentUuid: 'u0',
    usage: { input_tokens: 1_234 * (project + 1), output_tokens: 56, cache_read_input_tokens: 7_890_000 },
  });
  return [userEntry('u0', 'go on'), { ...reply, message: { ...reply.message, model: 'claude-opus-4-5-20251101' } }]
    .map((entry) => JSON.stringify(entry))
    .join('\n');
}

function nestedProjects(): string {
  const root = join(tempDir(), 'projects');
  for (const [i, folders] of NESTED.entries()) {
    mkdirSync(join(root, ...folders), { recursive: true });
    writeFileSync(join(root, ...folders, `s${i}.jsonl`), `${session(i)}\n`);
  }
  return root;
}

const widest = (text: string): number => Math.max(...text.split('\n').map((line) => [...line].length));
const quoted = (arg: string): string => `'${arg.replaceAll("'", "'\\''")}'`;

/** `memlog <args>` with its stdout on a terminal of `cols` columns (a pseudo-terminal made by script(1)). */
function onTerminal(args: readonly string[], cols: number): string {
  const command = `stty cols ${cols} rows 50; exec ${[process.execPath, ...cliArgs(), ...args].map(quoted).join(' ')}`;
  const result = spawnSync('script', ['-qec', command, '/dev/null'], {
    encoding: 'utf8',
    env: { ...process.env, MEMLOG_CATALOG: ':memory:', NO_COLOR: '1' },
    timeout: 60_000,
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.replaceAll('\r', '');
}

describe('memlog report --usage --by project over nested folders (decision 114)', () => {
  it('keeps every line within 120 columns when stdout is no terminal, cutting the names in the middle; --json keeps them whole', () => {
    const root = nestedProjects();
    const table = runCli(['report', root, '--usage', '--by', 'project']);
    expect(table.status, table.stderr).toBe(0);
    expect(widest(table.stdout)).toBeLessThanOrEqual(120);
    const json = JSON.parse(runCli(['report', root, '--usage', '--by', 'project', '--json']).stdout) as {
      rows: Array<{ key: string; input: number }>;
    };
    const keys = json.rows.map((row) => row.key);
    expect(Math.max(...keys.map((key) => key.length))).toBeGreaterThan(120);
    const names = table.stdout.split('\n').map((line) => line.split('  ')[0]!);
    for (const row of json.rows) {
      // Whole, or cut in the middle: its start and its end as they are.
      const shown = names.find(
        (name) =>
          name === row.key || (name.includes('…') && row.key.startsWith(name.split('…')[0]!) && row.key.endsWith(name.split('…')[1]!)),
      );
      expect(shown, row.key).toBeDefined();
      expect(table.stdout).toContain(row.input.toLocaleString('en-US'));
    }
    // The end of a name tells the two worktrees apart.
    expect(names.filter((name) => name.endsWith('feature-a') || name.endsWith('feature-b'))).toHaveLength(2);
  });

  it("keeps every line within the terminal's width when stdout is one", () => {
    const root = nestedProjects();
    const narrow = onTerminal(['report', root, '--usage', '--by', 'project'], 100);
    expect(narrow).toContain('feature-a');
    expect(narrow).toContain('…');
    expect(widest(narrow)).toBeLessThanOrEqual(100);
    const wide = onTerminal(['report', root, '--usage', '--by', 'project'], 250);
    expect(widest(wide)).toBeGreaterThan(120);
    expect(wide).not.toContain('…');
  });
});
