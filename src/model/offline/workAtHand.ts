import { wordsOf, type Word } from './sentenceShape.js';

/**
 * Decisions about the work at hand, which are no lasting rule (decision 101): a rule's words said
 * of things that are only pointed at ("let's not make this change in this branch", "don't set it"),
 * an option picked from those offered ("I like option C", "the second one"), waiting to see
 * ("let's see if it keeps happening"), and a reviewer's advice whose subject points at the code
 * under review ("these should be closed in a deferred call"). A lasting word ("never", "from now
 * on", "every") keeps the rule however it names its thing.
 */
const LASTING = /\b(?:always|never|from now on|going forward|in (?:the )?future|every|each|whenever|by default|anymore|any more|again)\b/i;

/** Waiting to see what happens is the work of the moment. */
const WAIT_AND_SEE = /\b(?:let's|lets|we'll|we will|I'll)\s+(?:wait and\s+)?see\s+(?:if|whether|how|what)\b/i;

/** A label of one of the options the assistant offered. */
const OFFERED_OPTION =
  /\b(?:option|choice|approach|alternative|variant|proposal|solution)\s+(?:[A-Za-z]|\d+|one|two|three)\b(?!['-])|\bthe\s+(?:first|second|third|fourth|last|former|latter|other)(?:\s+(?:one|option|choice|approach|way)\b|\s*[.!]?$)/i;

/** A modal said of a subject that only points: "these should be…", "it needs to…", "this must…". */
const POINTING_SUBJECT = /(?:^|,\s*)(?:it|this|that|these|those|they)\s+(?:should|must|needs? to|has to|have to|ought to)\b/i;

const DETERMINERS = new Set(['this', 'that', 'these', 'those']);
const POINTING = new Set([...DETERMINERS, 'it', 'them']);

/** Words after which the next word is the verb of an order ("let's not touch…", "don't set…"), however the tagger reads it. */
const VERB_SLOT = new Set(["'s", 'let', 'not', "n't", 'do', 'please', 'just']);

/**
 * Whether every thing the sentence speaks of is pointed at: a pronoun ("it", "them"), or a noun
 * under "this", "that", "these", "those" (the word right after one is taken as its noun, as the
 * tagger may read "that file" as a pronoun and a verb); no other noun or proper name.
 */
function everyThingPointed(words: readonly Word[]): boolean {
  let pointed = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (word === undefined) continue;
    if (POINTING.has(word.lower)) {
      pointed = true;
      if (DETERMINERS.has(word.lower)) i = endOfPhrase(words, i + 1);
      continue;
    }
    const named = word.pos === 'NOUN' || word.pos === 'PROPN';
    if (named && !VERB_SLOT.has(words[i - 1]?.lower ?? '')) return false;
  }
  return pointed;
}

/** The last word of the phrase a pointing word opens at `start`: its first word, and the adjectives and nouns after it. */
function endOfPhrase(words: readonly Word[], start: number): number {
  let k = start;
  while (['ADJ', 'NOUN', 'PROPN', 'NUM'].includes(words[k + 1]?.pos ?? '')) k++;
  return k;
}

/** Whether a sentence read as a rule or a preference decides only the work at hand. */
export function decidesWorkAtHand(sentence: string): boolean {
  if (LASTING.test(sentence)) return false;
  if (WAIT_AND_SEE.test(sentence) || OFFERED_OPTION.test(sentence) || POINTING_SUBJECT.test(sentence)) return true;
  return everyThingPointed(wordsOf(sentence));
}
