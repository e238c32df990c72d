import { z } from 'zod';

/**
 * The tool the consolidation agent calls last, to say what it changed and why: a tool call
 * rather than prose, so the answer arrives checked (a malformed one comes back to the agent as
 * an error to fix) and every change can carry its reason and sources into the log.
 */
export const RECORD_CONSOLIDATION_TOOL = 'record_consolidation';

const ReportedSource = z.object({
  session: z.string().min(1).describe("the session's id (its transcript's file name without .jsonl)"),
  uuid: z.string().min(1).describe('the uuid of the message that says it'),
  timestamp: z.string().min(1).describe("the message's timestamp"),
});

const ReportedChange = z.object({
  file: z.string().min(1).describe('the memory file, by its name in the memory directory (e.g. "tabs.md")'),
  kind: z
    .enum(['added', 'updated', 'merged', 'removed', 'contradicts'])
    .describe(
      'added: a new file; updated: a file rewritten; merged: a file deleted because another now says what it said; removed: a file deleted because what it said is stale or no longer true; contradicts: a memory at odds with a CLAUDE.md line, annotated',
    ),
  into: z.string().min(1).optional().describe('merged: the file that now holds what it said'),
  instruction: z
    .string()
    .min(1)
    .optional()
    .describe('contradicts: the CLAUDE.md line as "<file>:<line>", as the list you were given names it'),
  reason: z.string().min(1).describe('why, in one sentence'),
  sources: z.array(ReportedSource).optional().describe('the session messages (or new statements) the change rests on'),
});

export const ConsolidationReport = z.object({
  changes: z.array(ReportedChange),
  summary: z.string().describe('one or two sentences for the person who asked; or that nothing needed changing'),
});
export type ConsolidationReport = z.infer<typeof ConsolidationReport>;
export type ReportedChange = z.infer<typeof ReportedChange>;
