import { splitSentences } from './conversationFacts.js';
import { aboutLead } from './aboutLead.js';
import { CHOOSING, PEOPLE } from './chooserWords.js';
import { retold, type Found } from './foundStatement.js';
import type { Piece } from './statementPieces.js';
import { wordsOf, type Word } from './sentenceShape.js';
import { isSubjectlessNorm } from './subjectlessNorm.js';
import { typedWords } from './typedWords.js';

/**
 * A statement whose subject or object is only a pointing word ("I want this as simple as possible", "it needs to be one
 * step") says what it is about only with the thing pointed at (decision 122). That thing is named before it: in an
 * earlier sentence of the person's message, or in the assistant's question the message answers.
 */

/** Words that point at a thing named elsewhere, when they stand alone. */
const POINTING = new Set(['this', 'that', 'it', 'these', 'those', 'them']);

/** The speakers: a statement about the person or the assistant points at nothing. */
const SPEAKERS = new Set(['i', 'we', 'you', 'me', 'us', "'m", 'my', 'our', 'your']);

/** Tags of a word that names something, which a pointing word after it can point back at. */
const NAMING = new Set(['NOUN', 'PROPN']);

/** Tags a phrase that names a thing goes on with, before the noun that ends it. */
const PHRASE_WORD = new Set(['ADJ', 'NOUN', 'PROPN', 'NUM']);

/** Tags of the word after a pointing "that" that stands for a thing: its verb ("that needs…") or what goes on with it. */
const CLAUSE_GOES_ON = new Set(['AUX', 'VERB', 'ADV', 'PART', 'PUNCT']);

/**
 * Words said to the assistant, not of a thing, which a tagger may read as nouns: thanks, apologies, congratulations
 * ("Thanks for the fix." names the fix, if anything).
 */
const SAID_TO_YOU = new Set(['thanks', 'thank', 'thx', 'ty', 'cheers', 'kudos', 'congrats', 'sorry', 'apologies', 'please']);

/** Nouns that name a part of the thing after "of": "part of the release process" is about the release process. */
const PARTITIVE = new Set(['part', 'kind', 'sort', 'type', 'rest', 'bit', 'lot', 'piece', 'side', 'end', 'top', 'bottom', 'step', 'steps']);

/**
 * Whether the first thing the sentence speaks of, the speakers aside, is a pointing word standing alone: no noun comes
 * before it ("when the build breaks, fix it" points inside the sentence), it is no determiner of a noun ("this repo"),
 * it opens nothing said after it ("this: …") and it is no placeholder subject ("it is important to…").
 */
export function needsReferent(sentence: string): boolean {
  const words = wordsOf(sentence).filter((word) => word.pos !== 'PUNCT' || word.lower === ':');
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (word === undefined || word.lower === ':') return false;
    if (NAMING.has(word.pos)) return false;
    if (!POINTING.has(word.lower) || !['PRON', 'DET'].includes(word.pos) || SPEAKERS.has(word.lower)) continue;
    const next = words[i + 1];
    // "make sure that in the skill we…": a "that" before anything but a verb opens a clause; it points at nothing.
    if (word.lower === 'that' && next !== undefined && !CLAUSE_GOES_ON.has(next.pos)) continue;
    if (next !== undefined && (PHRASE_WORD.has(next.pos) || next.lower === ':')) return false;
    // "This is how we do releases: tag first…": a "this" or "that" the sentence goes on to a colon after points forward.
    if (word.lower !== 'it' && words.slice(i + 1).some((later) => later.lower === ':')) return false;
    return !(word.lower === 'it' && placeholderSubject(words.slice(i + 1)));
  }
  return false;
}

/** Verbs that only link "it" to what is said of the clause after it: "it seems wise to…", "it makes sense to…". */
const LINKING = new Set(['seem', 'seems', 'seemed', 'make', 'makes', 'made', 'feel', 'feels', 'look', 'looks', 'become', 'becomes']);

/**
 * "It is easy to…", "it makes sense to…", "it would be nice to…", "it is a rule that…", "it is worth running…": "it"
 * stands for the clause after, not for a thing. Its shape: auxiliaries, adverbs and at most one linking verb, then a
 * word said of the clause (an adjective or a noun, with its article), then the clause ("to", "that" or an -ing verb).
 */
function placeholderSubject(after: readonly Word[]): boolean {
  let i = 0;
  let linked = false;
  for (; i < after.length; i++) {
    const word = after[i];
    if (word === undefined || !(word.pos === 'AUX' || word.pos === 'ADV' || (!linked && LINKING.has(word.lower)))) break;
    linked ||= LINKING.has(word.lower) || word.pos === 'AUX';
  }
  if (!linked) return false;
  if (['a', 'an'].includes(after[i]?.lower ?? '')) i++;
  const said = after[i];
  if (said === undefined || !['ADJ', 'NOUN'].includes(said.pos)) return false;
  const clause = after[i + 1];
  return clause?.lower === 'to' || clause?.lower === 'that' || (clause?.pos === 'VERB' && clause.lower.endsWith('ing'));
}

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

/** Words that answer a yes-or-no question and say nothing more. */
const ANSWER_WORD = String.raw`(?:yes|yeah|yep|yup|no|nope|ok|okay|sure|right|correct|exactly|alright)\b[\s.,!]*`;
const ANSWER = new RegExp(`^${ANSWER_WORD}$`, 'i');
const isBareAnswer = (sentence: string): boolean => ANSWER.test(sentence.trim());

/**
 * A message that opens with bare answers and then a word that adds another point ("No. Also, it must never…"): the
 * answer is over, and what follows is about something else than the question's thing. Read on the words as said, for
 * the pieces have dropped both.
 */
const ADDS_A_POINT = new RegExp(String.raw`^(?:${ANSWER_WORD})+(?:also|and|plus|besides|additionally|another thing|by the way|btw)\b`, 'i');

/**
 * The thing a pointing statement is about: the first thing named by the nearest sentence before it in the message that
 * names one, else by the question the assistant asked last; undefined when neither names anything.
 */
export function referentOf(before: readonly string[], assistant: string | undefined): string | undefined {
  for (const sentence of [...before].reverse()) {
    const named = thingPointedAt(sentence);
    if (named !== undefined) return named;
  }
  const question = assistant === undefined ? undefined : splitSentences(assistant.trim()).at(-1);
  return question?.endsWith('?') === true ? firstThingNamed(question) : undefined;
}

/** Whether a statement says what it is about only with a thing named before it: it points, or its norm has no subject. */
const needsThingNamedBefore = (text: string): boolean => needsReferent(text) || isSubjectlessNorm(text);

/**
 * The statements of a message's pieces, each one that only points, or states a norm without its subject, led by the
 * thing named before it; one whose referent is named nowhere is kept as said. `message` is the message as typed, which
 * says whether it answers the assistant's question. The leads given are returned too, for `withLeadsOpening`.
 */
export function withReferents(
  said: readonly Piece[],
  statements: ReadonlyArray<Found | undefined>,
  assistant: string | undefined,
  message: string,
): { statements: Array<Found | undefined>; leads: string[] } {
  const answerOver = ADDS_A_POINT.test(message.trim());
  const leads: string[] = [];
  const led = statements.map((found, i) => {
    if (found === undefined || !needsThingNamedBefore(found.text)) return found;
    const before = said.slice(Math.max(0, i - 2), i).map((piece) => piece.text);
    // The assistant's question is answered by a message that opens with the statement, or with a bare answer before it
    // ("Yes. Keep it…"), not with one that goes on to another point ("No. Also, …"), read on the words as said; a
    // statement said after other things is about them, or about nothing named.
    const asked = !answerOver && said.slice(0, i).every((piece) => isBareAnswer(piece.text)) ? assistant : undefined;
    const referent = referentOf(before, asked);
    if (referent === undefined) return found;
    const lead = aboutLead(referent);
    leads.push(lead);
    return retold(found, `${lead}${found.text}`);
  });
  return { statements: led, leads };
}

/**
 * A memory with a lead only where it opens. A statement grouped after the sentence that names its thing already has its
 * referent said before it ("…a flaky test that is causing trouble… If you must report it…"), so a lead inside it goes,
 * and so does the lead of a title taken from that statement; one grouped after words that do not name it ("I am fixing
 * that — must be a symlink to…") has its lead moved to where the memory opens, and its title keeps it.
 */
export function withLeadsOpening<T extends { readonly text: string; readonly title?: string }>(found: T, leads: readonly string[]): T {
  const inside = leads.filter((lead) => found.text.indexOf(lead, 1) !== -1);
  if (inside.length === 0) return found;
  const saidBefore = (lead: string): boolean =>
    found.text.slice(0, found.text.indexOf(lead, 1)).toLowerCase().includes(referentIn(lead).toLowerCase());
  // A memory that already opens with a lead says what it is about once: no other lead moves before it.
  const opensLed = leads.some((lead) => found.text.startsWith(lead));
  const dropped = inside.filter((lead) => opensLed || saidBefore(lead));
  const moved = inside.filter((lead) => !dropped.includes(lead)).slice(0, 1);
  const without = inside.reduce((kept, lead) => `${kept.charAt(0)}${kept.slice(1).split(lead).join('')}`, found.text);
  const text = `${moved.join('')}${without}`;
  const title = found.title === undefined ? undefined : dropped.reduce((kept, lead) => kept.replace(lead, ''), found.title);
  return { ...found, text, ...(title === undefined ? {} : { title }) };
}

/** The thing a lead names: "About the release process: " names "the release process". */
const referentIn = (lead: string): string => lead.slice('About '.length, -': '.length);
