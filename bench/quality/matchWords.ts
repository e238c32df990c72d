/**
 * Whether a memory's text holds a label's words (bench/quality/labels.ts): each word whole and
 * case-insensitive, `word*` as a prefix, `a|b` either, `two words` in a row.
 */
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

// A word's edges: no letter or digit right before or after it (unicode-aware, unlike \b).
const BEFORE = '(?<![\\p{L}\\p{N}])';
const AFTER = '(?![\\p{L}\\p{N}])';

function alternative(word: string): string {
  const prefix = word.endsWith('*');
  const stem = prefix ? word.slice(0, -1) : word;
  const body = stem.split(/\s+/).map(escape).join('\\s+');
  return `${BEFORE}${body}${prefix ? '' : AFTER}`;
}

const cache = new Map<string, RegExp>();

/** The pattern of one label word. */
export function wordPattern(word: string): RegExp {
  let pattern = cache.get(word);
  if (pattern === undefined) {
    pattern = new RegExp(word.split('|').map(alternative).join('|'), 'iu');
    cache.set(word, pattern);
  }
  return pattern;
}

/** True when every word is in the text; an empty list never matches (a label without words says nothing). */
export function hasAllWords(text: string, words: readonly string[]): boolean {
  return words.length > 0 && words.every((word) => wordPattern(word).test(text));
}
