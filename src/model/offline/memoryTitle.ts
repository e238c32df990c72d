import { withPlainApostrophes } from '../../memory/durable/apostrophes.js';
import { DANGLING_WORD } from '../../memory/durable/cutOnWords.js';
import { withoutMachinePaths } from '../../memory/durable/machinePaths.js';
import { INDEX_TITLE_CHARS } from '../../memory/durable/memoryIndex.js';
import { isNegation, memorySlug, subjectWordsOf } from '../../memory/durable/memorySlug.js';
import { leadReferent, withoutLead } from './aboutLead.js';
import { capitalise, isLowerCaseName } from './capitalise.js';
import { wordsOf } from './sentenceShape.js';
import { withoutPointers } from './memoryDescription.js';
import { withoutOpeners, withoutSuggestion } from './titleLead.js';

/** A memory's title: the index line's link text and what its file is named after (decision 68). */

/**
 * Words a title does without, at its start: a request's politeness, what introduces a note, and the person's own "I
 * prefer", "I'd rather", "we've". What is left stays in the person's words, as the memory's body is (decision 68,
 * amended 2026-12-07): "I don't want tokens under my account" is not titled "User doesn't want…".
 */
const OPENING_WORDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(?:please\s+|just\s+|remember(?:\s+that)?\s+|note(?:\s+that)?\s+)+/i, ''],
  [/^I(?:'d| would)\s+rather\s+/i, 'Rather '],
  [/^I\s+(?:really\s+)?prefer\s+/i, 'Prefer '],
  [/^We(?:'ve| have)\s+/i, ''],
  [/^We(?:'re| are)\s+(?=\w+ing\b)/i, ''],
  [
    /^We\s+(?=(?:no longer|decided|agreed|chose|moved|migrated|switched|went|picked|settled|stopped|dropped|replaced|will|always|never|don't|do not)\b)/i,
    '',
  ],
];

/** A condition, a purpose or a source a statement opens with, before its main clause. */
const LEADING_CLAUSE =
  /^(?:if|when|to|in order to|whenever|once|before|after|per|according to|as of|since|quand|lorsque|si|wenn|sobald|cuando|seit|depuis|desde)\b[^,]{2,120},\s*(.+)$/i;

const MAX_TITLE_WORDS = 12;
/** The most words a title is lengthened to, to keep a negation of the clause it was cut in. */
const MAX_NEGATION_WORDS = 16;

/** Whether a title's words are more than a title holds: twelve words, or more characters than the index shows of one. */
const tooLong = (words: readonly string[]): boolean => words.length > MAX_TITLE_WORDS || [...words.join(' ')].length > INDEX_TITLE_CHARS;

/** Whether what follows a clause's end opens with a negation, past the joint: ", never…", "but not…", "- no…". */
const opensWithNegation = (after: string): boolean =>
  saysNegation(/^[\s,;:\u2013\u2014-]*(?:(?:and|but|or|y|pero|und|aber|et|mais)\s+)?(\S*)/i.exec(after)?.[1] ?? '');

/**
 * A title cut by its word count, lengthened to keep a negation near or just past the cut and the words it turns ("…in our
 * PR that aren't for our files"), up to 16 words: a title never says less of a rule than its negation (decision 120). A
 * negation further on in a run-on sentence is another thought's, and the title stays a title.
 */
function withTurnedWords(words: string[], thought: readonly string[]): string[] {
  let [end, found, past] = [words.length, false, false];
  for (let at = Math.max(0, words.length - 3); at < Math.min(thought.length, end + 4); at++) {
    if (!saysNegation(thought[at] ?? '')) continue;
    [end, found, past] = [Math.max(end, at + 2), true, past || at >= words.length - 1];
  }
  if (!found) return words;
  // A negation past the cut: to the end of its clause when that is near.
  const clauseEnd = past ? thought.findIndex((word, at) => at >= end - 1 && /[,;:]$/.test(word)) : -1;
  if (clauseEnd !== -1 && clauseEnd < MAX_NEGATION_WORDS) return thought.slice(0, clauseEnd + 1);
  // Else to the first word after the negation that needs no other ("never to mocks", not "never to").
  while (end < thought.length && DANGLING_WORD.test((thought[end - 1] ?? '').replace(/[.,;:!?]+$/, ''))) end++;
  return end <= MAX_NEGATION_WORDS ? thought.slice(0, end) : words;
}

/**
 * A text's first sentence that names something, a word a slug can be named by (decision 120): "Right. The cache…" is
 * named by its second. "e.g." and "i.e." end no sentence: "…a correct mapping according to e.g. CHANGES.md" is one.
 */
function firstSentenceSaying(text: string): string {
  let rest = text;
  for (;;) {
    const first = /^(.+?[.!?])(?<!\b(?:[eE]\.g|[iI]\.e|vs|cf)\.)\s+(?=\p{Lu})/u.exec(rest)?.[1];
    if (first === undefined) return rest;
    if (namingWords(first).length > 0) return first;
    rest = rest.slice(first.length).trimStart();
  }
}

/** The words a slug can be named by, but one that needs the next ("against"): a slug does not end on it. */
const namingWords = (text: string): string[] => subjectWordsOf(text).filter((word) => !DANGLING_WORD.test(word));

/** Whether a word or phrase says a negation, as a slug reads it ("don't" is "dont"). */
const saysNegation = (said: string): boolean => memorySlug(said).split('-').some(isNegation);

/** A cut title without the words at its end that need the next ("…before the"); never without a negation. */
function withoutDanglingEnd(words: readonly string[], cut: boolean): string[] {
  const kept = [...words];
  while (cut && kept.length > 2) {
    const last = (kept.at(-1) ?? '').replace(/[.,;:!?]+$/, '');
    if (!DANGLING_WORD.test(last) || saysNegation(last)) break;
    kept.pop();
  }
  return kept;
}

/**
 * A short title that names the rule or fact: the statement without its reason, lead-in and fillers, in the person's
 * words, cut at a clause boundary when long (never in the middle of a phrase).
 */
export function titleOf(text: string): string {
  const referent = leadReferent(text);
  return referent === undefined ? titleOfSaid(text) : ledTitle(referent, withoutLead(text));
}

/**
 * A led statement's title: its referent, capitalised and without its article ("the manual-release process" is titled
 * "Manual-release process: …"), then the title the statement gets without the lead, its opener drops and all; that
 * title goes on after a colon, so an ordinary first word keeps no capital ("Readme: make it so…"; decision 122, amended).
 */
function ledTitle(referent: string, said: string): string {
  const thing = referent.replace(/^(?:the|an?)\s+/i, '');
  const article = thing !== referent;
  // After an article the first word is a common noun's modifier ("manual-release"), however it is joined; a name keeps its case.
  const titled = article && !isLowerCaseName(thing.replace(/-/g, '')) ? thing.charAt(0).toUpperCase() + thing.slice(1) : capitalise(thing);
  const rest = titleOfSaid(said);
  const first = /^\S+/.exec(rest)?.[0] ?? '';
  const ordinary = /^\p{Lu}\p{Ll}*$/u.test(first) && first !== 'I' && wordsOf(rest)[0]?.pos !== 'PROPN';
  return `${titled}: ${ordinary ? first.toLowerCase() + rest.slice(first.length) : rest}`;
}

/** The title of a statement said without a lead. */
function titleOfSaid(text: string): string {
  const title = withNamesAsTyped(titleOfPlain(text), backtickedWords(text));
  // A statement that is only the words a title drops ("We've -.") keeps them, all but an opener ("Yeah we've -." is
  // titled "We've"): a title, and the file named by it, is never empty.
  if (/[\p{L}\p{N}]/u.test(title)) return title;
  const unopened = wordsAsSaid(withoutOpeners(text));
  return /[\p{L}\p{N}]/u.test(unopened) ? unopened : wordsAsSaid(text);
}

/** A statement's first words as a title, nothing dropped: the last resort of a title. */
const wordsAsSaid = (text: string): string =>
  capitalise(
    withPlainApostrophes(withoutMachinePaths(text))
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, MAX_TITLE_WORDS)
      .join(' ')
      .replace(/[\s.,;:!?\u2013\u2014-]+$/, ''),
  );

/** The words a text opens a backticked span with: a command, a package or a file, whatever its spelling. */
const backtickedWords = (text: string): ReadonlySet<string> => new Set([...text.matchAll(/`\s*([^`\s]+)/g)].map((m) => m[1] ?? ''));

/**
 * The title with its first word as it was typed in backticks: the title drops backticks, and a name loses no case to a
 * sentence start (`mytool` is no "Mytool"; decision 120).
 */
function withNamesAsTyped(title: string, typed: ReadonlySet<string>): string {
  const first = /^[^\s,;:!?]+/.exec(title)?.[0] ?? '';
  const asTyped = first.charAt(0).toLowerCase() + first.slice(1);
  return asTyped !== first && typed.has(asTyped) ? asTyped + title.slice(first.length) : title;
}

/** The title, cased as a sentence starts: what `titleOf` returns before a backticked name gets its case back. */
function titleOfPlain(text: string): string {
  // A path of the author's machine is titled by the file it names (decision 120, amended 2026-12-07).
  let title = withPlainApostrophes(withoutMachinePaths(text))
    // A link is named by its host in a title; the body keeps it whole.
    .replace(/https?:\/\/([^/\s]+)\S*?(?=[,;.!?]?(?:\s|$))/g, '$1')
    .replace(/[`*[\]()"]|#(?![\w-])/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  // What opens a reply before a colon ("Yes, exactly like that:", "Quick context:") names nothing, nor does a filler.
  title = withoutOpeners(title);
  // The first sentence names it; what a memory says after it is for its body.
  title = withoutPointers(firstSentenceSaying(title));
  // Only a title cut short can end on a word that needs the next: "Don't format dates as before" is whole.
  let cut: boolean;
  [title, cut] = firstThought(title);
  for (const [pattern, replacement] of OPENING_WORDS) title = title.replace(pattern, replacement);
  title = title.replace(/[\s.,;:!?\u2013\u2014-]+$/, '');
  let words = title.split(' ').filter(Boolean);
  if (words.length > MAX_TITLE_WORDS) cut = true;
  if (tooLong(words)) {
    // An aside between commas says less than what is around it: "The incident on the 14th, where…, is the reason…".
    const aside = /,\s(?:where|which|who|whose|when)\s[^,]{3,120},\s/i.exec(title)?.[0];
    if (aside !== undefined && !saysNegation(aside)) title = title.replace(aside, ' ');
    // After a condition, a purpose or a source, the main clause names it: "If a deploy breaks, #deploy-help is where…".
    const main = LEADING_CLAUSE.exec(title)?.[1];
    if (main !== undefined && main.split(' ').length >= 3 && !saysNegation(title.slice(0, title.length - main.length)))
      title = withoutOpeners(capitalise(main));
    words = title.split(' ').filter(Boolean);
  }
  const thought: readonly string[] = words;
  if (tooLong(words)) {
    // The first run of whole clauses that says enough on its own (four words or more) and fits the index (decision 120);
    // a clause that opens with a negation bounds the one before ("…on Tuesdays, never from main"): both stay.
    const fitting = clauseEnds(title)
      .filter((end) => !opensWithNegation(title.slice(end)))
      .map((end) => title.slice(0, end).split(' ').filter(Boolean))
      .find((clause) => clause.length >= 4 && !tooLong(clause));
    if (fitting !== undefined) [words, cut] = [fitting, true];
    // No clause fits: twelve words, and the index shows what it can of them, cut with "…".
    else if (words.length > MAX_TITLE_WORDS) words = withTurnedWords(words.slice(0, MAX_TITLE_WORDS), thought);
  }
  words = withoutDanglingEnd(words, cut);
  // A title cut to its first words names its rule by two words a slug can be named by, when the thought has them (decision 120).
  while (words.length < thought.length && namingWords(words.join(' ')).length < 2) words = thought.slice(0, words.length + 1);
  // Cut to its first words, a title may end on a phrase that points into the session ("…in the same way").
  const joined = withoutPointers(words.join(' ')).replace(/[.,;:!?\u2013\u2014-]+$/, '');
  // "Let's" goes once the title is cut, so the cut is where it was with it (decision 120, amended 2026-12-07).
  return capitalise(withoutSuggestion(joined));
}

/**
 * Where a clause of a long title ends: a comma, a colon, a dash, a word that joins two clauses, or a second sentence
 * typed without a full stop that the person opens with "I" ("…migrate to cobra I was actually assuming…"), unless
 * the word before it needs what follows ("before I push").
 */
function clauseEnds(title: string): number[] {
  const joints = [
    ...title.matchAll(/[,;:](?=\s)|\s[\u2013\u2014-]\s|\s(?:and|but|which|so|then|where|while|et|und|y|mais|aber|pero)\s/g),
  ].map((m) => m.index);
  const runTogether = [...title.matchAll(/(?<=\b([a-z][\w'-]*))\s(?=I\s)/g)]
    .filter((m) => !DANGLING_WORD.test(m[1] ?? '') && !SUBORDINATOR.test(m[1] ?? ''))
    .map((m) => m.index);
  return [...joints, ...runTogether].sort((a, b) => a - b);
}

/** Words that open a clause whose subject follows them ("since I moved", "once I push"), besides the dangling ones. */
const SUBORDINATOR =
  /^(?:since|once|while|whenever|wherever|where|though|although|unless|until|cause|cuz|say|says|said|think|thought|know|guess)$/i;

/**
 * The first thought of a title, and whether it was cut to it: the thought before an ellipsis that
 * runs on into another ("…seeing this happen...but I also moved…"; a qualifier after it, "… unless
 * it's your own branch", is part of the thought), without the reason given for it.
 */
function firstThought(title: string): [string, boolean] {
  const beforeEllipsis =
    /^(.+?\S)\s*(?:\.{3}|…)\s*(?!(?:unless|except|not|only|if|when|until|as long as|or|because|so|without)\b)(?=\p{L})/iu.exec(title)?.[1];
  const thought = beforeEllipsis !== undefined && beforeEllipsis.split(' ').length >= 3 ? beforeEllipsis : title;
  const reason = reasonStart(thought);
  return reason > 8 ? [thought.slice(0, reason), true] : [thought, thought !== title];
}

/** Where a "because…" clause starts in a text, or -1. */
function reasonStart(text: string): number {
  const match =
    /(?:,\s*|\s+[\u2013\u2014-]\s+|\s+)(?:because|since\s+(?!\d)|so that|given that|otherwise|weil|denn|damit|parce qu|puisque|pour que|porque|ya que|para que|(?<=,\s*)as\s+(?=(?:it|its|they|their|we|our|this|that|the|there)\b))/i.exec(
      text,
    );
  return match ? match.index : -1;
}
