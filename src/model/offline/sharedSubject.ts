/**
 * Whether two statements speak of the same thing (decision 68, amended by review 19): they share a content word, by
 * its first four letters so that "commit" and "commits", "push" and "pushing" meet. Two statements of one type said
 * side by side ("Commit messages follow conventional commits. Use 2 spaces for indentation.") are two rules unless
 * one says more about the other, and a shared word is the plainest sign that it does.
 */

/** Words of four letters or more that say how or when, not what about: the words rules are said with. */
const NOT_A_SUBJECT = new Set([
  'always',
  'never',
  'please',
  'should',
  'must',
  'make',
  'sure',
  'keep',
  'with',
  'from',
  'that',
  'this',
  'these',
  'those',
  'them',
  'they',
  'their',
  'there',
  'then',
  'than',
  'when',
  'what',
  'which',
  'into',
  'only',
  'also',
  'just',
  'every',
  'each',
  'before',
  'after',
  'here',
  'where',
  "don't",
  'dont',
  'does',
  'have',
  'been',
  'would',
  'could',
  'about',
  'instead',
  'rather',
  'other',
  'more',
  'most',
  'some',
  'your',
  'ours',
  'like',
  'want',
  'need',
  'prefer',
  'using',
  'avoid',
]);

/** A short word typed in capitals names a thing ("PR", "CI", "API"), however short. */
const ACRONYM = /^\p{Lu}[\p{Lu}\p{N}]+s?$/u;

/** The stems of a sentence's content words. */
function subjectStems(sentence: string): Set<string> {
  // "force-push" and "snake_case" speak of a push and a case too.
  const words = sentence.match(/[\p{L}\p{N}']+/gu) ?? [];
  const stems = words.flatMap((word) => {
    const lower = word.toLowerCase();
    if (word.length < 4) return ACRONYM.test(word) ? [lower.replace(/s$/, '')] : [];
    return NOT_A_SUBJECT.has(lower) ? [] : [lower.slice(0, 4)];
  });
  return new Set(stems);
}

/** Whether the two sentences share a content word. */
export function shareASubject(one: string, other: string): boolean {
  const mine = subjectStems(one);
  return [...subjectStems(other)].some((stem) => mine.has(stem));
}
