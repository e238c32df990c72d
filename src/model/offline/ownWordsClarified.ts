/**
 * The person saying what they meant by their own request (decision 110, amended): "I meant extracting it into a package,
 * not publishing it", "what I meant was the staging database". It says again what the work at hand is; a rule said so
 * ("I meant that we always squash") is read as the clause it is. Written from kinds of statement, never from a corpus
 * sentence.
 */
const MEANT_THE_WORK =
  /^(?:no,?\s+|sorry,?\s+)?(?:i\s+(?:only\s+|just\s+|actually\s+)?meant|what\s+i\s+meant\s+(?:was|is))\s+(?!that\b|(?:we|you|i|they|everyone)\b)/i;

/** Whether a sentence says what the person meant by their own request, naming the work rather than a rule. */
export const isOwnRequestClarified = (sentence: string): boolean => MEANT_THE_WORK.test(sentence);
