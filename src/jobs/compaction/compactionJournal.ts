import { closeSync, fstatSync, ftruncateSync, openSync, readSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import type { EffectRecord, LogPosition } from '../../pipeline/effectRecord.js';
import { appendWholeLines } from '../../fs/appendLines.js';
import { defineEffectJob, type EffectJob } from '../../pipeline/effectJob.js';
import { appendEffectsSync, effectRecords } from '../../pipeline/effectLog.js';
import { compactedRecord, compactionStartedRecord } from '../../pipeline/effectRecords.js';
import { JOURNAL_KINDS } from '../../pipeline/journalKinds.js';
import { recoverEffects } from '../../pipeline/recoverJournal.js';
import type { EffectJournal } from '../../pipeline/runEffect.js';
import { compactionOutcomeInOrder, type CompactionOutcomeWritten } from '../../pipeline/runOutcomes.js';
import { unendedEntries } from '../../pipeline/unendedEntries.js';

/**
 * `memlog compact`'s append to a live transcript and its `compacted` record, as one step that
 * happens whole or not at all (decision 63): `compaction_started` first (the size before and the
 * text to append), then the append, then `compacted`. A run stopped in between (a full disk, a
 * kill) is finished or taken back by the next one, so a rerun ends byte for byte as an
 * uninterrupted run.
 */

export type CompactionStarted = Extract<EffectRecord, { type: 'compaction_started' }>;

/** What a compaction records in its `compacted` record, fields in the order it writes them (the kind's schema, decision 91). */
export type CompactionOutcome = CompactionOutcomeWritten;

export const startedRecord = (at: LogPosition, size: number, append: string, outcome: CompactionOutcome): CompactionStarted =>
  compactionStartedRecord(at, size, append, compactionOutcomeInOrder(outcome));

export const finishedRecord = (started: CompactionStarted): EffectRecord =>
  compactedRecord(started.at, compactionOutcomeInOrder(started.outcome));

/** Where a compaction appends: the transcript, the effect log, the transcript's size before and the text it appends. */
export interface CompactionPlace {
  readonly transcriptPath: string;
  readonly logPath: string;
  readonly at: LogPosition;
  readonly size: number;
  readonly append: string;
  /** What an earlier run began at this place and never appended: the very same begin is not recorded again. */
  readonly pending: CompactionStarted | null;
  /** Makes a failure of the step named into the error the person sees. */
  readonly failure: (error: unknown, step: 'commit' | 'end') => Error;
}

/**
 * `memlog compact`'s journal (decision 91): it commits as it begins (`compaction_started`, the
 * append and the outcome, before anything is appended); the append landing whole is its apply,
 * `compacted` its end.
 */
export function compactJournal(place: CompactionPlace): EffectJournal<'compact'> {
  return {
    id: place.append,
    record: (records) => {
      const step = records.some((r) => r.type === 'compacted') ? 'end' : 'commit';
      const fresh = records.filter((r) => r.type !== 'compaction_started' || !sameCompaction(place.pending, r));
      try {
        appendEffectsSync(place.logPath, fresh);
      } catch (error) {
        throw place.failure(error, step);
      }
    },
    begin: () => null,
    commit: (outcome) => {
      if (outcome === undefined) throw new TypeError('a compaction commits its outcome');
      return startedRecord(place.at, place.size, place.append, compactionOutcomeInOrder(outcome));
    },
    failed: () => {
      throw new TypeError('a compaction has no begin to end');
    },
  };
}

/** A compaction as the journal runs it: the executor gives the planned outcome; the apply step appends it to the transcript whole. */
export function compactJob(transcriptPath: string): EffectJob<'compact', CompactionOutcome> {
  return defineEffectJob({
    kind: 'compact',
    outcome: JOURNAL_KINDS.compact.outcome,
    execute: (outcome) => Promise.resolve(outcome),
    apply: (commit) => appendWholeLines(transcriptPath, commit.append),
    rollBack: (begin) => {
      cutBack(transcriptPath, begin);
      return Promise.resolve();
    },
  });
}

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
  isDeepStrictEqual(compactionOutcomeInOrder(a.outcome), compactionOutcomeInOrder(b.outcome));

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
  // Its commit is a fact on disk: the append whole in the transcript, then it is closed; otherwise taken back, a part-append cut.
  const landed = (begin: CompactionStarted): CompactionStarted | null => (holdsWhole(transcriptPath, begin) ? begin : null);
  const { finished } = await recoverEffects({ begun: [pending], committed: [] }, compactJob(transcriptPath), logPath, landed);
  return finished.length > 0 ? { pending: null, completed: true } : { pending, completed: false };
}
