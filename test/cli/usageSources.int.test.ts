import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

interface UsageJson {
  readonly rows: ReadonlyArray<{ key: string; input: number; output: number }>;
  readonly total: { input: number; output: number };
}

const usage = (args: readonly string[]): { status: number | null; stderr: string; report: UsageJson | null } => {
  const result = runCli(['report', ...args, '--usage', '--by', 'project', '--json']);
  return { status: result.status, stderr: result.stderr, report: result.stdout === '' ? null : (JSON.parse(result.stdout) as UsageJson) };
};

// Decision 107: `report --usage` reads the sessions `inspect` and `report` read, an archive included.
describe('memlog report --usage reads what the other commands read', () => {
  it('over an archive: the same rows as over the folders archived', () => {
    const archive = join(tempDir(), 'archive');
    const projects = ['-home-dev-acme-shop', '-home-dev-notes-cli'].map((name) => join(demoProjects, name));
    expect(runCli(['archive', ...projects, '--to', archive]).status).toBe(0);
    const live = usage([demoProjects]);
    const archived = usage([archive]);
    expect(archived.status).toBe(0);
    expect(archived.report?.rows.map((row) => row.key)).toEqual(['-home-dev-acme-shop', '-home-dev-notes-cli']);
    expect(archived.report?.total.input).toBeGreaterThan(0);
    expect(archived.report).toEqual(live.report);
  });

  it('a folder without transcripts is said to be one, not an empty table (decision 114)', () => {
    const empty = join(tempDir(), 'empty');
    mkdirSync(join(empty, 'memory'), { recursive: true });
    writeFileSync(join(empty, 'memory', 'MEMORY.md'), '# Memory\n');
    const result = usage([empty]);
    expect(result.report?.rows).toEqual([]);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe(`memlog: no .jsonl transcripts under ${empty}\n`);
  });
});
