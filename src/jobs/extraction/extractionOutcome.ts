import { z } from 'zod';

/** What a finished extraction run records in the effect log: what it wrote, and from where. */
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
  /**
   * Files the run took away: a memory it rewrote under a new name moved to its new file (decision
   * 93); `before` is the sha256 of the bytes removed, kept in the blob store. Absent in older logs.
   */
  removed: z.array(z.object({ file: z.string(), before: z.string().nullable() })).optional(),
  /** When the run wrote: the time of its newest message (absent in older logs). */
  when: z.string().optional(),
  indexShortened: z.number().int(),
  indexDropped: z.array(z.string()),
  toolCalls: z.number().int(),
  denied: z.number().int(),
  turns: z.number().int(),
  refused: z.array(z.string()).optional(),
  tokens: z.object({ input: z.number().int(), output: z.number().int(), cacheRead: z.number().int() }),
});
export type ExtractionOutcome = z.infer<typeof ExtractionOutcome>;
