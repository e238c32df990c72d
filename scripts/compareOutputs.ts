/**
 * The refactoring safety net (decision 38): runs every memlog command over every fixture
 * with two versions of the sources and reports each invocation whose exit status, stdout, stderr
 * or written files differ. `npx tsx scripts/compareOutputs.ts --help` lists the options;
 * scripts/compareOutputs/ holds the parts, normalise.ts what is rewritten before comparing.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLAUDE_CODE_CONTEXT_TOKENS, writeCorpus } from '../bench/corpus.js';
import { compareRuns, formatDifferences, formatSummary, type Difference } from './compareOutputs/compareRuns.js';
import { findFixtures, type FixtureRoots } from './compareOutputs/fixtures.js';
import { copyWithoutHoldout, readHoldout } from './compareOutputs/holdout.js';
import { formatVerdict, IntendedListError, judge, type Verdict } from './compareOutputs/intended.js';
import { buildInvocations } from './compareOutputs/invocations.js';
import { loadIntended } from './compareOutputs/loadIntended.js';
import { parseOptions, USAGE, UsageError, type CompareOptions } from './compareOutputs/options.js';
import { runInvocation, type RunSettings } from './compareOutputs/runInvocation.js';
import { mergeReports, parseStoredReport, StoredReportError } from './compareOutputs/storedReports.js';
import { layOutVersion, UnknownRefError, type Version } from './compareOutputs/versions.js';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sharedFixtures = resolve(repo, '..', 'shared', 'fixtures');
/** Sessions kept aside for an independent quality check: no command of the comparison reads one. */
const holdoutList = resolve(repo, '..', 'shared', 'holdout-exclude.txt');

interface Result {
  readonly label: string;
  /** The base version's status per step: a failure both versions share is identical, but worth knowing about. */
  readonly statuses: readonly string[];
  readonly differences: readonly Difference[];
  readonly seconds: number;
}

async function main(argv: readonly string[]): Promise<number> {
  let options: CompareOptions | null;
  try {
    options = parseOptions(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`compare-outputs: ${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (options === null) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (options.judge.length > 0) return judgeStored(options);
  const tmp = mkdtempSync(join(tmpdir(), 'memlog-compare-'));
  const children = new Set<ChildProcess>();
  const cleanups: (() => void)[] = [() => rmSync(tmp, { recursive: true, force: true })];
  const cleanUp = (): void => {
    for (const child of children) child.kill('SIGKILL');
    for (const step of cleanups.splice(0).reverse()) step();
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      process.stderr.write(`\ncompare-outputs: ${signal}; removing the temporary worktrees and files\n`);
      cleanUp();
      process.exit(130);
    });
  }
  try {
    let versions: [Version, Version];
    try {
      versions = [
        layOutVersion('base', options.base, repo, tmp, options.runner, cleanups),
        layOutVersion('head', options.head, repo, tmp, options.runner, cleanups),
      ];
    } catch (error) {
      if (!(error instanceof UnknownRefError)) throw error;
      process.stderr.write(`compare-outputs: ${error.message}\n`);
      return 2;
    }
    return await compare(options, versions, tmp, children);
  } catch (error) {
    if (!(error instanceof IntendedListError)) throw error;
    process.stderr.write(`compare-outputs: the intended differences cannot be read: ${error.message}\n`);
    return 3;
  } finally {
    cleanUp();
  }
}

async function compare(
  options: CompareOptions,
  [base, head]: [Version, Version],
  tmp: string,
  children: Set<ChildProcess>,
): Promise<number> {
  const started = Date.now();
  const intended = loadIntended(options.intended, repo, base.commit);
  const shared = existsDir(sharedFixtures) ? join(tmp, 'shared-fixtures') : null;
  const heldOut = shared === null ? [] : copyWithoutHoldout(sharedFixtures, shared, readHoldout(holdoutList));
  const roots: FixtureRoots = {
    projects: join(repo, 'fixtures', 'projects'),
    negative: join(repo, 'fixtures', 'negative'),
    shared,
    generated: options.generatedMb.length === 0 ? null : generate(join(tmp, 'generated'), options.generatedMb),
    memoryFolders: ['consolidation', 'unindexed'].map((name) => join(repo, 'fixtures', name, 'memory')),
  };
  const display = (path: string): string => {
    if (roots.generated !== null && path.startsWith(roots.generated)) return `<generated>${path.slice(roots.generated.length)}`;
    // The shared fixtures are read from a copy without the held-out sessions; labels name the originals.
    if (shared !== null && path.startsWith(shared)) return relative(repo, sharedFixtures) + path.slice(shared.length);
    return relative(repo, path);
  };
  const fixtures = findFixtures(roots);
  const invocations = buildInvocations(fixtures, display).filter(
    (i) => options.filters.length === 0 || options.filters.some((f) => f.test(i.label)),
  );
  const before = fixtureDigest(roots);
  const settings: RunSettings = { timeoutMs: options.timeoutMs, children };
  process.stderr.write(
    `compare-outputs: ${invocations.length} invocations, base ${describe(base)}, head ${describe(head)}, ${options.concurrency} at a time, through ${options.runner}\n`,
  );

  const results: Result[] = new Array<Result>(invocations.length);
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < invocations.length) {
      const index = next++;
      const invocation = invocations[index]!;
      const work = join(tmp, 'work', String(index));
      const t0 = Date.now();
      // Base first, then head, in the same folder: commands that write see the same paths.
      const baseRun = await runInvocation(invocation, base, work, settings);
      const headRun = await runInvocation(invocation, head, work, settings);
      const result = {
        label: invocation.label,
        statuses: baseRun.steps.map((s) => s.status),
        differences: compareRuns(baseRun, headRun),
        seconds: (Date.now() - t0) / 1000,
      };
      results[index] = result;
      progress(++done, invocations.length, result);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  if (process.stderr.isTTY) process.stderr.write('\n');

  const fixturesChanged = fixtureDigest(roots) !== before;
  const differ = results.filter((r) => r.differences.length > 0).length;
  const counts = { invocations: results.length, identical: results.length - differ, differ };
  const seconds = Math.round((Date.now() - started) / 1000);
  const sharedNote =
    roots.shared === null
      ? '../shared/fixtures is absent: its transcripts were skipped'
      : `../shared/fixtures included, ${heldOut.length} held-out files left out`;
  const verdict = judge(
    results.map((r) => ({ label: r.label, differs: r.differences.length > 0 })),
    intended.entries,
    options.filters.length === 0,
  );
  const fixtureNote = `${fixtures.transcripts.length} transcripts, ${fixtures.folders.length} folders, ${fixtures.memoryDirs.length} memory folders; ${sharedNote}`;
  const changedNote = 'a read-only invocation changed the fixtures (their paths, sizes or times); see git status';
  if (options.json) {
    const version = (v: Version): object => ({ ref: v.ref, commit: v.commit });
    const report = {
      base: version(base),
      head: version(head),
      runner: options.runner,
      fixtures: fixtureNote,
      generatedMb: options.generatedMb,
      filters: options.filters.map((f) => f.source),
      fixturesChanged,
      ...counts,
      intendedList: intended.note,
      intended: verdict.intended.map(({ label, entry }) => ({ label, decision: entry.decision })),
      unexplained: verdict.unexplained,
      stale: verdict.stale.map(({ entry, why }) => ({ label: entry.label, decision: entry.decision, why })),
      seconds,
      results,
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    writeDifferences(results, verdict);
    if (fixturesChanged) process.stdout.write(`${changedNote}\n`);
    process.stdout.write(
      `base ${describe(base)}, head ${describe(head)}: ${fixtureNote}; ${intended.note}\n${formatSummary(counts)}: ${summariseVerdict(verdict)} (${Math.floor(seconds / 60)} min ${seconds % 60} s)\n`,
    );
  }
  return verdict.unexplained.length > 0 || verdict.stale.length > 0 || fixturesChanged ? 1 : 0;
}

/** `--judge`: earlier `--json` reports merged and judged against the intended list, nothing run. */
function judgeStored(options: CompareOptions): number {
  let merged;
  let intended;
  try {
    merged = mergeReports(options.judge.map((file) => parseStoredReport(readFileSync(file, 'utf8'), file)));
    intended = loadIntended(options.intended, repo, merged.base.commit);
  } catch (error) {
    if (!(error instanceof StoredReportError || error instanceof IntendedListError)) throw error;
    process.stderr.write(`compare-outputs: cannot judge: ${error.message}\n`);
    return 3;
  }
  const results = merged.results.filter((r) => options.filters.length === 0 || options.filters.some((f) => f.test(r.label)));
  const verdict = judge(
    results.map((r) => ({ label: r.label, differs: r.differences.length > 0 })),
    intended.entries,
    merged.wholeSet && options.filters.length === 0,
  );
  const differ = results.filter((r) => r.differences.length > 0).length;
  writeDifferences(results, verdict);
  process.stdout.write(
    `judged ${options.judge.length} reports of base ${merged.base.ref} (${merged.base.commit.slice(0, 12)}), head ${merged.head.ref} (${merged.head.commit.slice(0, 12)}); ${intended.note}\n` +
      `${formatSummary({ invocations: results.length, identical: results.length - differ, differ })}: ${summariseVerdict(verdict)}\n`,
  );
  return verdict.unexplained.length > 0 || verdict.stale.length > 0 ? 1 : 0;
}

/** One line per invocation that differs, the intended ones with their decision, then what the list made of the run. */
function writeDifferences(results: readonly { label: string; differences: readonly Difference[] }[], verdict: Verdict): void {
  const decisions = new Map(verdict.intended.map(({ label, entry }) => [label, entry.decision]));
  for (const result of results) {
    if (result.differences.length === 0) continue;
    const decision = decisions.get(result.label);
    const line = formatDifferences(result.label, result.differences);
    process.stdout.write(`${decision === undefined ? line : `intended (decision ${decision}), ${line}`}\n`);
  }
  for (const line of formatVerdict(verdict)) process.stdout.write(`${line}\n`);
}

function summariseVerdict(verdict: Verdict): string {
  return `${verdict.intended.length} intended, ${verdict.unexplained.length} not listed, ${verdict.stale.length} listed entries stale`;
}

function progress(done: number, total: number, result: Result): void {
  const line = `[${done}/${total}] ${result.differences.length === 0 ? 'same' : 'DIFF'} ${result.label} (${result.seconds.toFixed(1)} s)`;
  process.stderr.write(process.stderr.isTTY ? `\r\x1b[K${line.slice(0, (process.stderr.columns || 80) - 1)}` : `${line}\n`);
}

function describe(version: Version): string {
  return version.ref === '.' ? '. (working tree)' : `${version.ref} (${version.commit.slice(0, 12)})`;
}

/** A projects folder with one project of generated transcripts, the same bytes for both versions. */
function generate(root: string, sizesMb: readonly number[]): string {
  const project = join(root, '-home-user-memlog');
  mkdirSync(project, { recursive: true });
  for (const mb of sizesMb) {
    process.stderr.write(`compare-outputs: generating a ${mb} MB transcript\n`);
    writeCorpus(join(project, `generated-${mb}mb.jsonl`), Math.round(mb * 1e6), 42);
    // And one compacted as Claude Code compacts when the context fills: many boundaries, the chain after the last one short.
    writeCorpus(join(project, `generated-${mb}mb-compacted.jsonl`), Math.round(mb * 1e6), 43, {
      compactAtTokens: CLAUDE_CODE_CONTEXT_TOKENS,
    });
  }
  return root;
}

/** Names, sizes and modification times of every fixture file: read-only commands must leave it as it was. */
function fixtureDigest(roots: FixtureRoots): string {
  const lines: string[] = [];
  for (const root of [roots.projects, roots.negative, roots.shared, roots.generated, ...roots.memoryFolders]) {
    if (root === null) continue;
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      const path = join(entry.parentPath, entry.name);
      const stat = statSync(path);
      lines.push(`${path} ${stat.size} ${stat.mtimeMs}`);
    }
  }
  return lines.sort().join('\n');
}

function existsDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`compare-outputs: could not compare: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 3;
}
