import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillMemories, CONSOLIDATE_LOCK, type BackfillReport } from '../../src/jobs/index.js';
import { OfflineModel } from '../../src/model/offline/index.js';
import { readEffectLog } from '../../src/pipeline/effectLog.js';
import { writeDailySession } from '../support/dailySessions.js';
import { dirSnapshot, leftovers } from '../support/dirSnapshot.js';
import type { KillPoint } from '../support/killAtFs.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

/*
 * `memlog extract --two-phase` killed with SIGKILL at each step of both phases (real child
 * processes, each stopped at one file-system call by test/support/killAtFs.ts, so the point is
 * exact), then run again to the end. Everything it keeps (memory files, the sessions' effect
 * logs, the consolidation log) must end byte for byte as an uninterrupted run leaves it, with
 * no chunk recorded twice and nothing left over, and one more run must send nothing and change
 * nothing.
 */

const PROJECT = '-home-dev-kill';

/** Three days of work: phase 1 finds six statements in ten chunks, phase 2 writes four memories and the index. */
const SESSIONS: readonly (readonly string[])[] = [
  [
    'Look at the failing test in the reader and tell me why it fails.',
    'I prefer pnpm over npm for installing packages.',
    'Remember that the staging API runs on port 8080.',
    'Add a check for empty input to the parser.',
  ],
  [
    'Rename the helper that builds the index, it reads badly.',
    'Remember that the release freeze starts next Monday.',
    'Never push straight to main; open a branch.',
  ],
  [
    'Please always use pnpm instead of npm in this repo.',
    'Remember that the staging API now runs on port 9090.',
    'Write a small test for the cursor.',
  ],
];
/** A fourth day with nothing to remember: its chunks are recorded as consumed without a consolidation. */
const PLAIN_DAY = ['Why is the build slower since yesterday?', 'Add a check for empty input to the parser.'];
/** Small enough that every turn is a chunk of its own. */
const CHUNK_TOKENS = '20';
const CHUNKS = [4, 3, 3];

const extract = (project: string, out: string): string[] => [
  'extract',
  project,
  '--out',
  out,
  '--model',
  'offline',
  '--two-phase',
  '--chunk-tokens',
  CHUNK_TOKENS,
  '--json',
];

/**
 * Every file a run keeps under its output folder, with its text, the consolidation lock aside (its body is a pid, its mtime a
 * moment). The moment a consolidation record says it ran (decision 79) is the clock's, so it is masked: a rerun runs later.
 */
function kept(out: string): Record<string, string> {
  const files = dirSnapshot(out, (path) => basename(path) !== CONSOLIDATE_LOCK);
  const text = (bytes: string): string =>
    Buffer.from(bytes, 'base64')
      .toString('utf8')
      .replace(/"time":"[^"]+"/g, '"time":"<when>"');
  return Object.fromEntries(Object.entries(files).map(([path, bytes]) => [path, text(bytes)]));
}

/** The chunk ids each session's effect log records, in order. */
function recordedChunks(out: string): string[][] {
  const effects = join(out, PROJECT, 'effects');
  return readdirSync(effects)
    .sort()
    .map((name) => readEffectLog(join(effects, name)).records.flatMap((r) => (r.type === 'candidates' ? [r.chunkId] : [])));
}

const consolidationLog = (out: string) => readEffectLog(join(out, PROJECT, '.memory.memlog-consolidation.jsonl')).records;

interface Point {
  readonly name: string;
  readonly at: KillPoint;
}

const candidatesAt = (nth: number, when: KillPoint['when']): KillPoint => ({ op: 'write', match: '"type":"candidates"', nth, when });

/** Where phase 1 dies, and how many chunks of each session are recorded by then. */
const PHASE_1: readonly (Point & { readonly recorded: readonly number[] })[] = [
  { name: 'just before a middle chunk of the first session is recorded', at: candidatesAt(2, 'before'), recorded: [1, 0, 0] },
  { name: 'just after a middle chunk of the first session is recorded', at: candidatesAt(2, 'after'), recorded: [2, 0, 0] },
  { name: 'between the first and the second session', at: candidatesAt(4, 'after'), recorded: [4, 0, 0] },
];

/** Where phase 2 dies, whether its commit record (which consumes the chunks) is on disk by then, and how many of its five files are in place. */
const PHASE_2: readonly (Point & { readonly committed: boolean; readonly movedIn: number })[] = [
  { name: 'while staging its files', at: { op: 'rename', match: '.memlog-run/', when: 'after' }, committed: false, movedIn: 0 },
  {
    name: 'just before its commit record',
    at: { op: 'write', match: '"consolidation_started"', when: 'before' },
    committed: false,
    movedIn: 0,
  },
  {
    name: 'just after its commit record',
    at: { op: 'write', match: '"consolidation_started"', when: 'after' },
    committed: true,
    movedIn: 0,
  },
  {
    name: 'between two files moved in',
    at: { op: 'rename', match: '/memory/', except: CONSOLIDATE_LOCK, nth: 2, when: 'after' },
    committed: true,
    movedIn: 2,
  },
  {
    name: 'just before its end record',
    at: { op: 'write', match: '"consolidation_finished"', when: 'before' },
    committed: true,
    movedIn: 5,
  },
  { name: 'just after its end record', at: { op: 'write', match: '"consolidation_finished"', when: 'after' }, committed: true, movedIn: 5 },
];

/** Where the run over the project grown by a plain day dies: around the record of chunks that no consolidation named. */
const CONSUMED: readonly Point[] = [
  { name: 'just before', at: { op: 'write', match: '"type":"candidates_consumed"', when: 'before' } },
  { name: 'just after', at: { op: 'write', match: '"type":"candidates_consumed"', when: 'after' } },
];

describe('memlog extract --two-phase killed with SIGKILL, then run again', () => {
  // For every test of the file (tempDir's folders go after each test).
  const shared = mkdtempSync(join(tmpdir(), 'memlog-extract-crash-'));
  afterAll(() => rmSync(shared, { recursive: true, force: true }));
  const project = join(shared, 'projects', PROJECT);
  /** The same project a day later: the folder name is what names its output, so it is the same project to extract. */
  const grown = join(shared, 'grown', PROJECT);
  const uninterrupted = join(shared, 'uninterrupted');
  let expected: Record<string, string>;
  let expectedGrown: Record<string, string>;

  beforeAll(() => {
    SESSIONS.forEach((prompts, i) => {
      writeDailySession(project, i + 1, prompts);
      writeDailySession(grown, i + 1, prompts);
    });
    writeDailySession(grown, SESSIONS.length + 1, PLAIN_DAY);

    const run = runCli(extract(project, uninterrupted));
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as BackfillReport;
    // What the runs under test have to do: several chunks a session, several files to move in.
    expect(report.sessions.map((s) => s.chunks)).toEqual(CHUNKS);
    expect(report.projects[0]?.consolidated).toMatchObject({ chunks: 10, candidates: 6, status: 'consolidated' });
    expected = kept(uninterrupted);
    const memory = join(PROJECT, 'memory');
    expect(Object.keys(expected).filter((path) => path.startsWith(memory))).toEqual(
      [
        'MEMORY.md',
        'never-push-straight-main.md',
        'pnpm-npm-repo.md',
        'release-freeze-starts-2026-03.md',
        'staging-api-runs-port-9090.md',
      ].map((name) => join(memory, name)),
    );
    // The consolidation names the chunks it merges in its commit record; nothing else records them.
    expect(consolidationLog(uninterrupted).map((r) => r.type)).toEqual(['consolidation_started', 'consolidation_finished']);

    const later = join(shared, 'later');
    cpSync(uninterrupted, later, { recursive: true });
    const next = runCli(extract(grown, later));
    expect(next.status, next.stderr).toBe(0);
    expect((JSON.parse(next.stdout) as BackfillReport).projects[0]?.consolidated).toMatchObject({ chunks: 2, candidates: 0 });
    expectedGrown = kept(later);
    expect(consolidationLog(later).map((r) => r.type)).toEqual(['consolidation_started', 'consolidation_finished', 'candidates_consumed']);
  });

  /**
   * Runs the extraction again in this process: the job `memlog extract --two-phase` runs, and
   * the report its `--json` prints. Each kill is a real child process; running the recovery in
   * process keeps the file to one child a kill point (one test below recovers through the CLI).
   */
  const rerun = (root: string, out: string): Promise<BackfillReport> =>
    backfillMemories({ root, out, model: new OfflineModel(), chunkTokens: Number(CHUNK_TOKENS) });

  /** What must hold once a killed run has been run again: the files of an uninterrupted run, each chunk once, no leftovers; then one more run sends nothing and changes nothing. */
  async function endsAsUninterrupted(root: string, out: string, files: Record<string, string>): Promise<void> {
    expect(kept(out)).toEqual(files);
    for (const chunks of recordedChunks(out)) expect(new Set(chunks).size).toBe(chunks.length);
    expect(leftovers(out)).toEqual([]);
    const again = await rerun(root, out);
    expect(again.tokens.input).toBe(0);
    expect(again.projects[0]?.consolidated.status).toBe('nothing new');
    expect(kept(out)).toEqual(files);
    expect(leftovers(out)).toEqual([]);
  }

  it.each(PHASE_1)('killed in phase 1 $name: the rerun sends only the chunks not recorded', async ({ at, recorded }) => {
    const out = tempDir();
    const killed = runCli(extract(project, out), { killAt: at });
    expect(killed.signal, killed.stderr).toBe('SIGKILL');
    expect(recordedChunks(out).map((chunks) => chunks.length)).toEqual(recorded.filter((n) => n > 0));
    expect(consolidationLog(out)).toEqual([]);

    const report = await rerun(project, out);
    expect(report.failedRuns).toBe(0);
    expect(report.sessions.map((s) => s.recordedBefore)).toEqual(recorded);
    expect(report.sessions.map((s) => s.chunks)).toEqual(CHUNKS.map((n, i) => n - recorded[i]!));
    await endsAsUninterrupted(project, out, expected);
  });

  it.each(PHASE_2)(
    'killed in phase 2 $name: the rerun sends nothing and ends the consolidation once',
    async ({ at, committed, movedIn }) => {
      const out = tempDir();
      const killed = runCli(extract(project, out), { killAt: at });
      expect(killed.signal, killed.stderr).toBe('SIGKILL');
      expect(recordedChunks(out).map((chunks) => chunks.length)).toEqual(CHUNKS);
      expect(consolidationLog(out).some((r) => r.type === 'consolidation_started')).toBe(committed);
      expect(Object.keys(kept(out)).filter((path) => path.startsWith(join(PROJECT, 'memory'))).length).toBe(movedIn);

      const report = await rerun(project, out);
      expect(report.tokens.input).toBe(0);
      // A committed consolidation is finished, not merged again; one that was not is made again from the start.
      expect(report.projects[0]?.consolidated.status).toBe(committed ? 'nothing new' : 'consolidated');
      await endsAsUninterrupted(project, out, expected);
    },
  );

  it.each(CONSUMED)(
    'killed $name the chunks of a day with nothing to remember are recorded as consumed: the rerun ends as an uninterrupted run',
    async ({ at }) => {
      const out = tempDir();
      cpSync(uninterrupted, out, { recursive: true });
      const killed = runCli(extract(grown, out), { killAt: at });
      expect(killed.signal, killed.stderr).toBe('SIGKILL');

      expect((await rerun(grown, out)).tokens.input).toBe(0);
      await endsAsUninterrupted(grown, out, expectedGrown);
    },
  );

  it('the CLI run again after a kill in the middle of moving files in ends as an uninterrupted run, and once more sends nothing', () => {
    const out = tempDir();
    const killed = runCli(extract(project, out), {
      killAt: { op: 'rename', match: '/memory/', except: CONSOLIDATE_LOCK, nth: 2, when: 'after' },
    });
    expect(killed.signal, killed.stderr).toBe('SIGKILL');
    const sent = (): number => {
      const run = runCli(extract(project, out));
      expect(run.status, run.stderr).toBe(0);
      return (JSON.parse(run.stdout) as BackfillReport).tokens.input;
    };
    expect(sent()).toBe(0);
    expect(kept(out)).toEqual(expected);
    expect(leftovers(out)).toEqual([]);
    expect(sent()).toBe(0);
    expect(kept(out)).toEqual(expected);
  });
});
