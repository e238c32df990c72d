import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  compareRuns,
  firstDifferingLine,
  formatDifferences,
  formatSummary,
  type VersionRun,
} from '../../scripts/compareOutputs/compareRuns.js';
import { IntendedListError, judge, labelMatches, parseIntendedList } from '../../scripts/compareOutputs/intended.js';
import { buildInvocations, WORK } from '../../scripts/compareOutputs/invocations.js';
import {
  CLOCK,
  LOCK_HOLDER,
  normalise,
  normaliseClock,
  normalisePaths,
  normaliseWrittenFile,
  sortProgressLines,
} from '../../scripts/compareOutputs/normalise.js';
import { DEFAULT_INTENDED, parseOptions, UsageError } from '../../scripts/compareOutputs/options.js';
import { repoRoot } from '../support/paths.js';
import { mergeReports, parseStoredReport, StoredReportError, type StoredReport } from '../../scripts/compareOutputs/storedReports.js';

const window = { start: Date.parse('2026-12-02T01:05:19.000Z'), end: Date.parse('2026-12-02T01:05:21.000Z') };
const run = (stdout: string, files: Record<string, string> = {}, status = 'exit 0'): VersionRun => ({
  steps: [{ status, stdout, stderr: '' }],
  files: new Map(Object.entries(files)),
});

describe('normalise', () => {
  it('replaces timestamps inside the run clock window and keeps those copied from a transcript', () => {
    const text = '{"timestamp":"2026-12-02T01:05:20.395Z"} {"timestamp":"2026-03-02T09:14:47.816Z"} 2026-12-02T02:05:20+01:00';
    expect(normaliseClock(text, window)).toBe(`{"timestamp":"${CLOCK}"} {"timestamp":"2026-03-02T09:14:47.816Z"} ${CLOCK}`);
  });

  it('replaces a version tree source path but not the fixtures that live in the same tree', () => {
    const paths = [{ path: '/repo/src/', standIn: '<version>/src/' }];
    expect(normalisePaths('at f (file:///repo/src/cli/main.ts:3:1) reading /repo/fixtures/a.jsonl', paths)).toBe(
      'at f (file://<version>/src/cli/main.ts:3:1) reading /repo/fixtures/a.jsonl',
    );
  });

  it('sorts each run of extract progress lines and drops their counters, leaving other lines in place', () => {
    const text = 'head\nmemlog: [1] b.jsonl: 2 run(s)\nmemlog: [2] a.jsonl: 1 run(s)\nmiddle\nmemlog: [3] c.jsonl: 0 run(s)\n';
    expect(sortProgressLines(text)).toBe(
      'head\nmemlog: [n] a.jsonl: 1 run(s)\nmemlog: [n] b.jsonl: 2 run(s)\nmiddle\nmemlog: [n] c.jsonl: 0 run(s)\n',
    );
  });

  it('leaves out the PID a consolidation lock holds, and nothing of any other file', () => {
    expect(normaliseWrittenFile('out/p/memory/.consolidate-lock', '25620')).toBe(LOCK_HOLDER);
    expect(normaliseWrittenFile('out/p/memory/.consolidate-lock', 'not a pid')).toBe('not a pid');
    expect(normaliseWrittenFile('out/p/memory/notes.md', '25620')).toBe('25620');
  });

  it('keeps bytes that are not UTF-8 apart', () => {
    const normalisation = { clock: window, paths: [] };
    expect(normalise(Buffer.from([0x61, 0xff]), normalisation)).not.toBe(normalise(Buffer.from([0x61, 0xfe]), normalisation));
  });
});

describe('compareRuns', () => {
  it('finds nothing between equal runs', () => {
    expect(compareRuns(run('a\nb\n', { 'out/x.md': 'x' }), run('a\nb\n', { 'out/x.md': 'x' }))).toEqual([]);
  });

  it('names the first differing line of each side, and a file present on one side only', () => {
    const differences = compareRuns(run('a\nb\n', { 'x.md': 'x' }), run('a\nc\n', { 'y.md': 'y' }));
    expect(differences).toEqual([
      { facet: 'stdout', line: 2, base: '"b"', head: '"c"' },
      { facet: 'file x.md', line: null, base: 'present', head: '(absent)' },
      { facet: 'file y.md', line: null, base: '(absent)', head: 'present' },
    ]);
    expect(formatDifferences('inspect x', differences)).toBe(
      'differs: inspect x: stdout line 2: base "b" | head "c" (also: file x.md, file y.md)',
    );
  });

  it('counts a run that timed out as a difference even when both did', () => {
    const timedOut = run('', {}, 'timed out after 600 s');
    expect(compareRuns(timedOut, timedOut).map((d) => d.facet)).toEqual(['status']);
  });

  it('shows a long line from shortly before its first differing character', () => {
    const found = firstDifferingLine(`${'x'.repeat(200)}A`, `${'x'.repeat(200)}B`);
    expect(found).toEqual({ line: 1, base: `…"${'x'.repeat(30)}A"`, head: `…"${'x'.repeat(30)}B"` });
  });

  it('says where one side ends', () => {
    expect(firstDifferingLine('a\n', 'a\nb\n')).toEqual({ line: 2, base: '""', head: '"b"' });
    expect(firstDifferingLine('a', 'a\nb')).toEqual({ line: 2, base: '(end of output)', head: '"b"' });
  });

  it('summarises the counts', () => {
    expect(formatSummary({ invocations: 3, identical: 2, differ: 1 })).toBe('3 invocations, 2 identical, 1 differ');
  });
});

describe('buildInvocations', () => {
  const fixtures = {
    transcripts: [
      { path: '/r/fixtures/p/a.jsonl', uuid: 'u1', companions: ['/r/fixtures/p/memory'] },
      { path: '/r/fixtures/n/bad.jsonl', uuid: null, companions: [] },
    ],
    folders: ['/r/fixtures/p'],
    memoryDirs: [{ path: '/r/fixtures/p/memory', memory: 'prefer-pnpm.md' }],
  };
  const invocations = buildInvocations(fixtures, (path) => path.replace('/r/', ''));

  it('labels by repository path and never shows the work folder token', () => {
    expect(invocations.map((i) => i.label)).toContain('replay fixtures/p/a.jsonl --at u1');
    expect(invocations.every((i) => !i.label.includes(WORK))).toBe(true);
  });

  it('asks replay --at only of a transcript with an entry uuid', () => {
    expect(invocations.filter((i) => i.label.includes('--at')).map((i) => i.label)).toEqual(['replay fixtures/p/a.jsonl --at u1']);
  });

  it('runs both replay policies, the compaction plan in both forms and the audit over each transcript', () => {
    const labels = invocations.map((i) => i.label).filter((label) => label.includes('fixtures/n/bad.jsonl'));
    expect(labels).toEqual(
      expect.arrayContaining([
        'replay fixtures/n/bad.jsonl',
        'replay fixtures/n/bad.jsonl --policy memlog',
        'compact fixtures/n/bad.jsonl --dry-run',
        'compact fixtures/n/bad.jsonl --dry-run --json',
        'audit fixtures/n/bad.jsonl',
      ]),
    );
  });

  it('reads each folder in every form and each memory folder with its history', () => {
    const labels = invocations.map((i) => i.label);
    for (const form of [
      'inspect fixtures/p --sizes',
      'report fixtures/p --usage',
      'report fixtures/p --json',
      'audit fixtures/p --json',
      'search test fixtures/p',
    ])
      expect(labels).toContain(form);
    expect(labels).toContain('memory log --dir fixtures/p/memory');
    expect(labels).toContain('memory effect --dir fixtures/p/memory');
  });

  it('runs writing commands on a copy with its companions, in the work folder', () => {
    const compact = invocations.find((i) => i.label.startsWith('compact fixtures/p/a.jsonl@copy'));
    expect(compact?.steps).toEqual([['compact', `${WORK}/copy/p/a.jsonl`, '--model', 'offline', '--strategy', 'summary']]);
    expect(compact?.copies).toEqual([
      { from: '/r/fixtures/p/a.jsonl', to: `${WORK}/copy/p/a.jsonl` },
      { from: '/r/fixtures/p/memory', to: `${WORK}/copy/p/memory` },
    ]);
    expect(invocations.find((i) => i.label.startsWith('extract'))?.progressLines).toBe(true);
  });
});

describe('the intended differences', () => {
  const entry = { label: 'audit *', decision: 78, reason: 'a new command' };
  const results = [
    { label: 'audit a.jsonl', differs: true },
    { label: 'audit b.jsonl', differs: true },
    { label: 'inspect a.jsonl', differs: true },
    { label: 'replay a.jsonl', differs: false },
  ];

  it('reads a list and says where it is wrong', () => {
    expect(parseIntendedList(JSON.stringify({ base: 'abc', differences: [entry] }), 'list.json').differences).toEqual([entry]);
    expect(() => parseIntendedList('{', 'list.json')).toThrow(IntendedListError);
    expect(() => parseIntendedList(JSON.stringify({ base: 'abc', differences: [{ label: 'x', reason: 'r' }] }), 'list.json')).toThrow(
      /list\.json: differences\.0\.decision/,
    );
  });

  it('matches a label whole, a star standing for any text and nothing else special', () => {
    expect(labelMatches('audit *', 'audit a.jsonl')).toBe(true);
    expect(labelMatches('audit a.jsonl', 'audit a.jsonl --json')).toBe(false);
    expect(labelMatches('inspect a.jsonl', 'inspect aXjsonl')).toBe(false);
  });

  it('explains what the list names and flags what it does not', () => {
    const verdict = judge(results, [entry], true);
    expect(verdict.intended.map((i) => i.label)).toEqual(['audit a.jsonl', 'audit b.jsonl']);
    expect(verdict.unexplained).toEqual(['inspect a.jsonl']);
    expect(verdict.stale).toEqual([]);
  });

  it('flags an entry that names an identical invocation, or, over the whole set, none', () => {
    const replay = { label: 'replay a.jsonl', decision: 77, reason: 'renamed' };
    const gone = { label: 'report gone', decision: 86, reason: 'a new flag' };
    expect(judge(results, [entry, replay, gone], true).stale).toEqual([
      { entry: replay, why: 'no longer differs: replay a.jsonl' },
      { entry: gone, why: 'names no invocation' },
    ]);
    expect(judge(results, [entry, gone], false).stale).toEqual([]);
  });
});

describe('the committed intended differences', () => {
  it('parse, and each names a decision that is written down, once per label', () => {
    const list = parseIntendedList(readFileSync(join(repoRoot, DEFAULT_INTENDED), 'utf8'), DEFAULT_INTENDED);
    const decisions = new Set(readdirSync(join(repoRoot, 'docs', 'decisions')).map((name) => Number(/^(\d+)-/.exec(name)?.[1])));
    expect(list.differences.filter((entry) => !decisions.has(entry.decision))).toEqual([]);
    expect(new Set(list.differences.map((entry) => entry.label)).size).toBe(list.differences.length);
  });
});

describe('judging stored reports', () => {
  const differs = [{ facet: 'stdout', line: 1, base: '"a"', head: '"b"' }];
  const report = (head: string, filters: string[] | undefined, results: StoredReport['results']): StoredReport => ({
    base: { ref: 'a5d40f3', commit: 'aaa' },
    head: { ref: 'main', commit: head },
    ...(filters === undefined ? {} : { filters }),
    results,
  });

  it('merges runs of the same commits by label, a later run replacing an earlier result', () => {
    const whole = report(
      'hhh',
      [],
      [
        { label: 'compact x --dry-run --json', differences: differs },
        { label: 'inspect x', differences: [] },
      ],
    );
    const rerun = report('hhh', ['--dry-run'], [{ label: 'compact x --dry-run --json', differences: [] }]);
    const merged = mergeReports([whole, rerun]);
    expect(merged.results).toEqual([
      { label: 'compact x --dry-run --json', differences: [] },
      { label: 'inspect x', differences: [] },
    ]);
    expect(merged.wholeSet).toBe(true);
    expect(mergeReports([rerun]).wholeSet).toBe(false);
    expect(mergeReports([report('hhh', undefined, [])]).wholeSet).toBe(false);
  });

  it('refuses reports of other commits, or text that is not a report', () => {
    expect(() => mergeReports([report('hhh', [], []), report('iii', [], [])])).toThrow(StoredReportError);
    expect(() => mergeReports([])).toThrow(StoredReportError);
    expect(() => parseStoredReport('{"base":1}', 'r.json')).toThrow(/r\.json: not a compare-outputs --json report/);
  });
});

describe('parseOptions', () => {
  it('needs --base and defaults the head to the working tree', () => {
    expect(() => parseOptions([])).toThrow(UsageError);
    expect(parseOptions(['--base', 'HEAD'])).toMatchObject({
      base: 'HEAD',
      head: '.',
      concurrency: 2,
      filters: [],
      json: false,
      runner: 'tsx',
      intended: 'scripts/compareOutputs.intended.json',
    });
    expect(parseOptions(['--base', 'HEAD', '--intended', 'none'])?.intended).toBeNull();
    expect(parseOptions(['--base', 'HEAD', '--filter', '^audit '])?.filters[0]?.test('audit a.jsonl')).toBe(true);
  });

  it('rejects what cannot run', () => {
    expect(() => parseOptions(['--base', 'HEAD', '--concurrency', '1.5'])).toThrow(UsageError);
    expect(() => parseOptions(['--base', 'HEAD', '--frobnicate'])).toThrow(UsageError);
    expect(() => parseOptions(['--base', 'HEAD', '--filter', '('])).toThrow(UsageError);
    expect(parseOptions(['--help'])).toBeNull();
    expect(parseOptions(['--judge', 'r.json'])?.judge).toEqual(['r.json']);
  });
});
