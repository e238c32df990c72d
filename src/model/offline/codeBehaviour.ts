import { CODE_IDENTIFIER } from './codeIdentifier.js';
import { BY_DESIGN_OR_LASTING } from './lastingWords.js';

/**
 * What the code or a program says of itself, and what keeps going wrong (decision 149). Written from kinds of statement
 * with invented sentences as their tests, never from a corpus sentence.
 *
 * - What a named piece of code does: "when a file is staged, computeAttribution reads from the index", "the loader
 *   skips files without a header" said of an identifier (camelCase, snake_case, a dotted member). The code says it, so
 *   no memory should: a reviewer's or the assistant's explanation pasted back, or the person reading the code aloud.
 *   A rule for the code ("parseConfig should never throw") or the team's own use ("we call retryWithBackoff for…")
 *   stays.
 * - A program's hint about its own output: "To suppress this warning in future sessions, run…".
 * - A failure come back: "we seem to be missing checkpoints again", "the count is back to 19 instead of 26".
 * - A recurring pitfall (kept): "this is now the 3rd error around the working directory", "the fourth time the
 *   release broke on the lockfile": a kind of mistake the project keeps making, worth knowing before the next one.
 */

/** Verbs that tell what code does when it runs. */
const RUNTIME_VERB = String.raw`(?:reads|writes|returns|skips|handles|calls|sets|checks|creates|stores|loads|parses|ignores|falls back|drops|throws|logs|retries|caches|emits|fires|runs|uses|deletes|removes|updates)`;

const CODE_DOES = new RegExp(String.raw`${CODE_IDENTIFIER}\s+(?:(?:also|still|only|now|already|then|first)\s+)?${RUNTIME_VERB}\b`);

/** The person's own voice or a rule's modal: then the sentence is theirs, not a description of the code. */
const OWN_OR_RULE =
  /\b(?:I|we|we're|we've|our|us|you|please|let's|should|shouldn't|must|mustn't|never|always|don't|do not|need to|has to|have to|make sure)\b/i;

/** Whether a sentence only tells what a named piece of code does. */
export const tellsWhatCodeDoes = (sentence: string): boolean => CODE_DOES.test(sentence) && !OWN_OR_RULE.test(sentence);

/** "To suppress this warning…, run": a program's hint about its own output. */
const PROGRAMS_HINT =
  /^to\s+(?:suppress|silence|disable|hide|turn off|skip|dismiss|avoid)\s+(?:this|these|the)\s+(?:warning|message|notice|prompt|banner|notification|check)s?\b/i;

/** Whether a sentence is a program's hint about its own output. */
export const isProgramsHint = (sentence: string): boolean => PROGRAMS_HINT.test(sentence);

/** A failure come back: missing, broken, failing, gone or wrong "again", or a number "back to" an old value. */
const FAILURE_AGAIN =
  /\b(?:missing|broken|failing|fails|failed|gone|wrong|disappeared|empty|stuck|crashing|crashes|not working|doesn't work|isn't working)\b[^.?!]{0,60}\bagain\b|\bagain\b[^.?!]{0,20}\b(?:missing|broken|failing|gone|wrong|empty|stuck|crashing)\b|\bis\s+back\s+to\s+\d/i;

/**
 * A failure under a condition of the program: "if the segment becomes larger, the gradient doesn't work anymore", "when
 * the list is empty, the footer stops rendering". A bug report, or what the code does; a lasting word ("never", "by
 * design") or the team as the subject ("we don't…") makes it the project's.
 */
const FAILURE_UNDER_CONDITION =
  /^(?:if|when|whenever|once|after|as soon as)\s+[^,]{3,100},\s*(?:the|this|that|it|its|my|our)\b[^,.;]{0,50}?(?:\b(?:doesn't|does not|don't|do not|isn't|is not|aren't|won't|no longer|can't|cannot)\s+(?:work|show|render|load|appear|apply|update|display|fit|resolve|scroll|respond|match)\w*|\b(?:breaks|stops\s+\w+ing|fails|disappears|crashes|freezes|hangs|flickers))\b/i;
const OURS = /\b(?:we|we're|you)\b/i;

/** Whether a sentence reports a failure that came back, or one under a condition of the program. */
export const reportsFailureAgain = (sentence: string): boolean =>
  FAILURE_AGAIN.test(sentence) || (FAILURE_UNDER_CONDITION.test(sentence) && !BY_DESIGN_OR_LASTING.test(sentence) && !OURS.test(sentence));

/** "The 3rd error around X", "the fourth time the release broke on Y": a mistake the project keeps making. */
const RECURRING =
  /(?:^|\b(?:is|was|that's|it's|makes)\s+(?:now\s+|already\s+|officially\s+)?)(?:the|a)\s+(?:\d+(?:st|nd|rd|th)|second|third|fourth|fifth|sixth|umpteenth|nth)\s+(?:time|error|bug|issue|regression|incident|failure|breakage|outage)s?\s+(?:(?:around|with|from|about|caused by|related to|due to|because of|in|on)\s+\S|(?:that\s+|where\s+)?(?:the|our|we|this|it)\s+\S+\s+(?:broke|failed|crashed|went wrong))/i;

/** Whether a sentence says a kind of mistake keeps coming back (a question asks; it does not say). */
export const namesRecurringPitfall = (sentence: string): boolean => RECURRING.test(sentence) && !/\?\s*$/.test(sentence);
