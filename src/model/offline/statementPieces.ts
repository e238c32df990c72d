import { DANGLING_WORD } from '../../memory/durable/cutOnWords.js';
import { splitSentences } from './conversationFacts.js';
import { capitalise } from './capitalise.js';
import { ASIDE_MARKERS, GREETINGS, HEDGING_ADVERBS, HESITATIONS, oneOf, opensWithACapitalName } from './openerWords.js';

/**
 * A person's message cut into the pieces read as statements: paragraphs, sentences, and the clauses of a sentence
 * after a dash or a semicolon (or, in a run-on sentence, before "and", "but"…), each cleaned of its fillers.
 */

/** Rules and facts people state are short; a long musing that happens to say "always" is not one. */
export const MAX_STATEMENT_CHARS = 300;

/** A piece of a message: a sentence, or a clause of one after a dash or a semicolon (`joined`), with what stood before it. */
export interface Piece {
  readonly text: string;
  readonly joined: boolean;
  readonly separator: string;
  /** The first piece of its paragraph: a scenario's opener frames nothing past its paragraph (decision 106). */
  readonly opensParagraph?: true;
}

/**
 * Where a sentence breaks into clauses that can each be a statement: a spaced dash, a semicolon,
 * an ellipsis before "but" ("I only now see this happen...but I also moved to X": a symptom, then
 * a fact, decision 93 amended), two hyphens typed for a dash before a clause that opens on its modal
 * ("I am fixing that -- must be a symlink to…": a norm whose subject was named before, decision 122
 * amended; elsewhere two hyphens join more often than they break: "honor --x, but if not given -- deduce…").
 */
const CLAUSE_BREAK =
  /(\s[\u2013\u2014]\s|\s-\s|\s--\s(?=(?:must|should|needs? to|has to|have to|ought to)\s)|;\s|(?:\.{3}|\u2026)\s*but\s+)/;

/**
 * Where a run-on sentence too long to be one statement breaks into clauses (decision 97): a comma
 * before "and", "but", "so", "also", "then", "plus". People who type without full stops say several
 * things in one sentence; each clause is read on its own.
 */
const RUN_ON_BREAK =
  /,\s{1,3}(?:and|but|so|also|then|plus|y|pero|et|mais)(?:\s+(?:also|then))?\s+|\s{1,3}(?:and also|and then|but also)\s+/i;

/**
 * Sentences, and their clauses after a dash or semicolon ("Don't change anything yet — I prefer
 * small commits": the first is transient, the second a preference), each long enough to say
 * something and without a leading "and", "also", "so" or "but".
 */
export function pieces(text: string): Piece[] {
  return text
    .split(/\n\s*\n/)
    .flatMap((paragraph) => paragraphPieces(paragraph).map((piece, i) => (i === 0 ? { ...piece, opensParagraph: true } : piece)));
}

/** A paragraph's pieces (sentences never run past a line, so the paragraphs' pieces are the text's). */
function paragraphPieces(paragraph: string): Piece[] {
  return sentences(paragraph).flatMap((sentence) => {
    const out = clausesOf(splitKeeping(sentence, sentence.length > MAX_STATEMENT_CHARS ? RUN_ON_BREAKS : CLAUSE_BREAKS));
    return out.length > 0 ? out : [{ text: sentence, joined: false, separator: ' ' }];
  });
}

const CLAUSE_BREAKS = new RegExp(CLAUSE_BREAK.source, 'gi');
export const RUN_ON_BREAKS = new RegExp(`${CLAUSE_BREAK.source}|${RUN_ON_BREAK.source}`, 'gi');

/** A sentence split at its breaks (global patterns), alternating clause and separator. */
function splitKeeping(sentence: string, breaks: RegExp): string[] {
  const out: string[] = [];
  let last = 0;
  for (const match of sentence.matchAll(breaks)) {
    out.push(sentence.slice(last, match.index), match[0]);
    last = match.index + match[0].length;
  }
  out.push(sentence.slice(last));
  return out;
}

/** Clauses from a sentence split at its breaks (`parts` alternates clause and separator). */
function clausesOf(parts: readonly string[]): Piece[] {
  const out: Piece[] = [];
  // A clause too short to say anything ("No — don't use var") stays with the one after it, as written.
  let pending = '';
  for (let k = 0; k < parts.length; k += 2) {
    const clause = `${pending}${parts[k] ?? ''}`;
    if (clause.trim().length < 8 && k + 2 < parts.length) {
      pending = `${clause}${parts[k + 1] ?? ''}`;
      continue;
    }
    pending = '';
    const text = clause.trim();
    if (text.length < 8) continue;
    out.push({ text, joined: out.length > 0, separator: out.length > 0 ? (parts[k - 1] ?? ' ') : ' ' });
  }
  return out;
}

/**
 * Two sentences typed without a full stop between them: "…in the TODO file First get my approval…".
 * A word that opens a step or a rule, capitalised after a lower-case word, starts the second one.
 */
const RUN_TOGETHER = /(?<=[a-z0-9)])\s+(?=(?:First|Then|Always|Never|Please)\s+[a-z])/;

/**
 * Two dots between words, typed as a pause between thoughts: "…to a checkpoint..but really make sure it is linked..".
 * Each side of four words or more is a sentence of its own; a shorter side is a clause of its neighbour ("we deploy with
 * fly..never with heroku" stays one). A pause is followed by a word that opens a clause ("if", "but", "we", "the"…), so a
 * revision or letter range ("main..feature", "a..z"), an ellipsis and a path ("../src") stay as they are
 * (decision 123, amended: the pause hid an order to ship now inside a longer sentence).
 */
const PAUSE_DOTS =
  /(?<=\p{L}{2})\.\.(?!\.)\s*(?=(?:if|but|and|so|then|it|i|we|you|they|the|before|after|when|not|never|always|don't|do|maybe|also|please|let's|this|that|just|really|make|keep)\b)/giu;
const CLAUSE_WORDS = 4;
const wordCount = (s: string): number => s.split(/\s+/).filter((w) => w !== '').length;

function splitAtPauses(sentence: string): string[] {
  const pauses = [...sentence.matchAll(PAUSE_DOTS)].map((m) => ({ at: m.index ?? 0, end: (m.index ?? 0) + m[0].length }));
  if (pauses.length === 0) return [sentence];
  const out: string[] = [];
  let from = 0;
  pauses.forEach((pause, i) => {
    // The side after a pause runs to the next one: only a whole clause on each side splits; a short side stays as typed.
    const after = sentence.slice(pause.end, pauses[i + 1]?.at ?? sentence.length);
    if (wordCount(sentence.slice(from, pause.at)) < CLAUSE_WORDS || wordCount(after) < CLAUSE_WORDS) return;
    out.push(`${sentence.slice(from, pause.at)}.`);
    from = pause.end;
  });
  return [...out, sentence.slice(from)];
}

/**
 * Sentences long enough to say something, without a leading "and", "also", "so" or "but" (a word
 * of its own: "Y-axis" stays). Runs of spaces are one space, as `clip` keeps them: no cue then
 * scans a long run from each of its characters (decision 97).
 */
function sentences(text: string): string[] {
  return splitSentences(text.replace(BROKEN_LINE, ' '))
    .flatMap((s) => s.split(RUN_TOGETHER))
    .flatMap(splitAtPauses)
    .map((s) => s.replace(/\s+/g, ' ').replace(TYPOGRAPHIC_APOSTROPHE, "'"))
    .map((s) => s.replace(/^(?:[-*•]\s+|\d+[.)]\s+)/, ''))
    .map((s) => (opensWithACapitalName(s) ? s : s.replace(HESITATION, '')).replace(INTERJECTION, ''))
    .map(withApostrophes)
    .map((s) => s.replace(TIE_OR_ASIDE, ''))
    .map((s) => s.replace(HEDGE, ''))
    .map(capitalise)
    .filter((s) => s.length >= 8);
}

/** What a sentence's first words may be before what it says (decisions 97 and 120): dropped in this order. */
const HESITATION = new RegExp(String.raw`^${oneOf(HESITATIONS)}\b[\s,.]*`, 'i');
/**
 * An interjection ends at a comma, a "!", a full stop or a dash ("never mind" withdraws what came before; it is no
 * "never" of a rule: decision 133) ("Hey -- rename…", "Well — …"); a hyphen joined to the next word is
 * part of it ("Right-click…"), so a single hyphen needs a space on each side.
 */
const INTERJECTION = new RegExp(
  String.raw`^${oneOf(GREETINGS, ['wait', 'well', 'alright', 'right', String.raw`(?:actually\s+)?never\s*mind`])}(?:\s*[,!.]|\s*(?:--|[\u2013\u2014])|\s+-(?=\s))\s*`,
  'i',
);
// "Context:", "Some background:" lead a fact only with their colon: "Context is everything" is a sentence (decision 133).
const TIE_OR_ASIDE = new RegExp(
  String.raw`^(?:${oneOf(['and', 'also', 'so', 'but', 'oh', 'ok', 'okay'], ASIDE_MARKERS, ['pero', 'y', 'et', 'mais', 'aber', 'und'])}(?:[,:]\s*|\s+)|(?:(?:some|quick|a bit of)\s+)?(?:context|background)\s*:\s*)`,
  'i',
);
const HEDGE = new RegExp(String.raw`^${oneOf(['I think', 'I guess'], HEDGING_ADVERBS, ['generally', 'in general'])}\b[\s,]*`, 'i');

/**
 * A line break inside a sentence: after a word that needs the next ("…before"), before a word typed in lower case
 * ("pushing…"). The line after goes on with the sentence, so its first word is not capitalised (decision 68).
 */
const BROKEN_LINE = new RegExp(`(?<=(?:^|\\s)(?:${DANGLING_WORD.source.slice(1, -1)}))[^\\S\\n]*\\n[^\\S\\n]*(?=\\p{Ll})`, 'giu');

/**
 * The apostrophes a phone or a word processor types (’ ‘ ʼ): the cues are written with the straight
 * one, and a memory keeps it as the rest of its reading does (decision 97).
 */
const TYPOGRAPHIC_APOSTROPHE = /[\u2018\u2019\u02bc]/g;

/** Contractions typed without their apostrophe ("dont", "shouldnt"), as the cues read them. */
const BARE_CONTRACTION = /\b(do|does|did|is|are|was|were|should|would|could|must|has|have|had|ca|wo)nt\b/gi;
const withApostrophes = (s: string): string => s.replace(BARE_CONTRACTION, (_, stem: string) => `${stem}n't`);
