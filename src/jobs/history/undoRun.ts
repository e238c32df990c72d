import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MemlogError } from '../../errors.js';
import { atomicWrite } from '../../fs/atomicWrite.js';
import { isWithin } from '../../fs/containment.js';
import { mkdirSync } from '../../fs/faultableFs.js';
import { readOrNullSync } from '../../fs/readOrNull.js';
import { sha256Hex } from '../../fs/sha256.js';
import { removeStagedDir, stagedDirPath } from '../../fs/stagedDir.js';
import { consolidationLogPath } from '../../memory/durable/memoryPaths.js';
import { readEffectLog } from '../../pipeline/effectLog.js';
import { nextRunId } from '../../pipeline/effectRecords.js';
import { commitConsolidation } from '../consolidation/commitConsolidation.js';
import { acquireConsolidationLock } from '../consolidation/consolidationLock.js';
import { finishCutShort } from '../consolidation/cutShort.js';
import { readBlob } from '../records/blobStore.js';
import { recordedRuns, type FileChange, type RecordedRun } from './readChanges.js';

/** A file the run left one way and that is another way now: undoing would lose what changed since. */
export interface UndoConflict {
  readonly file: string;
  /** The sha256 the run left (null: it removed the file), and what is there now. */
  readonly left: string | null;
  readonly now: string | null;
  /** The recorded runs that changed the file since (none: changed by hand, or by Claude Code). */
  readonly since: readonly string[];
}

export type UndoResult =
  | {
      readonly status: 'undone';
      readonly runId: string;
      readonly undid: string;
      readonly restored: readonly string[];
      readonly removed: readonly string[];
    }
  | { readonly status: 'refused'; readonly undid: string; readonly reason: string; readonly conflicts: readonly UndoConflict[] };

export interface UndoOptions {
  readonly memoryDir: string;
  /** A run's id (`consolidation@0`, `4a2030a7:extraction@12`), one file's change in it (`<run>/<file>`), or `last`. */
  readonly target: string;
  /** Undo over later changes (they are kept as the undo's own "before", so undoing the undo brings them back). */
  readonly force?: boolean;
  readonly now?: Date;
}

/** Thrown for a target that names nothing, or a run whose bytes were not recorded: a usage error, not a refusal. */
export class UndoTargetError extends MemlogError {
  constructor(message: string) {
    super('invalid_argument', message);
  }
}

const currentSha = (memoryDir: string, file: string): string | null => {
  const bytes = readOrNullSync(join(memoryDir, file));
  return bytes === null ? null : sha256Hex(bytes);
};

/** The run a target names, and the file changes of it to undo. */
function resolveTarget(runs: readonly RecordedRun[], target: string): { run: RecordedRun; files: readonly FileChange[] } {
  if (target === 'last') {
    const run = runs.at(-1);
    if (run === undefined) throw new UndoTargetError('no recorded run changed this memory directory');
    return { run, files: run.files };
  }
  const run = runs.find((r) => r.id === target) ?? runs.find((r) => target.startsWith(`${r.id}/`));
  if (run === undefined) throw new UndoTargetError(`no recorded run ${JSON.stringify(target)} (memlog memory log lists them)`);
  if (run.id === target) return { run, files: run.files };
  const file = target.slice(run.id.length + 1);
  const files = run.files.filter((f) => f.file === file);
  if (files.length === 0) throw new UndoTargetError(`${run.id} did not change ${file}`);
  return { run, files };
}

/** What stands between the directory and undoing: files changed since the run left them. */
function conflictsOf(memoryDir: string, runs: readonly RecordedRun[], run: RecordedRun, files: readonly FileChange[]): UndoConflict[] {
  const later = runs.slice(runs.indexOf(run) + 1);
  return files.flatMap((change) => {
    const now = currentSha(memoryDir, change.file);
    if (now === change.after) return [];
    const since = later.filter((r) => r.files.some((f) => f.file === change.file)).map((r) => r.id);
    return [{ file: change.file, left: change.after ?? null, now, since }];
  });
}

/** Checks every change can be taken back byte for byte: bytes recorded and kept, paths inside the directory. */
function checkRestorable(memoryDir: string, run: RecordedRun, files: readonly FileChange[]): void {
  if (!run.finished) throw new UndoTargetError(`${run.id} was cut short; memlog consolidate finishes it first`);
  for (const change of files) {
    if (!isWithin(memoryDir, join(memoryDir, change.file))) throw new UndoTargetError(`${change.file} is outside the memory directory`);
    if (change.before === undefined || change.after === undefined)
      throw new UndoTargetError(`${run.id} recorded no bytes for ${change.file} (an older log): it cannot be undone byte for byte`);
    if (change.before !== null && readBlob(memoryDir, change.before) === null)
      throw new UndoTargetError(`the bytes ${change.file} had before ${run.id} are no longer kept`);
  }
}

/**
 * Refuses before the lock is taken (taking it creates the directory): a memory directory that
 * is not there, or that no recorded run changed, has nothing to undo, and asking must leave
 * it as it was.
 */
function checkSomethingToUndo(memoryDir: string): void {
  if (!existsSync(memoryDir)) throw new UndoTargetError(`nothing to undo: there is no memory directory ${memoryDir}`);
  if (recordedRuns(memoryDir).length === 0) throw new UndoTargetError(`nothing to undo: no recorded run changed ${memoryDir}`);
}

/**
 * Takes back one recorded run's changes (or one file's), as a run of its own recorded in the
 * directory's log through the consolidation commit (so it can be undone in turn, and a kill
 * part-way is finished by the next run): each file gets back the bytes it had before, a file
 * the run created is removed. Refused when a file is not as the run left it, unless `force`
 * (decision 79).
 */
export async function undoRun(options: UndoOptions): Promise<UndoResult> {
  const { memoryDir } = options;
  const now = options.now ?? new Date();
  checkSomethingToUndo(memoryDir);
  const lock = await acquireConsolidationLock(memoryDir, now);
  if (!lock.ok) throw new UndoTargetError(lock.reason);
  try {
    const logPath = consolidationLogPath(memoryDir);
    await finishCutShort(memoryDir, logPath, readEffectLog(logPath).records);
    const runs = recordedRuns(memoryDir);
    const { run, files } = resolveTarget(runs, options.target);
    checkRestorable(memoryDir, run, files);
    const conflicts = conflictsOf(memoryDir, runs, run, files);
    if (conflicts.length > 0 && options.force !== true)
      return { status: 'refused', undid: run.id, reason: `${conflicts.length} file(s) changed since ${run.id}`, conflicts };
    const toChange = files.filter((f) => currentSha(memoryDir, f.file) !== f.before);
    const runIds = readEffectLog(logPath).records.flatMap((r) => (r.type === 'consolidation_started' ? [r.runId] : []));
    const runId = nextRunId('undo', runIds.filter((id) => id.startsWith('undo@')).length, new Set(runIds));
    const restored = toChange.filter((f) => f.before !== null).map((f) => f.file);
    const removed = toChange.filter((f) => f.before === null).map((f) => f.file);
    await commitUndo(memoryDir, logPath, runId, run.id, toChange, now);
    return { status: 'undone', runId, undid: run.id, restored, removed };
  } finally {
    await lock.release(false);
  }
}

/** Stages the bytes to put back and commits them, through the one commit path of the directory's log. */
async function commitUndo(memoryDir: string, logPath: string, runId: string, undid: string, files: readonly FileChange[], now: Date) {
  const staging = stagedDirPath(memoryDir, runId);
  await removeStagedDir(staging);
  mkdirSync(staging, { recursive: true });
  const writes: string[] = [];
  const removes: string[] = [];
  for (const change of files) {
    const bytes = change.before === null || change.before === undefined ? null : readBlob(memoryDir, change.before);
    if (bytes === null) {
      removes.push(change.file);
      continue;
    }
    mkdirSync(join(staging, change.file, '..'), { recursive: true });
    await atomicWrite(join(staging, change.file), bytes, 0o644);
    writes.push(change.file);
  }
  const changes = files.map((f) => ({
    kind: f.before === null ? ('removed' as const) : f.after === null ? ('added' as const) : ('updated' as const),
    filename: f.file,
    reason: `undo of ${undid}`,
  }));
  await commitConsolidation({
    memoryDir,
    logPath,
    runId,
    plan: { records: changes },
    writes,
    removes,
    time: now.toISOString(),
    undoes: undid,
  });
}
