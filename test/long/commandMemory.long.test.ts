import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS, type Place } from '../../bench/commandList.js';
import { CLAUDE_CODE_CONTEXT_TOKENS, CORPUS_SESSION_ID, writeCorpus } from '../../bench/corpus.js';
import { assertGnuTime, measurePeakRss } from '../../bench/peakRss.js';

/**
 * The bounded-memory test (decision 52), opt-in (`npm run test:long`: it writes 550 MB and runs every command
 * twice, minutes rather than seconds): each CLI command in a child process over a 50 MB and a
 * 500 MB generated session; its peak RSS over the larger may be at most 1.5 times that over the
 * smaller. A command that held the file would need ten times as much.
 */
const SMALL_MB = 50;
const LARGE_MB = 500;
const MAX_RATIO = 1.5;
const cli = fileURLToPath(new URL('../../bin/memlog.js', import.meta.url));

function place(root: string, mb: number): Place {
  const scratch = join(root, `${mb}mb`);
  const projects = join(scratch, 'projects');
  const project = join(projects, '-home-user-memlog');
  mkdirSync(project, { recursive: true });
  const file = join(project, `${CORPUS_SESSION_ID}.jsonl`);
  writeCorpus(file, mb * 1e6, 42, { compactAtTokens: CLAUDE_CODE_CONTEXT_TOKENS });
  return { scratch, projects, project, file };
}

async function peakMiB(name: string, args: readonly string[], at: Place): Promise<number> {
  const slug = name.replace(/\W+/g, '-');
  const result = await measurePeakRss([cli, ...args], {
    cwd: at.scratch,
    env: { ...process.env, CLAUDE_CONFIG_DIR: join(at.scratch, 'claude-config') },
    timeoutMs: 600_000,
    reportFile: join(at.scratch, `${slug}.time`),
    stderrFile: join(at.scratch, `${slug}.stderr`),
  });
  expect(result.status, `${name}: ${result.stderrTail}`).toBe('ok');
  return (result.peakKiB ?? Number.NaN) / 1024;
}

describe(`every command's memory over ${SMALL_MB} and ${LARGE_MB} MB`, () => {
  let small: Place;
  let large: Place;
  // One folder for the whole file, not the per-test temp folders (removed after each test): every
  // test runs its command over the same two sessions.
  let root: string;
  beforeAll(() => {
    assertGnuTime();
    root = mkdtempSync(join(tmpdir(), 'memlog-long-'));
    small = place(root, SMALL_MB);
    large = place(root, LARGE_MB);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  for (const [name, args] of COMMANDS)
    it(`${name}: the peak over ${LARGE_MB} MB is at most ${MAX_RATIO}× the peak over ${SMALL_MB} MB`, async () => {
      const smallPeak = await peakMiB(name, args(small), small);
      const largePeak = await peakMiB(name, args(large), large);
      expect(largePeak / smallPeak, `${name}: ${smallPeak.toFixed(0)} → ${largePeak.toFixed(0)} MiB`).toBeLessThanOrEqual(MAX_RATIO);
    });
});
