import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

const PROJECT = '-home-dev-notes-cli';
const SESSION = 'f3306bf5-2268-4ce0-9622-47a3ea80e2a8';

function archived(): string {
  const root = tempDir();
  cpSync(demoProjects, join(root, 'projects'), { recursive: true });
  const dir = join(root, 'archive');
  const stored = runCli(['archive', join(root, 'projects', PROJECT), '--to', dir]);
  expect(stored.status, stored.stderr).toBe(0);
  return dir;
}

describe('memlog archive restore of a project, whose name starts with a dash', () => {
  it('the documented form, options before --, restores the project', () => {
    const dir = archived();
    const into = join(tempDir(), 'restored');
    const result = runCli(['archive', 'restore', '--archive', dir, '--to', into, '--', PROJECT]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe(`restored 1 file(s) into ${into}, 0 already there\n`);
    expect(readFileSync(join(into, PROJECT, `${SESSION}.jsonl`))).toEqual(readFileSync(join(demoProjects, PROJECT, `${SESSION}.jsonl`)));
  });

  it('options after -- are a usage error (exit 2) that shows where they go', () => {
    const dir = archived();
    const into = join(tempDir(), 'restored');
    const result = runCli(['archive', 'restore', '--archive', dir, '--', PROJECT, '--to', into]);
    expect(result.status).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(`error: options go before '--', which ends them: put "--to ${into}" before "-- ${PROJECT}"`);
  });

  it('two names are a usage error (exit 2) too', () => {
    const dir = archived();
    const result = runCli(['archive', 'restore', '--archive', dir, '--to', tempDir(), '--', PROJECT, SESSION]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^error: name one session or project \(or --all\), not 2\n/);
  });
});
