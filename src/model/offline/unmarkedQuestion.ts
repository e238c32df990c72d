/**
 * A yes-or-no question typed without its question mark after a request or a remark (decision 116): "check the
 * retry path, are we still safe to never resend the token", "look at the config, is there a way to skip the cache".
 * The verb comes before its subject, as a question puts it, and the question runs on: what it asks is no rule even
 * when it holds "never". A polite request ("…, can you always use pnpm") is not one: it asks for the rule.
 */
const INVERTED_AFTER_COMMA = /,\s+(?:are|is|was|were|do|does|did|have|has)\s+(?:we|you|they|there|it|i)\s+(?!(?:not|n't)\b)\S+\s+\S/i;

/**
 * The other two shapes of a question run on after a comma (decision 110, amended 2026-12-07): an alternative offered
 * ("…, or should we keep it") and a tag that asks for a yes ("…, right", "…, correct").
 */
const ALTERNATIVE_OR_TAG =
  /,\s+or\s+(?:should|shall|can|could|would|do|does|is|are)\s+(?:we|you|they|it|i)\b|,\s+(?:right|correct)\s*[.!]?$/i;

/** Whether a clause after a comma asks a yes-or-no question, with no question mark typed. */
export const asksWithoutMark = (sentence: string): boolean =>
  !sentence.trimEnd().endsWith('?') && (INVERTED_AFTER_COMMA.test(sentence) || ALTERNATIVE_OR_TAG.test(sentence.trimEnd()));

/**
 * An interrogative head that puts what follows its colon up for judgement (decision 124): "what impact would this
 * have: …", "how bad would it be to: …", "would it hurt if: …". The modal comes before its subject, as a question
 * puts it; "what we should do: …" keeps its subject first and states.
 */
const ASKS_ABOUT_WHAT_FOLLOWS = new RegExp(
  [
    String.raw`^(?:what|how|why|which|where|when|who)\b(?:\s+[\w'’-]+){0,3}?\s+(?:would|could|will|should|can|might|does|do|did)`,
    String.raw`^(?:would|could|should|can|will|might|does|do|did)`,
  ]
    .map((head) => String.raw`${head}\s+(?:it|this|that|these|those|we|you|they|there|i|the|a|an|our|my)\b[^:?.!\n]{0,80}:\s*\S`)
    .join('|'),
  'i',
);

/**
 * Which pieces of a message a question asks about: the one opening on an interrogative head and a colon, and the rest
 * of its paragraph, which goes on with the proposal; none of them states anything.
 */
export function askedAbout(pieces: ReadonlyArray<{ readonly text: string; readonly opensParagraph?: true }>): boolean[] {
  let asking = false;
  return pieces.map((piece) => {
    if (piece.opensParagraph === true) asking = false;
    asking ||= ASKS_ABOUT_WHAT_FOLLOWS.test(piece.text);
    return asking;
  });
}
