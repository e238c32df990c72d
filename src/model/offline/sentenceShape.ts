import { createRequire } from 'node:module';
import type WinkFn from 'wink-nlp';
import type { ItsFunction, Model, PartOfSpeech, WinkMethods } from 'wink-nlp';

/**
 * The grammar of one short sentence the person typed, read by wink-nlp's English model
 * (decision 97): each word with its universal part of speech (NOUN, PROPN, PRON, DET, VERB, AUX…)
 * and whether a negation governs it. The model is loaded on the first sentence that needs it, once
 * per process, and only the person's own short sentences are ever read with it, never tool output.
 */
export interface Word {
  readonly lower: string;
  readonly pos: PartOfSpeech;
  readonly negated: boolean;
}

/** What this module reads of a token: wink's helpers typed as plain functions, not methods. */
type TokenHelper = ItsFunction<unknown>;
interface Reader {
  readonly wink: WinkMethods;
  readonly its: { readonly value: TokenHelper; readonly pos: TokenHelper; readonly negationFlag: TokenHelper };
}

let reader: Reader | undefined;

/** wink-nlp with its small English model and only the steps used here (sentences, part of speech, negation). */
function winkReader(): Reader {
  if (reader !== undefined) return reader;
  // Loaded on first use: a command that never reads a person's sentence pays nothing (decision 88).
  const load = createRequire(import.meta.url);
  const module: unknown = load('wink-nlp');
  const winkNLP = (typeof module === 'function' ? module : (module as { default: unknown }).default) as typeof WinkFn;
  const model: unknown = load('wink-eng-lite-web-model');
  const wink = winkNLP(model as Model, ['sbd', 'pos', 'negation']);
  reader = { wink, its: wink.its as unknown as Reader['its'] };
  return reader;
}

/** The last sentences read: a sentence is asked about by several kinds in a row. */
const recent = new Map<string, readonly Word[]>();
const RECENT_LIMIT = 64;

/** The words of a sentence with their parts of speech. */
export function wordsOf(sentence: string): readonly Word[] {
  const known = recent.get(sentence);
  if (known !== undefined) return known;
  const { wink, its } = winkReader();
  const tokens = wink.readDoc(sentence).tokens();
  const values = tokens.out(its.value) as string[];
  const tags = tokens.out(its.pos) as PartOfSpeech[];
  const negations = tokens.out(its.negationFlag) as unknown[];
  const words = values.map((value, i) => ({ lower: value.toLowerCase(), pos: tags[i] ?? 'X', negated: negations[i] === true }));
  if (recent.size >= RECENT_LIMIT) recent.clear();
  recent.set(sentence, words);
  return words;
}

/**
 * The words of a part of a sentence (from `start` to `end`), tagged as they stand in the whole
 * sentence: a phrase read alone loses what its neighbours tell ("a single JSON file" alone reads
 * "file" as a verb).
 */
export function wordsIn(sentence: string, start: number, end: number): readonly Word[] {
  const count = (text: string): number => (text.trim() === '' ? 0 : wordsOf(text).length);
  return wordsOf(sentence)
    .slice(count(sentence.slice(0, start)), count(sentence.slice(0, end)))
    .filter((word) => word.pos !== 'PUNCT');
}

/** Words that point at the thing at hand rather than name a kind of thing. */
const POINTING = new Set(['this', 'that', 'these', 'those', 'it', 'them', 'here', 'there', 'which', 'what', 'one']);

/**
 * A phrase that names a thing or a kind of thing (a noun or a proper name, with its adjectives),
 * never a pronoun or a pointing word ("it", "this one", "the other"): "local storage", "SQLite",
 * "a single JSON file".
 */
export function namesAThing(words: readonly Word[]): boolean {
  if (words.length === 0 || words.length > 6) return false;
  if (words.some((word) => word.pos === 'PRON' || POINTING.has(word.lower))) return false;
  const last = words.at(-1);
  return last !== undefined && (last.pos === 'NOUN' || last.pos === 'PROPN');
}
