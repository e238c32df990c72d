import { z } from 'zod';
import { RUN_KINDS } from '../projections/decisions.js';
import { CompactionOutcomeRead, RUN_OUTCOMES_READ } from './runOutcomes.js';

/**
 * memlog's own log: what it decided and what its runs did, beside the transcript.
 * History:
 * - 1: decision, run_started, run_finished and run_failed records, each with the transcript position;
 *   `compacted` (a compaction no trigger asked for, e.g. `memlog compact`) added later in 1: readers
 *   that predate it report it as a schema mismatch and go on. `candidates` and `candidates_consumed`
 *   (backfill in two phases) likewise, `consumes` on `consolidation_started` (optional),
 *   `candidates_requested` (its first phase through a message batch), and `compaction_started`
 *   (`memlog compact`'s record before it appends, completed by `compacted`); `audit_judged`
 *   (`memlog audit --model`: a model's verdicts on one compaction, read back instead of asking again). `files`, `time` and
 *   `undoes` on `consolidation_started` (optional: the bytes before and after, for undo; decision 79).
 */
export const CURRENT_EFFECT_LOG_VERSION = 1;
export const SUPPORTED_EFFECT_LOG_VERSIONS = [1] as const;

/** Where in the transcript a record belongs: after the entry with this seq (-1: before any). */
export const LogPosition = z.object({ seq: z.number().int().min(-1), uuid: z.string().nullable() });
export type LogPosition = z.infer<typeof LogPosition>;

/** The run kinds of projections/decisions.ts, checked when a record is read. */
const RunKindSchema = z.enum(RUN_KINDS);

const base = { v: z.literal(SUPPORTED_EFFECT_LOG_VERSIONS), at: LogPosition };

export const DecisionRecord = z.looseObject({
  ...base,
  type: z.literal('decision'),
  decision: z.looseObject({ kind: z.string(), uuid: z.string(), seq: z.number(), tokens: z.number(), reason: z.string() }),
});
/** A run whose request went out in a message batch: its custom id, and what its view of the conversation was. */
export const RemoteRequest = z.looseObject({
  customId: z.string(),
  from: z.string().nullable().optional(),
  to: z.string().nullable().optional(),
  now: z.string().optional(),
});
export type RemoteRequest = z.infer<typeof RemoteRequest>;

export const RunStartedRecord = z.looseObject({
  ...base,
  type: z.literal('run_started'),
  run: RunKindSchema,
  runId: z.string(),
  /** The decisions this run serves (several when coalesced), by the entry that caused each. */
  batch: z.array(LogPosition),
  trailing: z.boolean(),
  /** Sent in a message batch: collected by a later `memlog extract --batch`. */
  remote: RemoteRequest.optional(),
  /** The trigger policy that decided the run (`claude-code` or `memlog`); absent in logs written before policies. */
  policy: z.string().optional(),
});
/** Placed after the transcript's last entry as it was when recorded (a batch result collected later): replay closes the triggers first. */
const afterEnd = z.boolean().optional();
/** A run's commit, its outcome typed by the run's kind (decision 74): `record.run` narrows it. Fields in the order read before. */
const runFinished = <R extends z.ZodType, O extends z.ZodType>(run: R, outcome: O) =>
  z.looseObject({ ...base, type: z.literal('run_finished'), run, runId: z.string(), outcome: outcome.optional(), afterEnd });
export const RunFinishedRecord = z.discriminatedUnion('run', [
  runFinished(z.literal('session_notes'), RUN_OUTCOMES_READ.session_notes),
  runFinished(z.literal('extraction'), RUN_OUTCOMES_READ.extraction),
  runFinished(z.literal('compaction'), RUN_OUTCOMES_READ.compaction),
]);
export const RunFailedRecord = z.looseObject({
  ...base,
  type: z.literal('run_failed'),
  run: RunKindSchema,
  runId: z.string(),
  error: z.string(),
  afterEnd,
  /** The run never happened (the process died, or the machine failed it): taken back, it runs again at its place. */
  interrupted: z.boolean().optional(),
  /** A failed newest run taken back by a later build to run again at the same place. */
  retried: z.boolean().optional(),
});

/** A compaction made outside the triggers' runs (`memlog compact`): it resets where the notes stand. */
export const CompactedRecord = z.looseObject({
  ...base,
  type: z.literal('compacted'),
  outcome: CompactionOutcomeRead,
});

/**
 * A compaction about to be appended to the transcript (`memlog compact`), recorded first: the
 * transcript's size before it and the text it appends, with the outcome its `compacted` record
 * will carry. A run that dies or meets a full disk after it leaves the append whole at `size`
 * (the next run writes the `compacted` record), or part of it (cut back to `size`), or none.
 * Completed by the next `compacted` record with the same boundary; superseded by a later
 * `compaction_started`.
 */
export const CompactionStartedRecord = z.looseObject({
  ...base,
  type: z.literal('compaction_started'),
  size: z.number().int().min(0),
  append: z.string().min(1),
  outcome: CompactedRecord.shape.outcome,
});

/** Where a statement was made, as consolidation cites it. */
export const SourceRefRecord = z.looseObject({
  session: z.string(),
  uuid: z.string(),
  timestamp: z.string(),
  sessionId: z.string().optional(),
});
/** One change a consolidation makes (see src/consolidation/consolidationPlan.ts), as the log keeps it: what, why, from where. */
export const ConsolidationChangeRecord = z.looseObject({
  kind: z.enum(['added', 'updated', 'merged', 'removed', 'confirmed', 'contradicts', 'unindexed']),
  filename: z.string().optional(),
  into: z.string().optional(),
  line: z.string().optional(),
  reason: z.string(),
  sources: z.array(SourceRefRecord).optional(),
  /** `contradicts`: the CLAUDE.md instruction, where it is and what it says. */
  instruction: z.looseObject({ file: z.string(), line: z.number(), text: z.string() }).optional(),
});
/** A file's bytes before and after a change, by sha256 (null: no such file). */
export const FileSnapshotRecord = z.looseObject({ file: z.string(), before: z.string().nullable(), after: z.string().nullable() });

/**
 * A consolidation of a memory directory, recorded once its new files are staged and before any
 * is moved into place: the commit point. The files listed are moved (`writes`) and removed
 * (`removes`), the index last; a run killed after this record is finished by the next one.
 * `consumes`: the backfill candidate chunks it merges (as in `candidates_consumed`), consumed
 * from this commit on, so a run killed before its end is finished, never merged again.
 */
export const ConsolidationStartedRecord = z.looseObject({
  ...base,
  type: z.literal('consolidation_started'),
  runId: z.string(),
  changes: z.array(ConsolidationChangeRecord),
  writes: z.array(z.string()),
  removes: z.array(z.string()),
  consumes: z.array(z.string()).optional(),
  /** Each file written or removed, by the sha256 of its bytes before and after (null: no file), kept in the blob store first (decision 79). */
  files: z.array(FileSnapshotRecord).optional(),
  /** When the run made its plan (ISO). */
  time: z.string().optional(),
  /** `memlog undo`: the run whose changes this one takes back. */
  undoes: z.string().optional(),
});
export const ConsolidationFinishedRecord = z.looseObject({ ...base, type: z.literal('consolidation_finished'), runId: z.string() });

/** A candidate memory as backfill's first phase records it (src/consolidation/memoryCandidate.ts). */
export const CandidateRecord = z.looseObject({
  type: z.enum(['user', 'feedback', 'project', 'reference']),
  name: z.string(),
  description: z.string(),
  body: z.string(),
  saidAt: z.string(),
  sources: z.array(SourceRefRecord),
});
/**
 * What one chunk of a session (whole turns, from message `first` to `last`) yielded in
 * backfill's first phase, recorded before anything else is done with it: a rerun skips the
 * chunks recorded. `chunkId` names it for the consolidation that consumes it.
 */
export const CandidatesRecord = z.looseObject({
  ...base,
  type: z.literal('candidates'),
  chunkId: z.string(),
  first: z.string(),
  last: z.string(),
  candidates: z.array(CandidateRecord),
  /** The chunk's own size (the project's estimate), and what the model was sent and answered. */
  tokens: z.looseObject({ chunk: z.number(), input: z.number(), output: z.number() }),
});
/**
 * A chunk of backfill's first phase sent through a message batch, recorded before the batch is
 * submitted: `customId` names its request in the batch ledger beside the memory directory. The
 * chunk is pending until a `candidates` record names it; a request in no batch never left the
 * machine, and one whose batch ended without an answer is requested again (a new custom id).
 */
export const CandidatesRequestedRecord = z.looseObject({
  ...base,
  type: z.literal('candidates_requested'),
  chunkId: z.string(),
  first: z.string(),
  last: z.string(),
  customId: z.string(),
});
/**
 * Candidate chunks (by `<session id>/<chunk id>`) a backfill has taken into the memory directory
 * without a consolidation commit to name them (their candidates changed nothing, or there were
 * none), in its consolidation log: a later backfill does not merge them again. Chunks a
 * consolidation merges are named by its `consolidation_started` record instead.
 */
export const CandidatesConsumedRecord = z.looseObject({ ...base, type: z.literal('candidates_consumed'), chunks: z.array(z.string()) });

/** A model's verdicts on the items of one compaction (decision 78), in the order of `items`. */
export const AuditJudgedRecord = z.looseObject({
  ...base,
  type: z.literal('audit_judged'),
  boundary: z.string(),
  model: z.string(),
  items: z.array(z.string()),
  verdicts: z.array(z.enum(['kept', 'paraphrased', 'lost'])),
});

export const EffectRecord = z.discriminatedUnion('type', [
  DecisionRecord,
  RunStartedRecord,
  RunFinishedRecord,
  RunFailedRecord,
  CompactedRecord,
  CompactionStartedRecord,
  ConsolidationStartedRecord,
  ConsolidationFinishedRecord,
  CandidatesRecord,
  CandidatesRequestedRecord,
  CandidatesConsumedRecord,
  AuditJudgedRecord,
]);
export type EffectRecord = z.infer<typeof EffectRecord>;
export type RunStartedRecord = z.infer<typeof RunStartedRecord>;
export type RunFinishedRecord = z.infer<typeof RunFinishedRecord>;
export type RunFailedRecord = z.infer<typeof RunFailedRecord>;
export type CandidatesRecord = z.infer<typeof CandidatesRecord>;
export type CandidatesRequestedRecord = z.infer<typeof CandidatesRequestedRecord>;
