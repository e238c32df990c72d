import type { z } from 'zod';
import {
  AuditJudgedRecord,
  CandidatesConsumedRecord,
  CandidatesRecord,
  CandidatesRequestedRecord,
  CompactedRecord,
  CompactionStartedRecord,
  ConsolidationFinishedRecord,
  ConsolidationStartedRecord,
  DecisionRecord,
  RunFailedRecord,
  RunFinishedRecord,
  RunStartedRecord,
  type EffectRecord,
} from './effectRecord.js';
import { CompactionOutcome, ExtractionRunOutcome, NotesRunOutcome } from './runOutcomes.js';

/**
 * What a consolidation commits: its changes, the files it moves in and removes, the candidate
 * chunks it consumes, and for undo the files' bytes before and after, when, and the run it undoes.
 */
const ConsolidationOutcome = ConsolidationStartedRecord.pick({
  changes: true,
  writes: true,
  removes: true,
  consumes: true,
  files: true,
  time: true,
  undoes: true,
});
/** What a chunk of backfill's first phase commits: its candidates and what they cost. */
const CandidatesOutcome = CandidatesRecord.pick({ first: true, last: true, candidates: true, tokens: true });

/**
 * The journal's kinds (decision 74): every effect memlog makes is one of these, and every record
 * it writes is one step of one of them. A kind names its outcome schema (what its commit
 * carries) and which record type is its begin, commit and end step; the journal's reader and
 * its one recovery path work from this table alone.
 *
 * Steps: `begin` (asked, nothing done), `commit` (the outcome is decided and in the log; from
 * here on the effect is finished, never undone), `end` (applied, or taken back when it was
 * never committed). A kind whose begin is its commit (consolidation: staged first) has no
 * separate begin; one whose apply is checked on disk (a run's staged copy) has no end record.
 */
export const JOURNAL_KINDS = {
  session_notes: { outcome: NotesRunOutcome, begin: 'run_started', commit: 'run_finished', end: 'run_failed' },
  extraction: { outcome: ExtractionRunOutcome, begin: 'run_started', commit: 'run_finished', end: 'run_failed' },
  compaction: { outcome: CompactionOutcome, begin: 'run_started', commit: 'run_finished', end: 'run_failed' },
  /** `memlog compact`: the begin carries the outcome and the append; the append landing whole is the commit. */
  compact: { outcome: CompactionOutcome, begin: 'compaction_started', commit: 'compaction_started', end: 'compacted' },
  consolidation: {
    outcome: ConsolidationOutcome,
    begin: 'consolidation_started',
    commit: 'consolidation_started',
    end: 'consolidation_finished',
  },
  /** Backfill's first phase: a chunk's candidates; requested first when they go out in a message batch. */
  candidates: { outcome: CandidatesOutcome, begin: 'candidates_requested', commit: 'candidates', end: 'candidates_consumed' },
} as const satisfies Record<string, JournalKindSpec>;

interface JournalKindSpec {
  readonly outcome: z.ZodType;
  readonly begin: EffectRecord['type'];
  readonly commit: EffectRecord['type'];
  readonly end: EffectRecord['type'];
}

export type JournalKind = keyof typeof JOURNAL_KINDS;

/**
 * Records that are no effect's step: what the triggers decided (a skip too), kept beside the effects for replay,
 * and a model's recorded verdicts on a compaction (`memlog audit --model`, decision 78), read back instead of asking again.
 */
export const JOURNAL_NOTES = ['decision', 'audit_judged'] as const;

/** Every record type the journal writes, with its schema: a writer may write these and no other. */
export const JOURNAL_RECORDS = {
  decision: DecisionRecord,
  run_started: RunStartedRecord,
  run_finished: RunFinishedRecord,
  run_failed: RunFailedRecord,
  compaction_started: CompactionStartedRecord,
  compacted: CompactedRecord,
  consolidation_started: ConsolidationStartedRecord,
  consolidation_finished: ConsolidationFinishedRecord,
  candidates_requested: CandidatesRequestedRecord,
  candidates: CandidatesRecord,
  candidates_consumed: CandidatesConsumedRecord,
  audit_judged: AuditJudgedRecord,
} as const satisfies { readonly [T in EffectRecord['type']]: z.ZodType };

/** Whether a record's type is one the journal knows: the log's writers refuse any other. */
export function isJournalRecordType(type: string): type is EffectRecord['type'] {
  return Object.hasOwn(JOURNAL_RECORDS, type);
}

/** Whether a record fits its type's schema in JOURNAL_RECORDS: the journal's writer writes no other. */
export function fitsJournalSchema(record: EffectRecord): boolean {
  return JOURNAL_RECORDS[record.type].safeParse(record).success;
}

/** The journal kind a record is a step of, or null for a note (a decision). */
export function kindOf(record: EffectRecord): JournalKind | null {
  switch (record.type) {
    case 'decision':
    case 'audit_judged':
      return null;
    case 'run_started':
    case 'run_finished':
    case 'run_failed':
      return record.run;
    case 'compaction_started':
    case 'compacted':
      return 'compact';
    case 'consolidation_started':
    case 'consolidation_finished':
      return 'consolidation';
    case 'candidates_requested':
    case 'candidates':
    case 'candidates_consumed':
      return 'candidates';
  }
}
