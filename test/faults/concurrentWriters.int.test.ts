import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildSessionNotes,
  compactTranscript,
  defaultNotesPath,
  inspectTranscript,
  loadNotesConfig,
  OfflineModel,
} from '../../src/index.js';
import { backfillMemories, CONSOLIDATE_LOCK } from '../../src/jobs/index.js';
import { startTogether, type Finished } from '../support/barrier.js';
import { leftovers } from '../support/dirSnapshot.js';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

/**
 * One writer per target (decision 37), under the harness: two processes of each writing command on one target, started
 * at the same moment (a barrier after the CLI has loaded), many trials. Each process finishes or
 * is told in one line who holds the target; one of them always finishes; the result is what one
 * uninterrupted run makes; a run after both has nothing to do; no lock is left.
 */
const SESSION = 'a1eaaff9-3a09-471e-b457-360fb17ea04f';
/** Trials per command: each costs two CLI processes (seconds of CPU apiece); raised with MEMLOG_CONC_TRIALS. */
const TRIALS = Array.from({ length: Number.parseInt(process.env['MEMLOG_CONC_TRIALS'] ?? '', 10) || 3 }, (_, i) => i + 1);
// Every trial and reference lives in a folder of this prefix: the same path length everywhere,
// so that what embeds a path (prompts, token counts, summaries) compares once the root is named.
const PREFIX = 'memlog-conc-';
/** A reference run is one CLI run: seconds, more on a busy machine (hooks otherwise get 10 s). */
const REFERENCE_TIMEOUT = 60_000;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** A copy of the demo project under a fresh root: `<root>/<at>`. */
function projectCopy(at = 'project'): { root: string; project: string; transcript: string } {
  const root = tempDir(PREFIX);
  const project = join(root, at);
  cpSync(join(demoProjects, '-home-dev-acme-shop'), project, { recursive: true });
  return { root, project, transcript: join(project, `${SESSION}.jsonl`) };
}

/**
 * Every file under a folder as text, by relative path, with the root's absolute path named `<root>`, and the moment a
 * consolidation record says it ran (decision 79) masked: the clock's, not the run's content.
 */
function textSnapshot(dir: string, root: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    // Claude Code's consolidation lock stays as the time of the last consolidation; its body is the pid of whoever held it last.
    files[relative(dir, path)] =
      entry.name === CONSOLIDATE_LOCK
        ? '<pid>'
        : readFileSync(path, 'utf8')
            .replaceAll(root, '<root>')
            .replace(/"time":"[^"]+"/g, '"time":"<when>"');
  }
  return files;
}

/** Each process finished (0) or exited 2 with one line naming the other as the holder of the target; at least one finished. */
function expectDoneOrBusy(results: readonly Finished[], holder: string, target: string): void {
  for (const [i, result] of results.entries()) {
    const other = results[1 - i]!;
    if (result.status === 0) continue;
    expect(result.status, `${result.stdout}${result.stderr}`).toBe(2);
    expect(result.stderr.indexOf('\n'), `one line: ${result.stderr}`).toBe(result.stderr.length - 1);
    expect(result.stderr.startsWith(`memlog: another ${holder} (pid ${other.pid}) is working on ${target}; `), result.stderr).toBe(true);
  }
  expect(
    results.map((r) => r.status),
    results.map((r) => r.stderr).join(''),
  ).toContain(0);
}

/**
 * For extract (decision 112): each process finished (0), or was held off the project by the other and left it for the
 * next run, naming the holder in its summary (exit 1); at least one finished.
 */
function expectDoneOrLeftForNextRun(results: readonly Finished[], target: string): void {
  for (const [i, result] of results.entries()) {
    const other = results[1 - i]!;
    if (result.status === 0) continue;
    expect(result.status, `${result.stdout}${result.stderr}`).toBe(1);
    expect(result.stdout, result.stdout).toContain('left for the next memlog extract');
    expect(result.stdout, result.stdout).toContain(`another memlog extract (pid ${other.pid}) is working on ${target}`);
  }
  expect(
    results.map((r) => r.status),
    results.map((r) => r.stderr).join(''),
  ).toContain(0);
}

describe('memlog notes: two at once on one session', () => {
  /** An empty Claude config folder beside the project: the default template and prompt. */
  const config = (root: string): string => {
    mkdirSync(join(root, 'config'));
    return join(root, 'config');
  };
  const args = (transcript: string, configDir: string) => ['notes', transcript, '--model', 'offline', '--config-dir', configDir];
  let reference: Record<string, string>;

  beforeAll(() => {
    const { root, project, transcript } = projectCopy();
    const single = runCli(args(transcript, config(root)));
    expect(single.status, single.stderr).toBe(0);
    reference = textSnapshot(project, root);
    rmSync(root, { recursive: true, force: true });
  }, REFERENCE_TIMEOUT);

  it.each(TRIALS)(
    'trial %i: one builds the notes, the other is told who holds them or finds them built; the notes are a single run’s',
    async () => {
      const { root, project, transcript } = projectCopy();
      const configDir = config(root);
      const results = await startTogether('cliAtBarrier', [args(transcript, configDir), args(transcript, configDir)]);
      expectDoneOrBusy(results, 'memlog notes', defaultNotesPath(transcript));
      // The notes, then with the effect log and the transcript, byte for byte (but the root) as one run leaves them.
      const after = textSnapshot(project, root);
      const notes = relative(project, defaultNotesPath(transcript));
      expect(after[notes]).toBe(reference[notes]);
      expect(after).toEqual(reference);
      const third = await buildSessionNotes({
        transcriptPath: transcript,
        notesPath: defaultNotesPath(transcript),
        model: new OfflineModel(),
        config: await loadNotesConfig(configDir),
      });
      expect(third.runs).toEqual([]);
      expect(third.interrupted).toBe(0);
      expect(textSnapshot(project, root)).toEqual(after);
      expect(leftovers(root)).toEqual([]);
    },
  );
});

/** A compacted transcript's new lines: new uuids and timestamps numbered by first appearance, the root named. */
function normalizedTail(text: string, original: string, root: string): string {
  const known = new Set(original.match(UUID));
  const named = new Map<string, string>();
  return (
    text
      .slice(original.length)
      .replaceAll(root, '<root>')
      .replace(UUID, (uuid) => (known.has(uuid) ? uuid : (named.get(uuid) ?? named.set(uuid, `<uuid ${named.size}>`).get(uuid)!)))
      .replace(/"timestamp":"[^"]*"/g, '"timestamp":"<now>"')
      // The same inside a JSON string (the text a compaction_started record will append).
      .replace(/\\"timestamp\\":\\"[^"\\]*\\"/g, '\\"timestamp\\":\\"<now>\\"')
  );
}

const boundaries = (text: string): number => text.split('\n').filter((line) => line.includes('"subtype":"compact_boundary"')).length;

describe('memlog compact: two at once on one transcript', () => {
  const args = (transcript: string) => ['compact', transcript, '--model', 'offline', '--context-window', '40000'];
  const original = readFileSync(join(demoProjects, '-home-dev-acme-shop', `${SESSION}.jsonl`), 'utf8');
  let reference: { tail: string; effects: string; chain: number; apiMessages: number };

  beforeAll(() => {
    const { root, project, transcript } = projectCopy();
    const single = runCli(args(transcript));
    expect(single.status, single.stderr).toBe(0);
    const text = readFileSync(transcript, 'utf8');
    const report = inspectTranscript(transcript);
    reference = {
      tail: normalizedTail(text, original, root),
      effects: normalizedTail(readFileSync(join(project, `${SESSION}.memlog.jsonl`), 'utf8'), '', root),
      chain: report.chain.length,
      apiMessages: report.apiMessages,
    };
    rmSync(root, { recursive: true, force: true });
  }, REFERENCE_TIMEOUT);

  it.each(TRIALS)('trial %i: one compaction is appended, once, and the resumed chain starts at it', async () => {
    const { root, project, transcript } = projectCopy();
    const results = await startTogether('cliAtBarrier', [args(transcript), args(transcript)]);
    expectDoneOrBusy(results, 'memlog compact', transcript);
    const text = readFileSync(transcript, 'utf8');
    expect(text.startsWith(original)).toBe(true);
    expect(boundaries(text) - boundaries(original)).toBe(1);
    expect(text.endsWith('\n')).toBe(true);
    for (const line of text.slice(0, -1).split('\n')) expect(() => JSON.parse(line) as unknown).not.toThrow();
    // The same two entries as a single run appends, but for the time it stamps and the uuids made from it.
    expect(normalizedTail(text, original, root)).toBe(reference.tail);
    expect(normalizedTail(readFileSync(join(project, `${SESSION}.memlog.jsonl`), 'utf8'), '', root)).toBe(reference.effects);
    // What `memlog inspect --json` shows: one new boundary, and the resumed chain begins there.
    const report = inspectTranscript(transcript);
    const boundary = (JSON.parse(text.slice(original.length).split('\n')[0]!) as { uuid: string }).uuid;
    expect(report.diagnostics).toEqual([]);
    expect(report.cycle).toBe(false);
    expect(report.compactBoundaries.at(-1)?.uuid).toBe(boundary);
    expect(report.chain[0]).toBe(boundary);
    expect({ chain: report.chain.length, apiMessages: report.apiMessages }).toEqual({
      chain: reference.chain,
      apiMessages: reference.apiMessages,
    });
    const third = await compactTranscript({
      transcriptPath: transcript,
      notesPath: defaultNotesPath(transcript),
      model: new OfflineModel(),
      autocompact: { contextWindow: 40_000 },
    });
    expect({ strategy: third.strategy, reason: third.reason }).toEqual({
      strategy: 'none',
      reason: 'nothing new since the last compaction',
    });
    expect(readFileSync(transcript, 'utf8')).toBe(text);
    expect(leftovers(root)).toEqual([]);
  });
});

describe('memlog extract: two at once into one memory folder', () => {
  /** `<root>/projects/acme` (the demo project without its memory) and `<root>/out`. */
  function layout(): { root: string; projects: string; out: string } {
    const { root, project } = projectCopy(join('projects', 'acme'));
    rmSync(join(project, 'memory'), { recursive: true, force: true });
    const projects = join(root, 'projects');
    return { root, projects, out: join(root, 'out') };
  }
  const args = (projects: string, out: string) => ['extract', projects, '--out', out, '--model', 'offline'];
  let reference: Record<string, string>;

  beforeAll(() => {
    const { root, projects, out } = layout();
    const single = runCli(args(projects, out));
    expect(single.status, single.stderr).toBe(0);
    reference = textSnapshot(out, root);
    rmSync(root, { recursive: true, force: true });
  }, REFERENCE_TIMEOUT);

  it.each(TRIALS)('trial %i: the memory and the effect logs are a single run’s', async () => {
    const { root, projects, out } = layout();
    const results = await startTogether('cliAtBarrier', [args(projects, out), args(projects, out)]);
    expectDoneOrLeftForNextRun(results, join(out, 'acme', 'memory'));
    const after = textSnapshot(out, root);
    expect(Object.keys(after).filter((path) => path.startsWith(join('acme', 'memory'))).length).toBeGreaterThan(1);
    expect(after).toEqual(reference);
    const third = await backfillMemories({ root: projects, out, model: new OfflineModel() });
    expect({ processed: third.processed, failedRuns: third.failedRuns }).toEqual({ processed: 0, failedRuns: 0 });
    expect(textSnapshot(out, root)).toEqual(after);
    expect(leftovers(root)).toEqual([]);
  });
});
