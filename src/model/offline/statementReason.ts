/** The reason a statement is said with, as the person gave it (decision 68). */

/** Where a reason starts: "because", "since", "so that", ", as", and their German, French and Spanish words. */
const REASON =
  /(?:,\s*|\s+[\u2013\u2014-]\s+|\s+)(because|since(?!\s+(?:\d|last|yesterday|monday|tuesday|wednesday|thursday|friday|january|february|march|april|may|june|july|august|september|october|november|december|then|when))|so that|given that|as otherwise|otherwise|weil|denn|damit|da sonst|parce qu(?:e|')|puisque|pour que|sinon|porque|ya que|para que|si no|(?<=,\s*)as(?=\s+(?:it|its|they|their|we|our|this|that|these|those|the|there|i|he|she|you|your|every|each|all|most|some|no|nothing|otherwise)\b))\b\s*(.+)$/i;

/**
 * A purpose or a consequence reads as a reason only with its connective ("so that mobile clients
 * stay fast", "para que corran en la nube"): without it, it is a fragment (decision 68). A cause
 * reads whole without its own ("because the changelog is built from them"), except a cause named by a noun ("because of
 * the size limit": "of the size limit" is a fragment).
 */
const KEEPS_CONNECTIVE = /^(?:so that|as otherwise|otherwise|damit|da sonst|pour que|sinon|para que|si no)$/i;

/** The sentence and, when the person gave one, the reason after its connective. */
export function splitReason(sentence: string): { text: string; reason?: string } {
  const match = REASON.exec(sentence);
  if (!match || match.index < 8) return { text: sentence };
  const said = (match[2] ?? '').replace(/[.!]+$/, '').trim();
  if (said.length < 4) return { text: sentence };
  const connective = (match[1] ?? '').toLowerCase();
  if (connective === 'so that' && POINTING_THAT.test(said)) return { text: sentence };
  if (EXPLAINED.test(sentence.slice(0, match.index))) return { text: sentence };
  const keeps = KEEPS_CONNECTIVE.test(connective) || (connective === 'because' && /^of\s/i.test(said));
  return { text: sentence, reason: keeps ? `${connective} ${said}` : said };
}

/** "so that can be dropped": the "that" is a subject pointing back, followed by its verb; no purpose is given. */
const POINTING_THAT =
  /^(?:can|could|will|would|should|must|may|might|is|was|are|were|has|had|needs?|does|did|won't|can't|isn't|wasn't|shouldn't|doesn't)\b/i;

/**
 * "…tell them why it fails because of the proxy": the cause is what the person asks to be explained, not why they
 * ask (decision 68): a "why" after a request to explain, in the same sentence before the connective. A "why" no one
 * is asked for ("comments explaining why…", "document why…") leaves the person's reason theirs.
 */
const EXPLAINED = /\b(?:explain|tell\s+\w+|say|ask\s+\w+|describe)\b[^;.!?\u2013\u2014]{0,80}\bwhy\b[^;.!?\u2013\u2014]*$/i;
