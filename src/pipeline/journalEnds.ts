import type { EffectRecord } from './effectRecord.js';
import { compactedRecord, consolidationFinishedRecord, runInterruptedRecord } from './effectRecords.js';
import type { JournalKind } from './journalKinds.js';
import { compactionOutcomeInOrder } from './runOutcomes.js';
import type { BeginOf, CommitOf } from './unendedEntries.js';

/**
 * How each kind's entries are closed (decision 91), made from the entry's own records so the
 * live driver and the recovery path write the same bytes: `ended` after an applied commit,
 * `takenBack` after an entry begun and never committed was rolled back.
 */
export interface JournalEnd<K extends JournalKind> {
  readonly ended: (commit: CommitOf<K>) => readonly EffectRecord[];
  readonly takenBack: (begin: BeginOf<K>) => readonly EffectRecord[];
}

/** A run's apply is checked on disk (its staged copy gone), so it has no end record; one taken back is marked interrupted and runs again at its place. */
const RUN_END = {
  ended: () => [],
  takenBack: (begin: BeginOf<'session_notes' | 'extraction' | 'compaction'>) => [
    runInterruptedRecord({ at: begin.at, run: begin.run, runId: begin.runId, reason: 'the run never recorded an end' }),
  ],
};

export const JOURNAL_ENDS: { readonly [K in JournalKind]: JournalEnd<K> } = {
  session_notes: RUN_END,
  extraction: RUN_END,
  compaction: RUN_END,
  /** `memlog compact`: `compacted` once the append is whole; a part-append is cut back and nothing recorded (decision 63). */
  compact: {
    ended: (commit) => [compactedRecord(commit.at, compactionOutcomeInOrder(commit.outcome))],
    takenBack: () => [],
  },
  /** Staged first, a consolidation commits as it begins: nothing to take back. */
  consolidation: { ended: (commit) => [consolidationFinishedRecord(commit.runId)], takenBack: () => [] },
  /** A chunk's `candidates` record is its commit and its end; a requested chunk goes on in its message batch. */
  candidates: { ended: () => [], takenBack: () => [] },
};
