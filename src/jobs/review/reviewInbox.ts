import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { appendWholeLinesSync } from '../../fs/appendLines.js';
import { readRegularTextOrNullSync } from '../../fs/regularFile.js';
import { ConsolidationChangeRecord, FileSnapshotRecord } from '../../pipeline/effectRecord.js';

/**
 * The review inbox of a memory directory: proposed changes waiting for a person, beside the
 * directory (Claude Code reads only inside it), as an append-only log of what was proposed,
 * edited, accepted and rejected (decision 80). The proposed bytes are in the blob store.
 * History:
 * - 1: `proposed`, `edited`, `accepted`, `rejected`.
 */
export const CURRENT_REVIEW_VERSION = 1;
export const SUPPORTED_REVIEW_VERSIONS = [1] as const;

const base = { v: z.literal(SUPPORTED_REVIEW_VERSIONS), id: z.string() };

export const ProposedRecord = z.looseObject({
  ...base,
  type: z.literal('proposed'),
  /** The command that proposed it: `consolidate` or `extract`. */
  source: z.string(),
  time: z.string(),
  files: z.array(FileSnapshotRecord),
  changes: z.array(ConsolidationChangeRecord),
  /** Backfill's candidate chunks it merges: consumed when it is accepted. */
  consumes: z.array(z.string()).optional(),
  /** Where the sessions it cites are, to quote the person's words. */
  sessionsDir: z.string().optional(),
});
export const EditedRecord = z.looseObject({ ...base, type: z.literal('edited'), files: z.array(FileSnapshotRecord) });
export const AcceptedRecord = z.looseObject({ ...base, type: z.literal('accepted'), runId: z.string() });
export const RejectedRecord = z.looseObject({ ...base, type: z.literal('rejected') });
export const ReviewRecord = z.discriminatedUnion('type', [ProposedRecord, EditedRecord, AcceptedRecord, RejectedRecord]);
export type ReviewRecord = z.infer<typeof ReviewRecord>;
export type ProposedRecord = z.infer<typeof ProposedRecord>;

export const reviewInboxPath = (memoryDir: string): string => join(dirname(memoryDir), `.${basename(memoryDir)}.memlog-review.jsonl`);

/** The inbox's records in order; a line that is not one (damaged, a newer version) is reported and skipped. */
export function readReviewInbox(memoryDir: string, onProblem: (line: number, message: string) => void = () => undefined): ReviewRecord[] {
  const text = readRegularTextOrNullSync(reviewInboxPath(memoryDir)) ?? '';
  const records: ReviewRecord[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      onProblem(index + 1, 'not JSON');
      continue;
    }
    const parsed = ReviewRecord.safeParse(value);
    if (parsed.success) records.push(parsed.data);
    else onProblem(index + 1, `not a review record of version ${CURRENT_REVIEW_VERSION}`);
  }
  return records;
}

export function appendReview(memoryDir: string, record: ReviewRecord): void {
  appendWholeLinesSync(reviewInboxPath(memoryDir), `${JSON.stringify(record)}\n`, { endTornTail: true });
}
