/**
 * An option weighed, not chosen (decision 146): "the easiest thing would be to always use the parent colour", "the
 * simplest fix could be to never retry", or any option still to be checked ("…, but we need to validate this",
 * "theoretically we could always rebuild on start"). A lasting word inside it belongs to the option, not to how work
 * goes. "The easiest way to run the tests is `make test`" says how things are, and "the best approach is to always
 * write the test first" says what the person holds: neither is weighed.
 */

/** An option ranked by what it costs, said in the conditional. */
const CHEAPEST_OPTION =
  /\b(?:the|one|an?)\s+(?:easiest|simplest|quickest|cheapest|laziest|fastest)\s+(?:thing|option|way|approach|fix|solution|route|path|change)\b[^.?!]{0,80}?\b(?:would|could|might)(?:\s+probably)?\s+be\b/i;

/** Any option said in the conditional. */
const OPTION_IN_CONDITIONAL =
  /\b(?:(?:the|one|an?|another)\s+(?:\w+\s+)?(?:thing|option|way|approach|fix|solution|route|path|idea)\b[^.?!]{0,80}?\b(?:would|could|might)(?:\s+probably)?\s+be|(?:we|you|i)\s+could)\b/i;

/** Said still to be checked: "we need to validate this", "in theory", "to be confirmed". */
const STILL_TO_CHECK =
  /\b(?:theoretically|in theory|(?:we|i|you)(?:'d| would)?\s+(?:need|have)\s+to\s+(?:validate|verify|check|confirm|test|try)\s+(?:this|that|it)(?:\s+first)?|(?:needs|has)\s+to\s+be\s+(?:validated|verified|confirmed|tested)(?:\s+first)?|to be confirmed|tbd)\b/i;

/** Whether a sentence weighs an option rather than states how work goes. */
export const isOptionWeighed = (sentence: string): boolean =>
  CHEAPEST_OPTION.test(sentence) || (OPTION_IN_CONDITIONAL.test(sentence) && STILL_TO_CHECK.test(sentence));
