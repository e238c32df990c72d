/**
 * The words that say a sentence holds for one occasion, one list a kind, read by the finders that tell a rule from the
 * work at hand: the step said as a rule (decision 106), the rule for an occasion of the routine and the routine step
 * (decision 110), the change of how work is done (decision 110, amended 2026-12-07).
 */

/** What one occasion is named by after "this", "that" or "for this": "this time", "this commit", "for that PR". */
export const OCCASION_THINGS = String.raw`(?:time|once|commit|change|file|pr|pull request|branch|session|task|run|fix|release|ticket|issue|bug|feature)`;

/** A day, a time or a version that names one occasion: "tomorrow", "this week", "next time", "on Friday", "v2", "1.4.0". */
export const ONE_DAY_OR_VERSION = String.raw`(?:tomorrow|today|tonight|this (?:week|time|afternoon|morning|evening)|next (?:week|time|month)|on (?:mon|tues|wednes|thurs|fri|satur|sun)day|v?\d+(?:\.\d+)+|v\d+)`;

/**
 * Words that make a change of how work is done hold for one occasion (decision 110, amended 2026-12-07): this commit,
 * this time, for now, temporarily, for the next release only, until someone is back or a piece of work lands. "Walk up
 * until a lock file is found" says how far a search goes: "until" marks an occasion only before a person or the end of
 * a piece of work.
 */
const ONE_OCCASION = new RegExp(
  [
    String.raw`\b(?:this|that|these|those)\s+${OCCASION_THINGS}s?\b`,
    String.raw`\b(?:for now|just once|only once|today|tonight|temporar(?:y|ily)|for the time being)\b`,
    String.raw`\b(?:for\s+)?(?:the\s+)?(?:next|coming|upcoming)\s+(?:release|sprint|week|month|deploy|demo|run|pr|pull request)s?(?:\s+only)?\b`,
    String.raw`\buntil\s+(?:I|I'm|we|we're|you|they|he|she)\b`,
    String.raw`\buntil\s+(?:the\s+|our\s+|this\s+|that\s+)?[\w-]+(?:\s+[\w-]+)?\s+(?:lands|ships|merges|ends|finishes|is\s+(?:done|merged|fixed|released|over|out|back|finished|live|in))\b`,
    String.raw`\buntil\s+(?:tomorrow|tonight|monday|tuesday|wednesday|thursday|friday|next|later|then|the\s+end\s+of)\b`,
  ].join('|'),
  'i',
);

/** Whether a sentence says the change it asks for holds for one occasion. */
export const holdsForOneOccasion = (sentence: string): boolean => ONE_OCCASION.test(sentence);
