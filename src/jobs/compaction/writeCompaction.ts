import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { compactionEntries } from '../../compaction/compactionEntries.js';
import type { CompactionView } from '../../compaction/compactionView.js';
import { loadsWhole, type RungPlan } from '../../compaction/rungs.js';
import { MemlogError } from '../../errors.js';
import { appendWholeLines } from '../../fs/appendLines.js';
import { rm } from '../../fs/faultableFs.js';
import { describeFsError, isFsError } from '../../fs/fsError.js';
import { appendEffectsSync, effectLogPath } from '../../pipeline/effectLog.js';
import type { LogPosition } from '../../pipeline/effectRecord.js';
import { hasUuid, serializeEntry } from '../../transcript/entrySchema.js';
import { copyToOut } from './compactOut.js';
import {
  compactJob,
  compactJournal,
  cutBack,
  finishedRecord,
  startedRecord,
  type CompactionOutcome,
  type CompactionPlace,
  type CompactionStarted,
} from './compactionJournal.js';
import { runEffect } from '../../pipeline/runEffect.js';

/** A uuid made from what it names, so the same compaction gets the same ids. */
function derivedUuid(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** What a compaction writes to, and what it says of itself. */
export interface CompactionTarget {
  readonly transcriptPath: string;
  /** A compacted copy instead of the transcript. */
  readonly out?: string | undefined;
  readonly force?: boolean | undefined;
  readonly effectLogPath?: string | undefined;
  readonly trigger?: 'auto' | 'manual' | undefined;
  readonly now?: (() => Date) | undefined;
}

/**
 * Writes a planned compaction as Claude Code's boundary and summary entries: appended to the
 * transcript with its records (appendRecorded), or to a compacted copy (`out`). Checks first
 * that the result loads back as planned and that the transcript has not grown since it was read
 * (`sizeAtRead`). `pending`: a compaction an earlier run recorded as begun and never appended.
 */
export async function writeCompaction(
  view: CompactionView,
  plan: RungPlan,
  report: { readonly tokensBefore: number; readonly cutUuid: string | null; readonly kept: readonly string[] },
  options: CompactionTarget,
  sizeAtRead: number,
  pending: CompactionStarted | null,
): Promise<{ path: string; uuids: string[] }> {
  const last = view.entries.at(-1);
  const seed = `${options.transcriptPath}\u0000${view.leaf ?? ''}\u0000${plan.rung}\u0000${plan.cut}`;
  // Session-notes compaction is always recorded as 'auto', as Claude Code does (spec §5.1).
  const trigger = plan.rung === 'notes' ? 'auto' : (options.trigger ?? 'manual');
  const entries = compactionEntries(
    view,
    { cut: plan.cut, summaryText: plan.summaryText, trigger, tokensBefore: report.tokensBefore, tokensAfter: plan.tokensAfter },
    {
      boundary: derivedUuid(`${seed}boundary`),
      summary: derivedUuid(`${seed}summary`),
      timestamp: (options.now?.() ?? new Date()).toISOString(),
    },
  );
  if (!loadsWhole(view, plan.cut))
    throw new MemlogError(
      'invalid_argument',
      `compaction of ${options.transcriptPath} would not load back as planned; nothing was written`,
      { cut: plan.cut },
    );
  // Claude Code may still be writing this session: a line written after the plan would sit before the boundary and be lost on resume.
  if ((await stat(options.transcriptPath)).size !== sizeAtRead)
    throw new MemlogError(
      'io',
      `${options.transcriptPath} changed while it was being compacted; nothing was written. Run memlog compact again.`,
    );
  const target = options.out ?? options.transcriptPath;
  const lines = entries.map((entry) => `${serializeEntry(entry)}\n`).join('');
  const uuids = entries.filter(hasUuid).map((entry) => entry.uuid);
  const logPath = options.out !== undefined ? effectLogPath(options.out) : (options.effectLogPath ?? effectLogPath(options.transcriptPath));
  const at = { seq: last?.seq ?? -1, uuid: last !== undefined && hasUuid(last.entry) ? last.entry.uuid : null };
  const outcome: CompactionOutcome = {
    rung: plan.rung,
    trigger,
    cutUuid: report.cutUuid,
    tokensBefore: report.tokensBefore,
    tokensAfter: plan.tokensAfter,
    boundaryUuid: uuids[0]!,
    kept: report.kept.length,
  };
  if (options.out !== undefined) await writeCopy(options.transcriptPath, options.out, options.force === true, lines, logPath, at, outcome);
  else {
    // A torn last line (a crash mid-write) is ended in the same write, so the boundary starts a line of its own.
    const append = (endsInsideLine(options.transcriptPath, sizeAtRead) ? '\n' : '') + lines;
    await appendRecorded({ transcriptPath: options.transcriptPath, logPath, at, size: sizeAtRead, append, pending }, outcome);
  }
  return { path: target, uuids };
}

/**
 * Appends the compaction to the live transcript as one step with its record (decision 63), the
 * compaction job run by the journal's driver (decision 91): `compaction_started` first (unless an
 * earlier run left the very same one pending), the append (a write the disk cuts short is taken
 * back), then `compacted`. Should that last record fail, the append is cut back too; a run that
 * dies in between is finished or taken back by the next.
 */
async function appendRecorded(place: Omit<CompactionPlace, 'failure'>, outcome: CompactionOutcome): Promise<void> {
  const asWas = 'nothing was written, the transcript is as it was';
  let said: Error | null = null;
  const failure = (error: unknown, step: 'commit' | 'end'): Error => {
    said = step === 'commit' ? writeFailure(error, place.transcriptPath, asWas) : endFailure(error);
    return said;
  };
  const endFailure = (error: unknown): Error => {
    const undone = tryCutBack(place.transcriptPath, startedRecord(place.at, place.size, place.append, outcome));
    return writeFailure(
      error,
      place.logPath,
      undone ? asWas : 'the compaction is in the transcript, and the next memlog compact records it',
    );
  };
  try {
    await runEffect(compactJournal({ ...place, failure }), compactJob(place.transcriptPath), outcome);
  } catch (error) {
    if (error instanceof Error && error === said) throw error;
    throw writeFailure(error, place.transcriptPath, asWas);
  }
}

/** A compacted copy (`--out`) and its record: the copy is removed again when any of it fails. */
async function writeCopy(
  transcriptPath: string,
  out: string,
  force: boolean,
  lines: string,
  logPath: string,
  at: LogPosition,
  outcome: CompactionOutcome,
): Promise<void> {
  try {
    await copyToOut(transcriptPath, out, force);
    await appendWholeLines(out, lines, { endTornTail: true });
    appendEffectsSync(logPath, [finishedRecord(startedRecord(at, 0, lines, outcome))]);
  } catch (error) {
    await rm(out, { force: true }).catch(() => undefined);
    throw writeFailure(error, out, 'no copy was written');
  }
}

function tryCutBack(transcriptPath: string, started: CompactionStarted): boolean {
  try {
    return cutBack(transcriptPath, started);
  } catch {
    return false; // the next run finds the record pending and finishes or cuts back then
  }
}

function writeFailure(error: unknown, path: string, consequence: string): MemlogError {
  const what = isFsError(error) ? describeFsError(error) : `${path}: ${error instanceof Error ? error.message : String(error)}`;
  return new MemlogError('io', `${what}; ${consequence}`, { path }, { cause: error });
}

/** Whether the file's first `size` bytes end inside a line (a crash cut its last line). */
function endsInsideLine(path: string, size: number): boolean {
  if (size === 0) return false;
  const fd = openSync(path, 'r');
  try {
    const byte = Buffer.alloc(1);
    readSync(fd, byte, 0, 1, size - 1);
    return byte[0] !== 0x0a;
  } finally {
    closeSync(fd);
  }
}
