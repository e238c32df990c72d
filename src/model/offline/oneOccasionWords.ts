/**
 * Words that make a change of how work is done hold for one occasion (decision 110, amended 2026-12-07): this commit,
 * this time, for now, temporarily, for the next release only, until someone is back or a piece of work lands. "Walk up
 * until a lock file is found" says how far a search goes: "until" marks an occasion only before a person or the end of
 * a piece of work.
 */
const ONE_OCCASION = new RegExp(
  [
    String.raw`\b(?:this|that|these|those)\s+(?:time|commit|change|file|pr|branch|session|task|run|once)s?\b`,
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
