import { isNegation } from '../../memory/durable/memorySlug.js';
import { capitalise } from './capitalise.js';

/**
 * A word typed with a letter left out, one too many or two swapped ("typecript", "dependecy", "recieve") is
 * spelled as the session spells it elsewhere, in a title and so in a file name (decision 68, amended 2026-12-07):
 * the word must be said once only, the other spelling at least three times as often, both of six letters or more,
 * and the slip not at the word's end ("commit" and "commits", "merge" and "merged" are two words). A negation is
 * never mended, nor mended into.
 */
const MIN_LETTERS = 6;
/** Three times as often as a word typed once: the only word mended. */
const MIN_SEEN = 3;

/** How each word of a session is written, counted case-blind, with the forms it is written in. */
interface Vocabulary {
  readonly seen: ReadonlyMap<string, number>;
  readonly forms: ReadonlyMap<string, ReadonlyMap<string, number>>;
}

/** A mender of the slips in a text, by the words of the session's texts; the session is read once, on first use. */
export function sessionSpelling(texts: () => readonly string[]): (text: string) => string {
  let vocabulary: Vocabulary | undefined;
  return (text) =>
    text.replace(/\p{L}+/gu, (word) => {
      if (!/^[A-Za-z]+$/.test(word) || word.length < MIN_LETTERS || isNegation(word.toLowerCase())) return word;
      vocabulary ??= vocabularyOf(texts());
      return mended(word, vocabulary) ?? word;
    });
}

function vocabularyOf(texts: readonly string[]): Vocabulary {
  const seen = new Map<string, number>();
  const forms = new Map<string, Map<string, number>>();
  for (const text of texts)
    for (const word of text.match(/[A-Za-z]+/g) ?? []) {
      const lower = word.toLowerCase();
      seen.set(lower, (seen.get(lower) ?? 0) + 1);
      const written = forms.get(lower) ?? new Map<string, number>();
      written.set(word, (written.get(word) ?? 0) + 1);
      forms.set(lower, written);
    }
  return { seen, forms };
}

/** The session's spelling of a word typed once with a slip, if it has one. */
function mended(word: string, vocabulary: Vocabulary): string | undefined {
  const lower = word.toLowerCase();
  if ((vocabulary.seen.get(lower) ?? 0) > 1) return undefined;
  let best: { readonly word: string; readonly seen: number } | undefined;
  for (const candidate of oneSlipAway(lower)) {
    const seen = vocabulary.seen.get(candidate) ?? 0;
    if (candidate.length < MIN_LETTERS || isNegation(candidate) || seen < MIN_SEEN) continue;
    if (best === undefined || seen > best.seen) best = { word: candidate, seen };
  }
  return best === undefined ? undefined : writtenAs(best.word, word, vocabulary);
}

/** The words one slip away, the last letter left alone: one letter out, one letter in, two neighbours swapped. */
export function oneSlipAway(word: string): Set<string> {
  const out = new Set<string>();
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const last = word.length - 1;
  for (let i = 0; i <= last; i++) {
    for (const letter of letters) out.add(word.slice(0, i) + letter + word.slice(i));
    if (i === last) break;
    out.add(word.slice(0, i) + word.slice(i + 1));
    if (i + 1 < last) out.add(word.slice(0, i) + (word[i + 1] ?? '') + (word[i] ?? '') + word.slice(i + 2));
  }
  out.delete(word);
  return out;
}

/**
 * The mended word as the session mostly writes it when that is a name's spelling ("TypeScript"), else lower case,
 * capitalised when it was typed so ("Dependency" at a sentence's start).
 */
function writtenAs(candidate: string, typed: string, vocabulary: Vocabulary): string {
  const forms = [...(vocabulary.forms.get(candidate) ?? new Map<string, number>())].sort((a, b) => b[1] - a[1]);
  const common = forms[0]?.[0] ?? candidate;
  if (/[A-Z]/.test(common.slice(1)) && /[a-z]/.test(common)) return common;
  return /^[A-Z]/.test(typed) ? capitalise(candidate) : candidate;
}
