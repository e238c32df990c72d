import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Entry } from '../../src/index.js';
import { assistantEntry, text, userEntry } from '../../src/testing/entryBuilders.js';
import { runCli } from '../support/runCli.js';
import { sharedRuns } from '../support/sharedRuns.js';
import { tempDir } from '../support/tempDir.js';

const NOTICE = "the session's usage passed 200,000 tokens, so it ran with a 1,000,000-token window; pass --context-window to set it";

/** A session that grows by 20,000 tokens a turn to `peak`, never compacted, as a 1M-context model lets it, written by Claude Code `version`. */
function longSession(peak: number, version = '2.1.332', dir = tempDir()): string {
  const file = join(dir, '11111111-2222-4333-8444-555555555555.jsonl');
  const entries: Entry[] = [];
  let parent: string | null = null;
  for (let i = 0, size = 20_000; size <= peak; i++, size += 20_000) {
    const prompt = userEntry(`u-${i}`, `step ${i}: keep going with the migration`, { parentUuid: parent });
    const usage = { input_tokens: 3, output_tokens: 400, cache_creation_input_tokens: 2_000, cache_read_input_tokens: size - 2_003 };
    const reply = assistantEntry(`a-${i}`, `msg_${i}`, text(`done with step ${i}`), { parentUuid: prompt.uuid, usage });
    entries.push(prompt, reply);
    parent = reply.uuid;
  }
  writeFileSync(file, entries.map((e) => JSON.stringify({ ...e, version })).join('\n') + '\n');
  return file;
}

/**
 * The 520,000-token session of 2.1.332 that most tests below only read, written once in a folder
 * that outlives them (tempDir's go after each test); a command they all start runs once (decision 118).
 */
const sharedFolder = mkdtempSync(join(tmpdir(), 'memlog-1m-window-'));
afterAll(() => rmSync(sharedFolder, { recursive: true, force: true }));
let sharedSession: string | undefined;
const session520k = (): string => (sharedSession ??= longSession(520_000, '2.1.332', sharedFolder));
const readOnly = sharedRuns();

describe('memlog replay of a session that ran with a 1M window (decision 113)', () => {
  it('infers the window, says so once, and reports no compaction due below its threshold', () => {
    const file = session520k();
    const result = runCli(['replay', file]);
    expect(result.status).toBe(0);
    expect(result.stderr.split(NOTICE).length - 1).toBe(1);
    expect(result.stdout).not.toMatch(/compaction due/);
    expect(result.stdout).toMatch(/ 0 compactions due,/);
    const json = readOnly(['replay', file, '--json']);
    expect(json.stderr).toContain(NOTICE);
    expect(json.stdout.split('\n').filter((line) => line.includes('"compaction_due"'))).toEqual([]);
  });

  it('replays and reports as --context-window 1000000 would, the decisions held against 200,000 dropped', () => {
    const file = session520k();
    const decisions = (args: string[]) => readOnly(['replay', file, '--json', ...args]).stdout;
    const inferred = decisions([]);
    expect(inferred).toBe(decisions(['--context-window', '1000000']));
    expect(inferred).not.toBe(decisions(['--context-window', '200000']));
    const rows = (args: string[]) => readOnly(['report', dirname(file), '--json', ...args]).stdout;
    expect(rows([])).toBe(rows(['--context-window', '1000000']));
  });

  it('--context-window still wins: 200,000 decides at 167,000 and nothing is inferred', () => {
    const file = session520k();
    const result = readOnly(['replay', file, '--json', '--context-window', '200000']);
    expect(result.status).toBe(0);
    expect(result.stderr).not.toContain(NOTICE);
    const due = result.stdout.split('\n').filter((line) => line.includes('"compaction_due"'));
    expect(due.length).toBeGreaterThan(1);
    expect(due[0]).toContain('"threshold":167000');
  });

  it('compact and report decide against the same window', () => {
    const file = session520k();
    const compact = readOnly(['compact', file, '--dry-run', '--json']);
    expect(compact.status).toBe(0);
    expect(JSON.parse(compact.stdout)).toMatchObject({ threshold: 967_000 });
    const given = runCli(['compact', file, '--dry-run', '--json', '--context-window', '200000']);
    expect(JSON.parse(given.stdout)).toMatchObject({ threshold: 167_000 });
    const compactionsDue = (args: string[]) =>
      (JSON.parse(readOnly(['report', dirname(file), '--json', ...args]).stdout) as { rows: { totals: { compactionsDue: number } }[] })
        .rows[0]?.totals.compactionsDue;
    expect(compactionsDue([])).toBe(0);
    expect(compactionsDue(['--context-window', '200000'])).toBeGreaterThan(1);
  });

  it('a session within 200,000 tokens is replayed against the default window, without a word about it', () => {
    const small = longSession(200_000);
    const result = runCli(['replay', small]);
    expect(result.stderr).not.toContain(NOTICE);
    expect(result.stdout).toMatch(/compaction due: 1\d\d,\d{3} tokens ≥ autocompact threshold 167,000/);
  });
});

// Decision 113, amended: from 2.1.337 a 1M model autocompacts at its lower window (decision 85), and every view says that threshold.
describe('a session that ran with a 1M window, written by Claude Code 2.1.337', () => {
  it('replay decides at 267,000, and compact --dry-run and the session page say the same threshold', () => {
    const file = longSession(520_000, '2.1.337');
    const due = runCli(['replay', file, '--json'])
      .stdout.split('\n')
      .filter((line) => line.includes('"compaction_due"'));
    expect(due[0]).toContain('"threshold":267000');

    const compact = runCli(['compact', file, '--dry-run', '--json']);
    expect(compact.status, compact.stderr).toBe(0);
    expect(JSON.parse(compact.stdout)).toMatchObject({ threshold: 267_000 });
    expect(runCli(['compact', file, '--dry-run']).stdout).toContain('(autocompact threshold 267,000)');

    const index = join(tempDir(), 'index.html');
    const report = runCli(['report', dirname(file), '--html', index]);
    expect(report.status, report.stderr).toBe(0);
    const pages = join(dirname(index), 'sessions');
    const page = readdirSync(pages).map((name) => readFileSync(join(pages, name), 'utf8'));
    expect(page).toHaveLength(1);
    expect(page[0]).toContain('autocompact threshold 267,000');
    expect(page[0]).not.toContain('autocompact threshold 967,000');
  });

  it('before 2.1.337 the whole window stands: 967,000 everywhere', () => {
    expect(JSON.parse(readOnly(['compact', session520k(), '--dry-run', '--json']).stdout)).toMatchObject({ threshold: 967_000 });
  });
});
