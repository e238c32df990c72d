import { splitSentences } from './conversationFacts.js';

/**
 * A reply that settles the step the assistant offered or asked about last (decision 144): after "Should I also log it
 * as session-end? Or leave that as a separate cleanup?", "yeah that should be a session-end" decides this step of the
 * plan at hand; the "that" it points with is the question's thing, which the memory would name as "About a separate
 * cleanup: …". A lasting word makes it how work goes ("yes, that should always go in the changelog").
 */

/** The assistant asking what to do next: "Should I…?", "Shall I…?", "Want me to…?", "Or leave that…?", "Do you want…?". */
const OFFER =
  /^(?:(?:and|also|or)\s+)?(?:should\s+(?:I|we)|shall\s+(?:I|we)|(?:do\s+)?you\s+want\s+me\s+to|want\s+me\s+to|would\s+you\s+like\s+(?:me\s+)?to|or\s+(?:should|leave|keep|skip|do)|(?:is\s+it\s+)?ok(?:ay)?\s+(?:if|to)\s+I)\b[^]*\?\s*$/i;

/** A reply that opens with a pointing word for the question's thing, maybe after a yes or a no. */
const POINTING_REPLY =
  /^(?:(?:yes|yeah|yep|yup|no|nope|ok(?:ay)?|sure|right|hmm+)[\s,.!]+)?(?:I\s+think\s+|probably\s+)?(?:that|it|this|those|these)\b/i;

/** A lasting word: how work goes from now on, whatever the question offered. */
const LASTING = /\b(?:always|never|from now on|going forward|in (?:the )?future|every time|whenever|by default)\b/i;

/** The last two sentences of the assistant's turn: an offer is often put as "Should I…? Or…?". */
const lastQuestions = (assistant: string): string[] =>
  splitSentences(assistant.trim())
    .slice(-2)
    .filter((sentence) => sentence.trim().endsWith('?'));

/** Whether a reply, pointing at the thing of the assistant's last question, settles a step the assistant offered. */
export const settlesOfferedStep = (assistant: string | undefined, reply: string): boolean =>
  assistant !== undefined &&
  POINTING_REPLY.test(reply.trim()) &&
  !LASTING.test(reply) &&
  lastQuestions(assistant).some((question) => OFFER.test(question.trim()));
