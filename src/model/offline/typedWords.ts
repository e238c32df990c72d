import { wordsOf, type Word } from './sentenceShape.js';

/**
 * The words of a sentence as typed: the tagger cuts a name spelled with a dot, a slash or an underscore into pieces
 * ("CLAUDE.md" is read as four tokens, none of them the file), so a run of tokens typed without a space between them
 * and holding such a mark is one proper name; punctuation that only ends or opens the run stays apart (decision 122).
 */
export function typedWords(sentence: string): readonly Word[] {
  const tokens = wordsOf(sentence);
  const lower = sentence.toLowerCase();
  const runs: Word[][] = [];
  let cursor = 0;
  for (const token of tokens) {
    const at = lower.indexOf(token.lower, cursor);
    const glued = at === cursor && cursor > 0 && runs.length > 0;
    if (glued) runs.at(-1)?.push(token);
    else runs.push([token]);
    if (at !== -1) cursor = at + token.lower.length;
  }
  return runs.flatMap(asName);
}

/** A run of glued tokens: one name when a dot, slash or underscore joins its words, else its tokens as they were. */
function asName(run: readonly Word[]): Word[] {
  let start = 0;
  let end = run.length;
  while (start < end && run[start]?.pos === 'PUNCT') start++;
  while (end > start && run[end - 1]?.pos === 'PUNCT') end--;
  const core = run.slice(start, end);
  // "DEVELOPMENT.md." at a sentence's end: the full stop ends the sentence, not the name.
  const spelled = core
    .map((word) => word.lower)
    .join('')
    .replace(/\.+$/, '');
  if (core.length < 2 || !/[\w][./_][\w]/.test(spelled)) return [...run];
  const name: Word = { lower: spelled, pos: 'PROPN', negated: core.some((word) => word.negated) };
  return [...run.slice(0, start), name, ...run.slice(end)];
}
