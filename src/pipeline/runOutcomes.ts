import { z } from 'zod';

/*
 * What each kind of effect commits, as its journal records it (decision 74): the one schema per
 * kind that writers are typed by and readers read by. Read back, objects are loose (a field a
 * newer version adds is kept) and, for runs, partial (an older log may hold less); the fields
 * are listed in the order the writers write them, so a record read back keeps its bytes' order.
 */

/** What a session-notes update commits: where the notes stand, and their hashes before and after. */
export const NotesRunOutcome = z.object({
  /** The notes now cover the conversation up to this message (spec §4.4 step 8); null: unchanged by this run. */
  lastSummarizedMessageId: z.string().nullable(),
  /** sha256 of the notes before and after. */
  before: z.string(),
  after: z.string(),
  /** Titles of the sections whose content changed. */
  changed: z.array(z.string()),
  toolCalls: z.number().int(),
  denied: z.number().int(),
  turns: z.number().int(),
});
export type NotesRunOutcome = z.infer<typeof NotesRunOutcome>;

/** A first look's answer, as an extraction run that asked one records it. */
export const FirstLookOutcome = z.object({
  mode: z.enum(['shadow', 'enforce']),
  answer: z.boolean().nullable(),
  error: z.string().optional(),
  tokens: z.object({ input: z.number(), output: z.number() }),
  ms: z.number(),
});

/** What a finished extraction run commits: what it wrote, and from where (the jobs write by this schema, the journal reads by it). */
export const ExtractionOutcome = z.object({
  sessionId: z.string().nullable(),
  /** The messages it looked at: after `from` (the cursor; null: from the start) up to `to`. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  written: z.array(
    z.object({
      file: z.string(),
      sha256: z.string(),
      change: z.enum(['added', 'updated']),
      type: z.string().nullable(),
      /** The sha256 of the file's bytes before the run (null: none), kept in the blob store like the new ones (decision 79); absent in older logs. */
      before: z.string().nullable().optional(),
    }),
  ),
  indexShortened: z.number().int(),
  indexDropped: z.array(z.string()),
  toolCalls: z.number().int(),
  denied: z.number().int(),
  turns: z.number().int(),
  refused: z.array(z.string()).optional(),
  tokens: z.object({ input: z.number().int(), output: z.number().int(), cacheRead: z.number().int() }),
  /**
   * Files the run took away: a memory it rewrote under a new name moved to its new file (decision
   * 93); `before` is the sha256 of the bytes removed, kept in the blob store. Absent in older logs.
   */
  removed: z.array(z.object({ file: z.string(), before: z.string().nullable() })).optional(),
  /** When the run wrote: the time of its newest message (absent in older logs). */
  when: z.string().optional(),
});
export type ExtractionOutcome = z.infer<typeof ExtractionOutcome>;

/** An extraction run's outcome as the journal keeps it: the run's own, plus the first look that came before it. */
export const ExtractionRunOutcome = ExtractionOutcome.extend({
  firstLook: FirstLookOutcome.optional(),
  /** The first look declined the run: nothing was written. */
  declined: z.literal('first_look').optional(),
});
export type ExtractionRunOutcome = z.infer<typeof ExtractionRunOutcome>;

/**
 * An extraction outcome as it is read back: any part of it, since a log written by an older
 * version (or by hand) may hold less; a written file names at least itself and its change.
 */
export const ExtractionOutcomeRead = z
  .looseObject({
    ...ExtractionRunOutcome.shape,
    written: z.array(
      z.looseObject({ file: z.string(), sha256: z.string().optional(), change: z.string(), type: z.string().nullable().optional() }),
    ),
    tokens: z.looseObject(ExtractionOutcome.shape.tokens.shape),
    firstLook: z.looseObject({ ...FirstLookOutcome.shape, tokens: z.looseObject(FirstLookOutcome.shape.tokens.shape) }).optional(),
  })
  .partial();

/** What a compaction commits, fields in the order it writes them (`cutUuid` and `kept` absent in older logs). */
export const CompactionOutcome = z.object({
  rung: z.string(),
  trigger: z.string(),
  cutUuid: z.string().nullable().optional(),
  tokensBefore: z.number(),
  tokensAfter: z.number(),
  boundaryUuid: z.string(),
  kept: z.number().optional(),
});
export type CompactionOutcome = z.infer<typeof CompactionOutcome>;
/** What a compaction writes: every field, in the order it writes them. */
export type CompactionOutcomeWritten = Required<CompactionOutcome> & { readonly cutUuid: string | null };

/** A compaction's outcome with its fields in one order, whether just made or read back: the records' bytes are the same either way. */
export function compactionOutcomeInOrder(outcome: CompactionOutcome): CompactionOutcomeWritten {
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
/** A compaction's outcome read back: whole, and whatever a newer version added kept. */
export const CompactionOutcomeRead = z.looseObject(CompactionOutcome.shape);

/** Each run kind's outcome as written: the executor of that kind returns it (see `RunOutcomeOf`). */
export interface RunOutcomes {
  readonly session_notes: NotesRunOutcome;
  readonly extraction: ExtractionRunOutcome;
  readonly compaction: CompactionOutcome;
}
export type RunOutcomeOf<K extends keyof RunOutcomes> = RunOutcomes[K];
/** Whatever a run of some kind commits. */
export type AnyRunOutcome = RunOutcomes[keyof RunOutcomes];

/** Each run kind's outcome as read back from a log: any part of it (older versions, hand-made logs). */
export const RUN_OUTCOMES_READ = {
  session_notes: z.looseObject(NotesRunOutcome.shape).partial(),
  extraction: ExtractionOutcomeRead,
  compaction: CompactionOutcomeRead.partial(),
} as const;
