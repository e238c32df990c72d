import { closeSync, fstatSync, ftruncateSync, openSync, readSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import type { EffectRecord, LogPosition } from '../../pipeline/effectRecord.js';
import { effectRecords } from '../../pipeline/effectLog.js';
import { recoverJournal, type RecoverySteps } from '../../pipeline/recoverJournal.js';
import { unendedEntries } from '../../pipeline/unendedEntries.js';
import { compactedRecord, compactionStartedRecord } from '../../pipeline/effectRecords.js';

/**
 * `memlog compact`'s append to a live transcript and its `compacted` record, as one step that
 * happens whole or not at all (decision 63): `compaction_started` first (the size before and the
 * text to append), then the append, then `compacted`. A run stopped in between (a full disk, a
 * kill) is finished or taken back by the next one, so a rerun ends byte for byte as an
 * uninterrupted run.
 */

export type CompactionStarted = Extract<EffectRecord, { type: 'compaction_started' }>;

/** What a compaction records in its `compacted` record, fields in the order it writes them. */
export type CompactionOutcome = {
  readonly rung: string;
  readonly trigger: string;
  readonly cutUuid: string | null;
  readonly tokensBefore: number;
  readonly tokensAfter: number;
  readonly boundaryUuid: string;
  readonly kept: number;
};

/** The outcome with its fields in one order, whether just made or read back from the log: the records' bytes are the same either way. */
function inOrder(outcome: CompactionStarted['outcome']): CompactionOutcome {
  return {
    rung: outcome.rung,
    trigger: outcome.trigger,
    cutUuid: outcome.cutUuid ?? null,
    tokensBefore: outcome.tokensBefore,
    tokensAfter: outcome.tokensAfter,
    boundaryUuid: outcome.boundaryUuid,
    kept: outcome.kept ?? 0,
  };
}

export const startedRecord = (at: LogPosition, size: number, append: string, outcome: CompactionOutcome): CompactionStarted =>
  compactionStartedRecord(at, size, append, inOrder(outcome));

export const finishedRecord = (started: CompactionStarted): EffectRecord => compactedRecord(started.at, inOrder(started.outcome));

/** The newest compaction begun and never recorded as done, or null: the journal's reading of the `compact` kind (decision 74). */
export function pendingCompaction(records: Iterable<EffectRecord>): CompactionStarted | null {
  return unendedEntries(records, 'compact', { supersede: true }).begun.at(-1) ?? null;
}

/** Whether two begun records describe the same compaction at the same place: the second need not be written. */
export const sameCompaction = (a: CompactionStarted | null, b: CompactionStarted): boolean =>
  a !== null &&
  a.size === b.size &&
  a.append === b.append &&
  isDeepStrictEqual(a.at, b.at) &&
  isDeepStrictEqual(inOrder(a.outcome), inOrder(b.outcome));

/**
 * What the transcript, open on `fd`, holds of a begun compaction's append at its place: all of
 * it, part of it and nothing after (a write cut short), or none of it. `last`: nothing follows it.
 */
function landed(fd: number, started: CompactionStarted): { readonly held: 'whole' | 'part' | 'none'; readonly last: boolean } {
  const expected = Buffer.from(started.append, 'utf8');
  const size = fstatSync(fd).size;
  const length = Math.min(size - started.size, expected.length);
  if (length <= 0) return { held: 'none', last: false };
  const found = Buffer.alloc(length);
  readSync(fd, found, 0, length, started.size);
  const last = size === started.size + length;
  if (!found.equals(expected.subarray(0, length))) return { held: 'none', last };
  return { held: length === expected.length ? 'whole' : last ? 'part' : 'none', last };
}

/**
 * Cuts the transcript back to the begun compaction's `size` when what follows is its append,
 * whole or in part, and nothing after it (nobody wrote since): cutting needs no space. False
 * when it is not so.
 */
export function cutBack(transcriptPath: string, started: CompactionStarted): boolean {
  const fd = openSync(transcriptPath, 'r+');
  try {
    const { held, last } = landed(fd, started);
    if (held === 'none' || !last) return false;
    ftruncateSync(fd, started.size);
    return true;
  } finally {
    closeSync(fd);
  }
}

function holdsWhole(transcriptPath: string, started: CompactionStarted): boolean {
  const fd = openSync(transcriptPath, 'r');
  try {
    return landed(fd, started).held === 'whole';
  } finally {
    closeSync(fd);
  }
}

/**
 * Before a compaction (the caller holds the transcript's compaction lock), through the journal's
 * one recovery path (decision 74): a compaction an earlier run began and never recorded is
 * finished (its `compacted` recorded) when its append is whole in the transcript, which is its
 * commit; otherwise taken back, its part-append cut. Returns the begun record still pending (the
 * append is not there: a new compaction at the same place need not record it again) and
 * whether one was completed.
 */
export async function recoverCompaction(
  transcriptPath: string,
  logPath: string,
): Promise<{ pending: CompactionStarted | null; completed: boolean }> {
  const pending = pendingCompaction(effectRecords(logPath));
  if (pending === null) return { pending: null, completed: false };
  const steps: RecoverySteps<'compact'> = {
    landed: (begin) => holdsWhole(transcriptPath, begin),
    finishBegun: (begin) => Promise.resolve([finishedRecord(begin)]),
    finish: () => Promise.resolve([]),
    rollBack: (begin) => {
      cutBack(transcriptPath, begin);
      return Promise.resolve([]);
    },
  };
  const { finished } = await recoverJournal({ begun: [pending], committed: [] }, steps, logPath);
  return finished.length > 0 ? { pending: null, completed: true } : { pending, completed: false };
}
