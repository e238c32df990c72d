/**
 * An answer to one point of the plan or proposal at hand (decision 144): "On bullet 1, don't unignore the whole folder",
 * "For point 2: keep the old name", "Re option B: yes", "bullets 3 and 4 are fine". A reply that names the assistant's
 * point by its number or letter decides that step of this plan, not how work goes from now on. A lasting word ("always",
 * "from now on", "in every…") makes it a rule whatever it answers.
 */

/** What the assistant's points are called. */
const POINT = String.raw`(?:bullet|point|item|step|option|question|suggestion|proposal|recommendation|idea|q)s?`;

/** A point's number or letter: "1", "#2", "3a", "B", "(c)". */
const MARK = String.raw`(?:#?\d{1,2}[a-z]?|\(?[a-h]\)?|one|two|three|four|five)`;

/** One point or several named together: "bullet 3 and bullet 4", "points 1, 2 & 5", "option B". */
const POINTS = String.raw`${POINT}\s*${MARK}(?:\s*(?:,|and|&|\+|or)\s*(?:${POINT}\s*)?${MARK})*`;

/** The point named where the reply opens: "On bullet 1,", "For point 2:", "Re option B:", "As for step 3 —", "Bullet 2:". */
const OPENS_WITH_POINT = new RegExp(
  String.raw`^\s*(?:(?:yes|yeah|ok(?:ay)?|sure|and|also|then)[,.!]?\s+)?(?:(?:on|for|re:?|regarding|about|as for|as to|with|to)\s+)?(?:the\s+|your\s+)?${POINTS}\s*(?:[:,.)\u2013\u2014-]|\s+(?:is|are|looks?|sounds?)\b)`,
  'i',
);

/** A lasting word: how work goes from now on, whatever point it answers. */
const LASTING =
  /\b(?:always|never|from now on|going forward|in (?:the )?future|every time|whenever|by default|in (?:every|all)\b|in this (?:repo|project|codebase) we)\b/i;

/** Whether a sentence answers one or more of the points of the plan at hand, by their number or letter. */
export const answersPlanPoint = (sentence: string): boolean => OPENS_WITH_POINT.test(sentence) && !LASTING.test(sentence);

/** A reply opened by naming a thing, then a colon: "About the separate cleanup: …", "Re the migration order: …". */
const NAMED_THEN_COLON = /^\s*(?:about|re:?|regarding|as for|as to|on|for)\s+(?:the\s+|your\s+|a\s+|an\s+)?([^:]{3,60}?)\s*:\s*\S/i;

/** The person's own ways said after the colon: "we use…", "our…", "I prefer…" hold beyond the plan. */
const OWN_WAYS = /\b(?:we|our|I|my)\b/i;

/** A heading's words as compared: lower case, single spaces, no Markdown marks. */
const plain = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[*_`#]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Whether a reply opens by naming one of the points the assistant just made, by its words and a colon ("About the
 * separate cleanup: yeah, at session end"), and says nothing lasting after it (decision 144). A lasting word or the
 * person's own ways after the colon ("About naming: we use kebab-case") keep it.
 */
export function answersAssistantsHeading(sentence: string, assistant: string | undefined): boolean {
  const named = NAMED_THEN_COLON.exec(sentence);
  if (assistant === undefined || named === null) return false;
  const answer = sentence.slice(named[0].length - 1);
  if (LASTING.test(answer) || OWN_WAYS.test(answer)) return false;
  return plain(assistant).includes(plain(named[1] ?? ''));
}
