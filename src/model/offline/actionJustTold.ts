/**
 * An action the person just did, told to the assistant (decision 136): "I moved it to vendor/, do you have access now",
 * "I installed them. Try again", "I restarted the server — can you see it now?". It is the moment's state, said so the
 * assistant goes on, not where things are kept: said of "it" or "them" it answers what was just spoken of, and followed
 * by a check it asks for one. A fact of the same shape stays one: "We moved the docs to docs/site last year", "I keep the
 * fixtures in test/data" (a habit in the present).
 */

/** What one does to files, packages and servers, in the past: the actions told to get the work going again. */
const DONE = String.raw`(?:moved|copied|put|placed|installed|reinstalled|added|restarted|rebooted|reloaded|pushed|pulled|uploaded|updated|upgraded|created|renamed|deleted|removed|changed|set|saved|committed|cloned|downloaded|enabled|disabled|granted|gave|ran|rebuilt|fixed|replaced|unzipped|extracted|attached|shared|opened|started|stopped|killed|cleared|reset)`;

/** The person, maybe after "ok" or "done", telling a thing just done: "ok I've just moved …", "done, I added …". */
const OPENING = String.raw`^(?:(?:ok(?:ay)?|so|now|done|alright|right|there|yes|yeah|sure)[,.!]?\s+)*`;

/** "I moved it …", "I've copied them …": the object is what was just spoken of. */
const DONE_TO_IT = new RegExp(String.raw`${OPENING}I(?:'ve|\s+have)?\s+(?:just\s+|now\s+|already\s+|also\s+)*${DONE}\s+(?:it|them)\b`, 'i');

/** "I moved the repo …", "we installed the extension …": any object, which a check after it makes the moment's. */
const DONE_TO_ANYTHING = new RegExp(String.raw`${OPENING}(?:I|we)(?:'ve|\s+have)?\s+(?:just\s+|now\s+|already\s+|also\s+)*${DONE}\b`, 'i');

/**
 * A check of whether the action did it: "does it work now", "do you have access now", "can you see it now", "try again",
 * "check again". A yes-or-no question opener, whatever spelling its "you" has, with "now" or "again" at its end counts.
 */
const CHECK =
  /(?:^|[.,;!?\u2013\u2014-]\s*|\band\s+)(?:(?:do|does|did|is|are)\s+\S+\s+(?:\S+\s+){0,4}?(?:now|again|this time)\b|(?:can|could)\s+\S+\s+(?:see|access|find|read|open|reach|load)\b[^?.]*?\b(?:now|again)\b|(?:does|did)\s+(?:it|that|this)\s+work\b|(?:please\s+)?(?:try|check|test|look|run\s+it)(?:\s+it)?\s+(?:again|now)\b|(?:now\s+)?(?:can|could)\s+\S+\s+(?:see|access|find|read|open)\s+(?:it|them)\b|(?:please\s+)?(?:continue|go ahead|carry on|proceed)\b)/i;

/** A time long gone or a lasting word makes it a fact of the project: "…last year", "…in 2023", "…for good". */
const SETTLED =
  /\b(?:last\s+(?:year|month|week|quarter|sprint|release)|ago|in\s+(?:19|20)\d\d|back\s+(?:in|when)|for good|permanently|always|never|from now on|everywhere|keep (?:it|them)|so (?:that )?(?:all|every))\b/i;

/** Whether a sentence tells an action just done, of "it / them" or with a check of it in the same sentence. */
export function tellsActionJustDone(sentence: string): boolean {
  const told = DONE_TO_IT.test(sentence) || (DONE_TO_ANYTHING.test(sentence) && CHECK.test(sentence));
  return told && !SETTLED.test(sentence);
}

/** Whether a sentence tells an action just done that the next sentence checks: "I moved the repo to vendor/. Try again." */
export const actionCheckedNext = (sentence: string, next: string | undefined): boolean =>
  next !== undefined && DONE_TO_ANYTHING.test(sentence) && CHECK.test(next.trim()) && !SETTLED.test(sentence);
