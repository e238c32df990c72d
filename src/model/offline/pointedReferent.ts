import { splitSentences } from './conversationFacts.js';
import { aboutLead } from './aboutLead.js';
import { firstThingNamed, NAMING, PHRASE_WORD, POINTING, thingPointedAt } from './thingNamed.js';
import { retold, type Found } from './foundStatement.js';
import type { Piece } from './statementPieces.js';
import { wordsOf, type Word } from './sentenceShape.js';
import { isSubjectlessNorm } from './subjectlessNorm.js';
import { isProjectNature } from './projectNature.js';
import { isProjectScope } from './projectScope.js';
import { settlesOfferedStep } from './offerAnswers.js';

/**
 * A statement whose subject or object is only a pointing word ("I want this as simple as possible", "it needs to be one
 * step") says what it is about only with the thing pointed at (decision 122). That thing is named before it: in an
 * earlier sentence of the person's message, or in the assistant's question the message answers.
 */

/** The speakers: a statement about the person or the assistant points at nothing. */
const SPEAKERS = new Set(['i', 'we', 'you', 'me', 'us', "'m", 'my', 'our', 'your']);

/** Tags of the word after a pointing "that" that stands for a thing: its verb ("that needs…") or what goes on with it. */
const CLAUSE_GOES_ON = new Set(['AUX', 'VERB', 'ADV', 'PART', 'PUNCT']);

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
 * The "it" or "this" of what the project is or of its scope ("it's for personal use", "it runs locally only") is the
 * project, whatever was named before (decision 129).
 */
const saysWhatTheProjectIs = (text: string): boolean => isProjectNature(text) || isProjectScope(text);

/**
 * A sentence that brings in something other than the project: a link, something found, tried or looked at ("I found this
 * package on npm", "Check out https://…", "Look at this repo"). What the "it" after it is, is that thing.
 */
const BROUGHT_IN =
  /https?:\/\/|\b(?:found|came across|stumbled (?:on|upon)|check out|checking out|look at|looking at|tried|trying|installed|recommended|suggested|heard (?:of|about)|saw)\b|\bthis (?:package|library|lib|tool|repo|repository|project|app|site|website|crate|gem|plugin|extension|module|cli)\s+(?:on|from|I|we)\b/i;

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
    // "I found this package on npm. It's a library for…": the "it" is what was just brought in, not the project (decision 133).
    if (saysWhatTheProjectIs(found.text) && BROUGHT_IN.test(before.at(-1) ?? '')) return undefined;
    // A reply pointing at the step the assistant offered settles that step of the plan at hand (decision 144).
    if (before.every((sentence) => thingPointedAt(sentence) === undefined) && settlesOfferedStep(asked, found.text)) return undefined;
    const referent = saysWhatTheProjectIs(found.text) ? 'the project' : referentOf(before, asked);
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
