/**
 * The person talking to the assistant about its own conduct (decision 110, amended): "I ask you why you didn't", "reflect why you didn't", "we
 * want you to adhere to it", "I need to change something to make you remember". Such a sentence names no rule: the
 * rule is what "it" points at, said elsewhere. Written from kinds of statement, never from a corpus sentence.
 */
const ASKS_WHY =
  /\b(?:i\s+(?:also\s+)?(?:ask|asked|am asking|want to know from)\s+you\s+why|why\s+you\s+(?:didn't|did not|haven't|have not|forgot|ignored|skipped))\b/i;

/** Keeping to something pointed at, the pronoun ending its clause: "adhere to it", "follow that from now on". */
const KEEPS_TO_POINTED =
  /\b(?:adhere to|stick to|stick with|follow|obey|comply with|respect|remember)\s+(?:it|this|that|them|these|those)(?=\s*(?:[.,;!]|$)|\s+(?:in the future|from now on|next time|going forward|again|too|as well|better)\b)/i;

/** Changing the assistant itself so that it keeps to rules: "make you remember", "get you to follow". */
const CHANGES_THE_ASSISTANT = /\b(?:make|get|help)\s+you\s+(?:to\s+)?(?:remember|follow|adhere|stick|obey|comply)\b/i;

/** Whether a sentence is about the assistant's own conduct and names no rule of its own. */
export const isAboutAgentsConduct = (sentence: string): boolean =>
  ASKS_WHY.test(sentence) || KEEPS_TO_POINTED.test(sentence) || CHANGES_THE_ASSISTANT.test(sentence);
