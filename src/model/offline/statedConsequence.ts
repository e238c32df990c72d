/**
 * The good an instruction does, said after it (decision 110, amended): "…, that makes it easier to verify", "…, which
 * keeps the diff small", "…, that way the cache stays warm". An instruction given with what it makes easier is a way of
 * working, as one given with its reason is (decision 68). Written from kinds of statement, never from a corpus sentence.
 */
const CONSEQUENCE =
  /,\s*(?:(?:that|which|this)\s+(?:makes?\s+(?:it|things|everything|\w+)\s+(?:easier|simpler|safer|clearer|faster|more\s+\w+|less\s+\w+)|keeps?\s+(?:the\s+)?\w+\s+(?:small|simple|clean|readable|consistent|fast))|that\s+way\s+(?:the|we|you|it|our)\b)\b[^?]*$/i;

/** A word pointing at the thing at hand before the consequence: "use this one, that makes…" is about the work now. */
const POINTED = /\b(?:this|that|these|those|it|here)\b/i;

/** Whether a sentence ends with the good its instruction does, the instruction naming no thing at hand. */
export function givesConsequence(sentence: string): boolean {
  const match = CONSEQUENCE.exec(sentence);
  return match !== null && match.index >= 8 && !POINTED.test(sentence.slice(0, match.index));
}
