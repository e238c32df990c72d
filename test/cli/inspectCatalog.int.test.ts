import { appendFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeCorpus } from '../../bench/corpus.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

/** A projects folder of three generated sessions, one of them with a subagent file. */
function projects(): { root: string; grown: string; replaced: string } {
  const root = tempDir();
  const project = join(root, '-home-dev-app');
  mkdirSync(join(project, 'one', 'subagents'), { recursive: true });
  writeCorpus(join(project, 'one.jsonl'), 300_000, 1, { compactions: 2 });
  writeCorpus(join(project, 'one', 'subagents', 'agent-a1.jsonl'), 50_000, 2);
  writeCorpus(join(project, 'two.jsonl'), 200_000, 3);
  writeCorpus(join(project, 'three.jsonl'), 200_000, 4);
  return { root, grown: join(project, 'two.jsonl'), replaced: join(project, 'three.jsonl') };
}

describe('memlog inspect over the session catalog', () => {
  it('prints what --no-catalog prints, on the first run, on a rerun, after a file grew (a torn line too) and after one was replaced', () => {
    const { root, grown, replaced } = projects();
    const env = { MEMLOG_CATALOG: join(tempDir(), 'catalog.db') };
    const same = (args: readonly string[]): void => {
      const full = runCli(['inspect', root, ...args, '--no-catalog'], { env });
      const fromCatalog = runCli(['inspect', root, ...args], { env });
      expect(fromCatalog.status).toBe(full.status);
      expect(fromCatalog.stdout).toBe(full.stdout);
      expect(fromCatalog.stderr).toBe(full.stderr);
    };
    same(['--json']);
    same(['--json']);
    same([]);
    const more = readFileSync(grown).subarray(0, 40_000);
    const cut = more.lastIndexOf(0x0a) + 1;
    appendFileSync(grown, more.subarray(0, cut + 100));
    same(['--json']);
    appendFileSync(grown, more.subarray(cut + 100));
    same(['--json']);
    writeFileSync(`${replaced}.new`, readFileSync(grown).subarray(0, 90_000));
    renameSync(`${replaced}.new`, replaced);
    same(['--json']);
    same([]);
  });

  it('says once that a catalog cannot be opened, and reads every file', () => {
    const { root } = projects();
    const notAFile = tempDir();
    const full = runCli(['inspect', root, '--json', '--no-catalog']);
    const result = runCli(['inspect', root, '--json', '--catalog', notAFile]);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(full.stdout);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^memlog: .*cannot open the session catalog.*; reading every file\n$/);
  });

  it('refuses --catalog without a file name (exit 2)', () => {
    const result = runCli(['inspect', 'fixtures/projects', '--catalog']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--catalog <file>/);
  });
});
