/**
 * The words people say before what they mean, one list a kind (decisions 68, 97 and 120). The readers that drop them (a
 * statement's pieces, a title's leads, a description's filler sentences, the word before "let's") build their patterns
 * from these lists; each reader adds the context that makes a word an opener where it reads it (a comma, a clause
 * after it, the whole sentence). Each entry is a regular expression's source, matched without regard to case. Written
 * from kinds of statement, never from a corpus sentence.
 */

/** Greetings: "Hey", "Hi", "Hello". */
export const GREETINGS: readonly string[] = ['hey', 'hi', 'hello'];

/** Words that only say yes to what came before: "Yeah", "Yep", "Alright". */
export const AGREEMENTS: readonly string[] = ['yes', 'yeah', 'yep', 'yup', 'alright'];

/** Words that announce an aside or context: "btw", "fyi", "heads up", "for context". */
export const ASIDE_MARKERS: readonly string[] = [
  'btw',
  'by the way',
  'fyi',
  'heads up',
  'just so you know',
  // context given before a fact: "For context, this is a browser game" (decision 133)
  'for context',
  'just for context',
  'for some context',
  'for background',
  'to give you some context',
  'to give you context',
];

/** Sounds of hesitation: "um", "uh", "hmm", "erm". */
export const HESITATIONS: readonly string[] = ['um+', 'uh+', 'hm+', 'er+m*'];

const HESITATION_BEFORE_A_WORD = new RegExp(String.raw`^\s*(${oneOf(HESITATIONS)})\s+\w`, 'i');

/**
 * Whether a text opens with a hesitation's spelling written in capitals before another word: "ER diagrams", "UM
 * students". An all-capitals word is a name (decision 120, amended); a hesitation is lower-case ("um let's…") or alone
 * ("UM, let's…"). The patterns match without regard to case, so the readers that drop a hesitation ask this first.
 */
export function opensWithACapitalName(text: string): boolean {
  const word = HESITATION_BEFORE_A_WORD.exec(text)?.[1];
  return word !== undefined && word === word.toUpperCase();
}

/** Adverbs that hedge or soften what follows: "Honestly", "Basically". */
export const HEDGING_ADVERBS: readonly string[] = ['honestly', 'basically'];

/** The words as one group of alternatives, to put in a pattern: `(?:hey|hi|hello)`. */
export function oneOf(...lists: ReadonlyArray<readonly string[]>): string {
  return `(?:${lists.flat().join('|')})`;
}

/** A word that points back at something said or at hand: "…, we never retry it", "a test should have caught this". */
export const POINTS_BACK = /\b(?:it|this|that|these|those|them)\b/i;
