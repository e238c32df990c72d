import { typedWords } from './typedWords.js';
import type { Word } from './sentenceShape.js';

/**
 * A clause that opens on its modal, its subject left in what was said before ("…the CLAUDE.md symlink? — must be a
 * symlink to DEVELOPMENT.md"), read by the grammar of what follows the modal (decision 122, amended): a state to keep
 * is a norm about the thing named before it; a judgement of what is ("must be a bug", "must be nice", "must have
 * missed it") is a guess or an exclamation, and no norm at all.
 */

/** The modal a clause opens on, and where its verb stands; undefined when it opens on anything else. */
interface Modal {
  /** "need to", "ought to", "must always": a modal only ever read as what is to be, never as a guess. */
  readonly onlyOught: boolean;
  /** "should": its guesses ("should work") are as many as its norms, so only its forms that keep a state are read. */
  readonly should: boolean;
  readonly verb: number;
}

const ALWAYS = new Set(['always', 'never', 'not', "n't"]);

/** The verbs that say a state goes on as it is: after "should" too they say what is to be ("should stay in the root"). */
const KEEPING = new Set(['stay', 'stays', 'remain', 'remains', 'keep', 'keeps']);

/**
 * Whether a clause's first word, past its marks, can open a modal: read before the tagger, which costs more than the rest
 * of a sentence's reading, and most clauses open on no modal.
 */
const MAY_OPEN_ON_A_MODAL = /^[\s\p{P}\p{S}]*(?:must|should|needs?|ought|has|have)\b/iu;

function modalOpening(words: readonly Word[]): Modal | undefined {
  const [first, second] = words;
  if (first === undefined || second === undefined) return undefined;
  if (first.lower === 'must' || first.lower === 'should') {
    const always = ALWAYS.has(second.lower);
    return { onlyOught: always, should: first.lower === 'should', verb: always ? 2 : 1 };
  }
  if (second.lower !== 'to') return undefined;
  if (['need', 'needs', 'ought'].includes(first.lower)) return { onlyOught: true, should: false, verb: 2 };
  if (['has', 'have'].includes(first.lower)) return { onlyOught: false, should: false, verb: 2 };
  return undefined;
}

/** The words of a clause without its punctuation. */
const wordsWithoutMarks = (clause: string): readonly Word[] => typedWords(clause).filter((word) => word.pos !== 'PUNCT');

/** "be a symlink to X", "be an alias for X": a thing set as a kind of link to another named thing. */
function relationToAThing(after: readonly Word[]): boolean {
  const [article, noun, preposition, ...rest] = after;
  return (
    (article?.lower === 'a' || article?.lower === 'an') &&
    noun?.pos === 'NOUN' &&
    (preposition?.lower === 'to' || preposition?.lower === 'for') &&
    rest.some((word) => word.pos === 'PROPN' || word.pos === 'NOUN')
  );
}

/** A past participle after "be": the thing is to be kept, made or put so ("must be kept in sync"). */
const passive = (word: Word | undefined): boolean => word?.pos === 'VERB' && !word.lower.endsWith('ing');

/**
 * Whether a clause is a norm said without its subject: it opens on its modal, and what follows keeps a state: a verb
 * of its own ("must stay under 100 lines"), a passive ("must be kept in sync"), a link to another thing ("must be a
 * symlink to X"), or any form after a modal that is never a guess ("needs to be…", "must always be…").
 */
export function isSubjectlessNorm(clause: string): boolean {
  if (!MAY_OPEN_ON_A_MODAL.test(clause)) return false;
  const words = wordsWithoutMarks(clause);
  const modal = modalOpening(words);
  if (modal === undefined) return false;
  const verb = words[modal.verb];
  if (verb === undefined) return false;
  if (modal.onlyOught) return true;
  const after = words.slice(modal.verb + 1);
  if (verb.lower === 'be') return passive(after[0]) || relationToAThing(after);
  if (verb.lower === 'have') return false;
  return modal.should ? KEEPING.has(verb.lower) : verb.pos === 'VERB';
}

/**
 * Whether a clause that opens on "must", "should" or "has to" judges what is instead of saying what is to be: a
 * progressive or a perfect ("must be running", "must have missed it"), a kind the thing is judged to be, alone or
 * with where it sits ("must be a bug", "must be a typo in the parser"), or a quality alone or with what it is like to do
 * ("must be nice", "should be fine", "must be nice to have a cluster").
 */
export function isSubjectlessGuess(clause: string): boolean {
  if (!MAY_OPEN_ON_A_MODAL.test(clause)) return false;
  const words = wordsWithoutMarks(clause);
  const modal = modalOpening(words);
  if (modal === undefined || modal.onlyOught) return false;
  const verb = words[modal.verb];
  const after = words.slice(modal.verb + 1);
  const [next] = after;
  if (verb === undefined || next === undefined) return false;
  if (verb.lower === 'have') return next.pos === 'VERB' || next.lower === 'been';
  if (verb.lower !== 'be') return false;
  if (next.pos === 'VERB') return next.lower.endsWith('ing');
  return kindJudged(after) || qualityJudged(after);
}

/** "a bug", "an odd cache issue", "a typo in the parser": a kind alone, or with where it sits or what it comes with. */
function kindJudged(after: readonly Word[]): boolean {
  const [article, ...rest] = after;
  if (article?.lower !== 'a' && article?.lower !== 'an') return false;
  const phrase = rest.findIndex((word) => !['ADJ', 'NOUN', 'ADV'].includes(word.pos));
  const end = phrase === -1 ? rest.length : phrase;
  if (end === 0 || rest[end - 1]?.pos !== 'NOUN') return false;
  const following = rest[end];
  return following === undefined || ['in', 'with', 'on', 'somewhere'].includes(following.lower);
}

/** "nice", "really fine", "nice to have a cluster": a quality alone, or with the doing it is said of. */
function qualityJudged(after: readonly Word[]): boolean {
  const quality = after.findIndex((word) => word.pos !== 'ADV');
  const word = after[quality];
  if (quality === -1 || word === undefined || word.pos !== 'ADJ') return false;
  const following = after[quality + 1];
  return following === undefined || following.lower === 'to';
}
