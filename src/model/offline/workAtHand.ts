import { wordsOf, type Word } from './sentenceShape.js';

/**
 * Decisions about the work at hand, which are no lasting rule (decision 101): a rule's words said
 * of things that are only pointed at ("let's not make this change in this branch", "don't set it"),
 * an option picked from those offered ("I like option C", "the second one"), waiting to see
 * ("let's see if it keeps happening"), and a reviewer's advice whose subject points at the code
 * under review ("these should be closed in a deferred call"). A lasting word ("never", "from now
 * on", "every") keeps the rule however it names its thing.
 */
const LASTING = new RegExp(
  [
    String.raw`\b(?:always|never|from now on|going forward|in (?:the )?future|every|each|whenever|by default|anymore|any more|again|everywhere)\b`,
    // a generic quantifier over a kind: "all migrations", "any file"; "all of it", "all these" point
    String.raw`\b(?:all|any)\s+(?!(?:the|these|those|this|that|of|it|them|my|your|our|its|their|more)\b)\w`,
    // the same lasting words in Spanish, French and German
    String.raw`\b(?:siempre|nunca|a partir de ahora|toujours|jamais|désormais|immer|nie|niemals|ab jetzt)\b`,
  ].join('|'),
  'i',
);

/** Waiting to see what happens is the work of the moment. */
const WAIT_AND_SEE = /\b(?:let's|lets|we'll|we will|I'll)\s+(?:wait and\s+)?see\s+(?:if|whether|how|what)\b/i;

/** A label of one of the options the assistant offered. */
const OFFERED_OPTION =
  /\b(?:option|choice|approach|alternative|variant|proposal|solution)\s+(?:[A-Za-z]|\d+|one|two|three)\b(?!['-])|\bthe\s+(?:first|second|third|fourth|last|former|latter|other)(?:\s+(?:one|option|choice|approach|way)\b|\s*[.!]?$)/gi;

/**
 * A modal said of a subject that only points: "these should be…", "it needs to…", "this must…",
 * opening the sentence, after a purpose ("to release it reliably, these should…") or after a
 * clause that only points too; after an order naming a kind ("Keep PRs small, they should…") it is
 * said of that kind.
 */
const POINTING_SUBJECT = /(?:^|,\s*)(?:it|this|that|these|those|they)\s+(?:should|must|needs? to|has to|have to|ought to)\b/gi;

/** A purpose said before the advice: "To fully detach the output, these should…". */
const PURPOSE_CLAUSE = /^\s*(?:and\s+|but\s+)?(?:so as\s+|in order\s+)?to\s+\w/i;

function pointingSubject(sentence: string): boolean {
  for (const match of sentence.matchAll(POINTING_SUBJECT)) {
    const before = sentence.slice(0, match.index);
    if (match.index === 0 || PURPOSE_CLAUSE.test(before) || everyThingPointed(wordsOf(before))) return true;
  }
  return false;
}

/** The repository itself is named, not pointed at: "this repo" is the same one tomorrow. */
const WHOLE_PROJECT = new Set(['repo', 'repository', 'project', 'codebase', 'workspace', 'monorepo']);

/** Tags of a word that can open the phrase after "this", "that": "that file" may be read as a pronoun and a verb. */
const PHRASE_OPENING = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM', 'VERB']);

const DETERMINERS = new Set(['this', 'that', 'these', 'those']);
const POINTING = new Set([...DETERMINERS, 'it', 'them']);

/** Words after which the next word is the verb of an order ("let's not touch…", "don't set…"), however the tagger reads it. */
const VERB_SLOT = new Set(["'s", 'let', 'not', "n't", 'do', 'please', 'just']);

/**
 * Whether every thing the sentence speaks of is pointed at: a pronoun ("it", "them", "this" alone),
 * or a noun under "this", "that", "these", "those" (the word right after one is taken as its noun
 * when it can be one, as the tagger may read "that file" as a pronoun and a verb); no other noun or
 * proper name, no "this repo", no kind ("those generated files").
 */
function everyThingPointed(words: readonly Word[]): boolean {
  let pointed = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (word === undefined) continue;
    if (POINTING.has(word.lower)) {
      pointed = true;
      if (!DETERMINERS.has(word.lower) || !PHRASE_OPENING.has(words[i + 1]?.pos ?? '')) continue;
      const end = endOfPhrase(words, i + 1);
      if (namesAKind(words.slice(i + 1, end + 1))) return false;
      i = end;
      continue;
    }
    const named = word.pos === 'NOUN' || word.pos === 'PROPN';
    if (named && !inVerbSlot(words[i - 1])) return false;
  }
  return pointed;
}

/** Whether the word after `before` is the verb of an order or an infinitive ("to release it…"), however the tagger reads it. */
function inVerbSlot(before: Word | undefined): boolean {
  return before !== undefined && (VERB_SLOT.has(before.lower) || (before.lower === 'to' && before.pos === 'PART'));
}

/** The last word of the phrase a pointing word opens at `start`: its first word, and the adjectives and nouns after it. */
function endOfPhrase(words: readonly Word[], start: number): number {
  let k = start;
  while (['ADJ', 'NOUN', 'PROPN', 'NUM'].includes(words[k + 1]?.pos ?? '')) k++;
  return k;
}

/**
 * A phrase after a pointing word that names more than the thing at hand: the repository, or a
 * described plural ("generated files", not "two files"). A bare plural ("these files", "those scripts") is as often
 * the files just made as a kind of file, so it stays at hand (decision 101, amended).
 */
function namesAKind(phrase: readonly Word[]): boolean {
  const last = phrase.at(-1);
  if (last === undefined) return false;
  if (phrase.some((word) => WHOLE_PROJECT.has(word.lower))) return true;
  // Counted things are the ones at hand: "these two files".
  return phrase.length >= 2 && /[^s]s$/.test(last.lower) && !phrase.some((word) => word.pos === 'NUM');
}

/** An offered option taken by its number, as the reply opens: "Go with #1, then…", "let's do 2", "pick option B". */
const OPTION_TAKEN =
  /^(?:(?:ok(?:ay)?|yes|yeah|so)[,\s]+)?(?:let's\s+|lets\s+|i'd\s+|i'll\s+|we'll\s+)?(?:go with|do|pick|take|choose)\s+(?:#\d+|(?:option|number)\s+(?:[A-Za-z]|\d+)\b|\d+(?=\s*(?:[,.;!]|$|(?:then|and|but)\b)))/i;

/** Whether a sentence read as a rule or a preference decides only the work at hand. */
export function decidesWorkAtHand(sentence: string): boolean {
  // "#1" points into the list the assistant just wrote, whatever else the sentence says; "option A" may be chosen for good.
  const taken = OPTION_TAKEN.exec(sentence);
  if (taken?.[0].includes('#') === true) return true;
  if (LASTING.test(sentence)) return false;
  if (taken !== null) return true;
  if (WAIT_AND_SEE.test(sentence) || pointingSubject(sentence)) return true;
  // An option offered is one more thing pointed at: "option B for all migrations" names a kind too.
  return everyThingPointed(wordsOf(sentence.replace(OFFERED_OPTION, 'it')));
}
