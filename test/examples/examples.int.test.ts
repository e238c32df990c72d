import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/paths.js';
import { TSX } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

/** Runs an example as its header says (tsx, from the repository), over the bundled fixtures. */
function runExample(name: string, args: readonly string[] = []): { status: number | null; stdout: string; stderr: string } {
  const child = spawnSync(process.execPath, ['--import', TSX, join('examples', name), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: child.status, stdout: child.stdout, stderr: child.stderr };
}

describe('the library examples run', () => {
  it('replaySession: decisions and the timeline of a bundled session', () => {
    const run = runExample('replaySession.ts');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^139 entries; due: session notes 11, extraction 6, compaction 1\n/);
    expect(run.stdout).toContain('first compaction due at entry 99');
    expect(run.stdout).toMatch(/6 turns, 11 session-notes updates due, 0 compactions due/);
  });

  it('extractFolder: memories from the demo projects, and nothing new the second time', () => {
    const out = tempDir('memlog-example-');
    const run = runExample('extractFolder.ts', ['fixtures/projects', out]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^4 sessions read, [\d]+ model tokens sent for 6407 tokens of sessions/);
    expect(run.stdout).toContain('-home-dev-acme-shop/memory: 5 memories');
    expect(run.stdout).toMatch(/second run: 0 sessions read, 0 model tokens sent\n$/);
  });

  it('planCompaction: both rungs planned and the two entries a compaction appends', () => {
    const run = runExample('planCompaction.ts');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^summary rung: drop \d+ messages/m);
    expect(run.stdout).toMatch(/^extractive rung: drop \d+ messages/m);
    expect(run.stdout.match(/^\{"parentUuid"/gm)).toHaveLength(2);
  });

  it('readAndResume: streams and resumes a bundled session', () => {
    const run = runExample('readAndResume.ts');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^\d+ assistant entries$/m);
    expect(run.stdout).toMatch(/^chain of \d+ entries ending at /m);
  });
});
