import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** `npx tsx bench/quality/run.ts …` as a person runs it, from the repository's root. */
const runQualityBench = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), 'bench/quality/run.ts', ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('a script of bench/ answers --help and an unknown option without a stack trace (scriptArgs.ts)', () => {
  it('--help prints the usage on stdout and exits 0, running nothing', () => {
    const run = runQualityBench('--help');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^usage: npx tsx bench\/quality\/run\.ts \[options\]\n/);
    expect(run.stdout).toContain('--real-only');
    expect(run.stderr).toBe('');
  });

  it('an unknown option is one line naming it, then the usage, exit 2', () => {
    const run = runQualityBench('--no-wirte');
    expect(run.status).toBe(2);
    const [first, second] = run.stderr.split('\n');
    expect(first).toBe("bench/quality/run.ts: Unknown option '--no-wirte'");
    expect(second).toBe('usage: npx tsx bench/quality/run.ts [options]');
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stdout).toBe('');
  });
});
