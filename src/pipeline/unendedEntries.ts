import type { EffectRecord } from './effectRecord.js';
import { JOURNAL_KINDS, kindOf, type JournalKind } from './journalKinds.js';

/** A kind's begin record, and its commit record (the same type when the kind commits as it begins). */
export type BeginOf<K extends JournalKind> = KindRecord<K, (typeof JOURNAL_KINDS)[K]['begin']>;
export type CommitOf<K extends JournalKind> = KindRecord<K, (typeof JOURNAL_KINDS)[K]['commit']>;
/** A run's records are of every run kind; narrowed by `run` to this kind's (Extract alone would find no run_started of one kind). */
type KindRecord<K extends JournalKind, T extends EffectRecord['type']> = Extract<EffectRecord, { type: T }> &
  (K extends 'session_notes' | 'extraction' | 'compaction' ? { readonly run: K } : unknown);

/** What a killed process left of one kind: entries begun and never committed, and entries committed and not yet applied. */
export interface Unended<K extends JournalKind> {
  readonly begun: BeginOf<K>[];
  readonly committed: CommitOf<K>[];
}

export interface UnendedOptions<K extends JournalKind> {
  /**
   * For a kind whose apply leaves no end record (a run moves its staged copy in): whether a
   * commit's apply is done (its staged copy gone). Asked as the log streams by, so a long log
   * keeps only the commits still to finish.
   */
  readonly applied?: (commit: CommitOf<K>) => boolean;
  /** Begun entries that go on elsewhere (a request in a submitted message batch): neither finished nor taken back. */
  readonly elsewhere?: (begin: BeginOf<K>) => boolean;
  /** A later begin replaces an earlier unended one (`memlog compact`: only the newest may still land). */
  readonly supersede?: boolean;
}

/** The id an entry's records share: a run's or consolidation's id, a compaction's boundary, a chunk's id. */
function entryId(record: EffectRecord): string {
  switch (record.type) {
    case 'run_started':
    case 'run_finished':
    case 'run_failed':
    case 'consolidation_started':
    case 'consolidation_finished':
      return record.runId;
    case 'compaction_started':
    case 'compacted':
      return record.outcome.boundaryUuid;
    case 'candidates_requested':
    case 'candidates':
      return record.chunkId;
    case 'candidates_consumed':
    case 'decision':
    case 'audit_judged':
      return '';
  }
}

/** Whether a record is this kind's begin, commit or end step: the guards the fold narrows by. */
const isStep =
  <K extends JournalKind, S extends 'begin' | 'commit' | 'end'>(kind: K, step: S) =>
  (record: EffectRecord): record is KindRecord<K, (typeof JOURNAL_KINDS)[K][S]> =>
    kindOf(record) === kind && record.type === JOURNAL_KINDS[kind][step];

/**
 * Folds a log into what is left unended of one kind (decision 74): the journal's one reading of
 * begin, commit and end, for every kind from the JOURNAL_KINDS table.
 */
export function unendedEntries<K extends JournalKind>(
  records: Iterable<EffectRecord>,
  kind: K,
  options: UnendedOptions<K> = {},
): Unended<K> {
  const [isBegin, isCommit, isEnd] = [isStep(kind, 'begin'), isStep(kind, 'commit'), isStep(kind, 'end')];
  // Consolidation stages first, so its begin is its commit; `memlog compact` commits when its append lands (asked at recovery).
  const commitsAtBegin = options.supersede !== true && JOURNAL_KINDS[kind].begin === JOURNAL_KINDS[kind].commit;
  const begun = new Map<string, BeginOf<K>>();
  const committed = new Map<string, CommitOf<K>>();
  for (const record of records) {
    if (isEnd(record)) {
      begun.delete(entryId(record));
      committed.delete(entryId(record));
    } else if (isCommit(record) && (commitsAtBegin || !isBegin(record))) {
      begun.delete(entryId(record));
      if (options.applied?.(record) !== true) committed.set(entryId(record), record);
    } else if (isBegin(record)) {
      if (options.supersede === true) begun.clear();
      begun.set(entryId(record), record);
    }
  }
  const elsewhere = options.elsewhere ?? (() => false);
  return { begun: [...begun.values()].filter((b) => !elsewhere(b)), committed: [...committed.values()] };
}
