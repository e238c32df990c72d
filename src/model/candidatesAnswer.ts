import { z } from 'zod';
import { MEMORY_TYPES } from '../memory/durable/topicFile.js';

/**
 * The one tool a backfill chunk's request offers, and the shape of its input: the answer is a
 * tool call rather than prose so that the Anthropic API, cassettes and the offline model all
 * give it in the same checked form.
 */
export const RECORD_CANDIDATES_TOOL = 'record_candidates';

const CandidateAnswer = z.object({
  type: z.enum(MEMORY_TYPES),
  name: z.string().min(1).describe('a short title, a few words'),
  description: z.string().min(1).describe('one specific line: it decides when the memory is recalled'),
  body: z
    .string()
    .min(1)
    .describe('the memory itself: for feedback and project, the rule or fact, then a **Why:** line and a **How to apply:** line'),
  sources: z.array(z.string()).min(1).describe('the uuids of the messages that say it, as the transcript labels them'),
});
export const CandidatesAnswer = z.object({ candidates: z.array(CandidateAnswer) });
export type CandidatesAnswer = z.infer<typeof CandidatesAnswer>;
