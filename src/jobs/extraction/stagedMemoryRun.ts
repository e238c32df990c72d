import { basename, join, sep } from 'node:path';
import { mkdirSync, rmSync } from '../../fs/faultableFs.js';
import { atomicWrite } from '../../fs/atomicWrite.js';
import { readOrNullSync } from '../../fs/readOrNull.js';
import { sha256Hex } from '../../fs/sha256.js';
import { applyStagedFiles, removeStagedDir, stageDir, stagedDirPath, type StagedChange } from '../../fs/stagedDir.js';
import { keepFile, saveBlob } from '../records/blobStore.js';
import { fitIndex, INDEX_NAME } from '../../memory/durable/memoryIndex.js';
import { scanMemoryFiles } from '../../memory/durable/memoryScan.js';
import { parseTopicFile, type FrontmatterForm } from '../../memory/durable/topicFile.js';
import { stampTopicFile } from '../../memory/durable/frontmatterStamp.js';
import { stripHarnessTags } from '../../memory/durable/harnessTags.js';
import { backfillIndexRecorded } from '../records/recordedIndexBackfill.js';
import type { ExtractionOutcome } from '../../pipeline/runOutcomes.js';
import { followNames } from './followNames.js';

/** The copy a run works in, beside the memory directory (outside it, so no scan ever lists it). */
export const extractionStagingDir = (memoryDir: string, runId: string): string => stagedDirPath(memoryDir, runId);

/**
 * Moves the files a run changed from its copy into the memory directory (applyStagedFiles),
 * topic files first and the index last, so it never names a file that is not there yet.
 */
export async function applyStaged(
  staging: string,
  memoryDir: string,
  files: readonly string[],
  removed: readonly string[] = [],
): Promise<void> {
  const ordered = [...files].sort((a, b) => Number(basename(a) === INDEX_NAME) - Number(basename(b) === INDEX_NAME) || (a < b ? -1 : 1));
  await applyStagedFiles(staging, memoryDir, ordered);
  // After the index: it already names the file the memory moved to (followNames.ts).
  for (const file of removed) rmSync(join(memoryDir, file), { force: true });
}

/** What the work inside a staged run reports, for the outcome. */
export interface StagedWork {
  readonly toolCalls: number;
  readonly denied: number;
  readonly turns: number;
  readonly tokens: ExtractionOutcome['tokens'];
  /** Writes refused by the secret scan, as `file:line: label (rule)`. */
  readonly refused?: readonly string[];
}

/** What the work inside a staged run is given: its copy of the memory directory, as the run began. */
export interface StagedContext {
  readonly staging: string;
  readonly existing: Awaited<ReturnType<typeof scanMemoryFiles>>;
  readonly index: string;
}

export interface StagedRunOptions {
  readonly memoryDir: string;
  readonly runId: string;
  readonly sessionId: string | null;
  readonly from: string | null;
  readonly to: string | null;
  /** Each topic file the run wrote gets the frontmatter stamps of a write (frontmatterStamp.ts): this write's time, in this form. */
  readonly stamp?: { readonly now: string; readonly form: FrontmatterForm };
}

/**
 * What a background writer's files get before they count as written (spec-2.1.332 §3): harness
 * tags stripped from every Markdown file, and each topic file stamped (slug name, `modified`,
 * origin session kept from the file as it was, or this run's).
 */
async function finishWrites(
  staging: string,
  memoryDir: string,
  changes: ReadonlyArray<{ readonly file: string; readonly content: Buffer }>,
  options: StagedRunOptions,
): Promise<void> {
  for (const { file, content } of changes) {
    if (!file.endsWith('.md')) continue;
    const text = content.toString('utf8');
    const finished =
      basename(file) === INDEX_NAME || options.stamp === undefined
        ? stripHarnessTags(text)
        : stampTopicFile(text, {
            now: options.stamp.now,
            sessionId: options.sessionId,
            previous: readOrNullSync(join(memoryDir, file))?.toString('utf8') ?? null,
            filename: file.split(sep).join('/'),
            form: options.stamp.form,
          });
    if (finished !== text) await atomicWrite(join(staging, file), finished);
  }
}

/**
 * Rewritten memories moved to the files their names say (followNames.ts, decision 93), each file
 * left behind with its bytes kept in the blob store, so that the run can be undone.
 */
async function movedToNames(
  staging: string,
  memoryDir: string,
  changes: readonly StagedChange[],
  options: StagedRunOptions,
): Promise<NonNullable<ExtractionOutcome['removed']>> {
  if (options.stamp === undefined) return [];
  const moved = await followNames(
    staging,
    memoryDir,
    changes.map((c) => c.file),
    options.stamp.form,
  );
  return Promise.all(moved.map(async (file) => ({ file, before: await keepFile(memoryDir, memoryDir, file) })));
}

/**
 * What a run wrote, each file with the hash of its bytes before and after, both kept in the blob
 * store before the outcome is recorded: the run's apply step can then be undone (decision 79).
 */
async function writtenFiles(memoryDir: string, changes: readonly StagedChange[]): Promise<ExtractionOutcome['written']> {
  const written: ExtractionOutcome['written'] = [];
  for (const { file, content, change } of changes) {
    const parsed = file.endsWith('.md') && basename(file) !== INDEX_NAME ? parseTopicFile(content.toString('utf8'), file) : null;
    const before = await keepFile(memoryDir, memoryDir, file);
    await saveBlob(memoryDir, content);
    const type = parsed?.ok === true ? parsed.file.type : null;
    written.push({ file: file.split(sep).join('/'), sha256: sha256Hex(content), change, type, before });
  }
  return written;
}

/**
 * A run that changes memory through a copy: `work` writes into the copy; the index is kept
 * within Claude Code's limits; what differs from the copy's start is the outcome, and `apply`
 * moves it into place once the outcome is recorded. A fault at any point leaves the memory
 * directory as it was.
 */
export async function runStaged(
  options: StagedRunOptions,
  work: (context: StagedContext) => Promise<StagedWork>,
): Promise<{ readonly outcome: ExtractionOutcome; readonly apply: () => Promise<void> }> {
  const { memoryDir } = options;
  mkdirSync(memoryDir, { recursive: true });
  // Before the copy is made, as Claude Code 2.1.332 does before its writers run: a directory of topic files gets its missing index.
  await backfillIndexRecorded(memoryDir, options.stamp === undefined ? new Date() : new Date(options.stamp.now));
  const staged = await stageDir(memoryDir, extractionStagingDir(memoryDir, options.runId));
  const staging = staged.path;
  try {
    const existing = await scanMemoryFiles(staging);
    const index = readOrNullSync(join(staging, INDEX_NAME))?.toString('utf8') ?? '';
    const done = await work({ staging, existing, index });
    await finishWrites(staging, memoryDir, await staged.changes(), options);
    const removed = await movedToNames(staging, memoryDir, await staged.changes(), options);
    const indexPath = join(staging, INDEX_NAME);
    const written = readOrNullSync(indexPath);
    const fit = written === null ? { content: '', shortened: 0, dropped: [] as string[] } : fitIndex(written.toString('utf8'));
    if (written !== null && fit.content !== written.toString('utf8')) await atomicWrite(indexPath, fit.content);
    const changes = await writtenFiles(memoryDir, await staged.changes());
    const outcome: ExtractionOutcome = {
      sessionId: options.sessionId,
      from: options.from,
      to: options.to,
      written: changes,
      indexShortened: fit.shortened,
      indexDropped: [...fit.dropped],
      toolCalls: done.toolCalls,
      denied: done.denied,
      turns: done.turns,
      tokens: done.tokens,
      ...(done.refused === undefined ? {} : { refused: [...done.refused] }),
      ...(removed.length === 0 ? {} : { removed }),
      ...(options.stamp === undefined ? {} : { when: options.stamp.now }),
    };
    const [files, gone] = [changes.map((c) => c.file), removed.map((r) => r.file)];
    return { outcome, apply: () => applyStaged(staging, memoryDir, files, gone) };
  } catch (error) {
    await removeStagedDir(staging).catch(() => undefined);
    throw error;
  }
}
