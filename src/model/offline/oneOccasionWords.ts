import { wordsIn } from './sentenceShape.js';

/**
 * The words that say a sentence holds for one occasion, one list a kind, read by the finders that tell a rule from the
 * work at hand: the step said as a rule (decision 106), the rule for an occasion of the routine and the routine step
 * (decision 110), the change of how work is done (decision 110, amended 2026-12-07).
 */

/** What one occasion is named by after "this", "that" or "for this": "this time", "this commit", "for that PR". */
export const OCCASION_THINGS = String.raw`(?:time|once|commit|change|file|pr|pull request|branch|session|task|run|fix|release|ticket|issue|bug|feature)`;

/** A day, a time or a version that names one occasion: "tomorrow", "this week", "next time", "on Friday", "v2", "1.4.0". */
export const ONE_DAY_OR_VERSION = String.raw`(?:tomorrow|today|tonight|this (?:week|time|afternoon|morning|evening)|next (?:week|time|month)|on (?:mon|tues|wednes|thurs|fri|satur|sun)day|v?\d+(?:\.\d+)+|v\d+)`;

/** "this", "that", "these" or "those" before an occasion thing. */
const POINTER = String.raw`(?:this|that|these|those)`;

/** A relative clause after a plural pointed at: "those fixes that touch one line" are every fix of that kind. */
const RELATIVE = /^\s+(?:that|which|who)\b/i;

/**
 * Whether a thing pointed at names one occasion (decision 110, amended): "this release", "for that PR". The thing word
 * names it only as the head of its phrase, read with the tagger: in "those release tags", "these issue numbers" or
 * "this feature flag" it only says which tags, numbers or flag, a kind of thing that lasts. `pointer` is what comes
 * before the thing ("for this" for the step said as a rule, decision 106). Two thing words make one thing: "these bug
 * fixes". A plural followed by what it is ("those fixes that touch one line") is a kind.
 */
export function pointsAtOneOccasion(sentence: string, pointer: string = POINTER): boolean {
  return [...sentence.matchAll(pointedThing(pointer))].some((match) => {
    const end = match.index + match[0].length;
    return headsItsPhrase(sentence, end) && !(match[0].endsWith('s') && RELATIVE.test(sentence.slice(end)));
  });
}

/** The pattern of a pointer and the thing it points at, built once a pointer: every sentence is read with it. */
const POINTED_THINGS = new Map<string, RegExp>();
function pointedThing(pointer: string): RegExp {
  let pointed = POINTED_THINGS.get(pointer);
  if (pointed === undefined) {
    pointed = new RegExp(String.raw`\b${pointer}\s+(?:${OCCASION_THINGS}\s+)*${OCCASION_THINGS}(?:e?s)?\b`, 'gi');
    POINTED_THINGS.set(pointer, pointed);
  }
  return pointed;
}

/** Whether no noun follows the word that ends at `end`: "this release," and "this release" do, "this release checklist" not. */
function headsItsPhrase(sentence: string, end: number): boolean {
  const next = /^\s+[\w-]+/.exec(sentence.slice(end));
  if (next === null) return true;
  const [word] = wordsIn(sentence, end, end + next[0].length);
  return word === undefined || (word.pos !== 'NOUN' && word.pos !== 'PROPN');
}

/**
 * Words that make a change of how work is done hold for one occasion (decision 110, amended 2026-12-07), besides a
 * thing pointed at (`pointsAtOneOccasion`): for now, temporarily, for the next release only, until someone is back or a
 * piece of work lands. "Walk up until a lock file is found" says how far a search goes: "until" marks an occasion only
 * before a person or the end of a piece of work.
 */
const ONE_OCCASION = new RegExp(
  [
    String.raw`\b(?:for now|just once|only once|today|tonight|temporar(?:y|ily)|for the time being)\b`,
    String.raw`\b(?:for\s+)?(?:the\s+)?(?:next|coming|upcoming)\s+(?:release|sprint|week|month|deploy|demo|run|pr|pull request)s?(?:\s+only)?\b`,
    String.raw`\buntil\s+(?:I|I'm|we|we're|you|they|he|she)\b`,
    String.raw`\buntil\s+(?:the\s+|our\s+|this\s+|that\s+)?[\w-]+(?:\s+[\w-]+)?\s+(?:lands|ships|merges|ends|finishes|is\s+(?:done|merged|fixed|released|over|out|back|finished|live|in))\b`,
    String.raw`\buntil\s+(?:tomorrow|tonight|monday|tuesday|wednesday|thursday|friday|next|later|then|the\s+end\s+of)\b`,
  ].join('|'),
  'i',
);

/** Whether a sentence says the change it asks for holds for one occasion. */
export const holdsForOneOccasion = (sentence: string): boolean => ONE_OCCASION.test(sentence) || pointsAtOneOccasion(sentence);
