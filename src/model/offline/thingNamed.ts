import { CHOOSING, PEOPLE } from './chooserWords.js';
import type { Word } from './sentenceShape.js';
import { typedWords } from './typedWords.js';

/**
 * The thing a sentence names, as a pointing word after it can stand for it (decision 122): a noun phrase read with the
 * tagger, as the person typed it.
 */

/** Tags of a word that names something, which a pointing word after it can point back at. */
export const NAMING = new Set(['NOUN', 'PROPN']);

/** Tags a phrase that names a thing goes on with, before the noun that ends it. */
export const PHRASE_WORD = new Set(['ADJ', 'NOUN', 'PROPN', 'NUM']);

/**
 * Words said to the assistant, not of a thing, which a tagger may read as nouns: thanks, apologies, congratulations
 * ("Thanks for the fix." names the fix, if anything).
 */
const SAID_TO_YOU = new Set(['thanks', 'thank', 'thx', 'ty', 'cheers', 'kudos', 'congrats', 'sorry', 'apologies', 'please']);

/** Nouns that name a part of the thing after "of": "part of the release process" is about the release process. */
const PARTITIVE = new Set(['part', 'kind', 'sort', 'type', 'rest', 'bit', 'lot', 'piece', 'side', 'end', 'top', 'bottom', 'step', 'steps']);

/** Words that point at a thing named elsewhere, when they stand alone. */
export const POINTING = new Set(['this', 'that', 'it', 'these', 'those', 'them']);

/**
 * The first thing a sentence names: a noun phrase with its determiner and adjectives, as the person typed it ("the
 * manual-release process"); after a partitive noun, the thing it is part of. Undefined when it names nothing.
 */
export function firstThingNamed(sentence: string): string | undefined {
  return thingNamedFrom(sentence, typedWords(sentence), 0);
}

/**
 * The thing a sentence before a pointing word names for it to stand for: the thing chosen, used or kept — what follows
 * the sentence's first verb — when its subject is a person or a group ("The team voted for Postgres": "it" is no team)
 * or its verb is one of choosing ("Alice chose the new logger"); else the first thing named ("The parser is slow").
 */
export function thingPointedAt(sentence: string): string | undefined {
  const words = typedWords(sentence);
  const verb = words.findIndex((word) => word.pos === 'VERB');
  const subject = words.slice(0, Math.max(0, verb));
  const chosen =
    verb > 0 && (CHOOSING.has(words[verb]?.lower ?? '') || subject.some((word) => PEOPLE.has(word.lower) && word.pos !== 'DET'));
  return (chosen ? thingNamedFrom(sentence, words, verb + 1) : undefined) ?? thingNamedFrom(sentence, words, 0);
}

/** The first thing named at or after word `from`, as `firstThingNamed` reads it. */
function thingNamedFrom(sentence: string, words: readonly Word[], from: number): string | undefined {
  for (let i = from; i < words.length; i++) {
    const word = words[i];
    // "deploy-preview workflow": a word joined by a hyphen to the phrase opens it, whatever its tag.
    const hyphened = words[i + 1]?.lower === '-' && PHRASE_WORD.has(words[i + 2]?.pos ?? '');
    if (word === undefined || word.pos === 'NUM' || SAID_TO_YOU.has(word.lower) || !(PHRASE_WORD.has(word.pos) || hyphened)) continue;
    const article = (at: number): boolean => words[at]?.pos === 'DET' && !POINTING.has(words[at]?.lower ?? '');
    // "the deploy process": a word between an article and the noun modifies the noun, however the tagger reads it.
    const opening = words[i - 1]?.pos === 'VERB' && article(i - 2) && i - 2 >= from ? i - 1 : i;
    const start = article(opening - 1) && opening - 1 >= from ? opening - 1 : opening;
    const end = withoutItsVerb(words, start, i, phraseEnd(words, i));
    const last = words[end];
    if (last === undefined || !NAMING.has(last.pos)) {
      i = end;
      continue;
    }
    if (PARTITIVE.has(last.lower) && words[end + 1]?.lower === 'of') {
      i = end + 1;
      continue;
    }
    return asTyped(sentence, words.slice(start, end + 1));
  }
  return undefined;
}

/**
 * Where a phrase opened at `i` ends: it goes on over the words that name a thing, joined by hyphens or not, and ends
 * before an adjective once it has its noun ("Postgres last week": an adjective comes before the noun it is said of).
 */
function phraseEnd(words: readonly Word[], i: number): number {
  let end = i;
  const goesOn = (at: number): boolean =>
    PHRASE_WORD.has(words[at]?.pos ?? '') && !(words[at]?.pos === 'ADJ' && NAMING.has(words[at - 1]?.pos ?? ''));
  while (goesOn(end + 1) || (words[end + 1]?.lower === '-' && PHRASE_WORD.has(words[end + 2]?.pos ?? '')))
    end += words[end + 1]?.lower === '-' ? 2 : 1;
  return end;
}

/**
 * A phrase that is the subject of a question on its modal ("Should the deploy script print progress?") with no verb
 * after it holds the verb the sentence needs, which the tagger read as a noun: the phrase ends at its first noun, and
 * the word after it is that verb. A clause with its own verb keeps the phrase whole ("Should the deploy script output
 * be shown?").
 */
function withoutItsVerb(words: readonly Word[], start: number, i: number, end: number): number {
  const rest = words.slice(end + 1);
  const needsVerb = words[start - 1]?.pos === 'AUX' && !rest.some((word) => word.pos === 'VERB' || word.pos === 'AUX');
  if (!needsVerb) return end;
  const noun = words.slice(i, end + 1).findIndex((word) => word.pos === 'NOUN');
  return noun === -1 || i + noun >= end ? end : i + noun;
}

/**
 * A phrase as it stands in the sentence, its case and spacing kept; an article keeps no capital a sentence's start gave
 * it, for the phrase is said inside a lead ("About the build:", never "About The build:").
 */
function asTyped(sentence: string, phrase: readonly Word[]): string | undefined {
  const escaped = phrase.map((word) => word.lower.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const typed = new RegExp(escaped.join('\\s*'), 'i').exec(sentence)?.[0];
  return phrase[0]?.pos === 'DET' ? typed?.replace(/^\p{Lu}/u, (letter) => letter.toLowerCase()) : typed;
}
