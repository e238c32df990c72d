const WORD = /[\p{L}\p{N}]+/gu;

/** The fewest words a title needs before a hook that repeats it gives way to what it adds: two words repeat by chance. */
const MIN_TITLE_WORDS = 3;

/**
 * A MEMORY.md hook without the title it repeats (decision 68, amended), for a line too long to keep whole: when the
 * description opens with every word of the title, the hook is what it adds, going on from the dash as the sentence
 * did and with no ellipsis before it (decision 120: "— and keep them all in .ts."), so the room the line has holds
 * more of the memory. A description that is the title alone, or opens otherwise, is the hook as it is.
 */
export function hookBeyondTitle(title: string, hook: string): string {
  const titleWords = [...title.matchAll(WORD)].map((m) => m[0].toLowerCase());
  if (titleWords.length < MIN_TITLE_WORDS) return hook;
  const hookWords = [...hook.matchAll(WORD)];
  if (hookWords.length <= titleWords.length || titleWords.some((word, i) => hookWords[i]?.[0].toLowerCase() !== word)) return hook;
  const last = hookWords[titleWords.length - 1];
  if (last === undefined) return hook;
  // What the title's sentence goes on to say follows the dash as it was said; a new sentence opens as one.
  const rest = hook.slice(last.index + last[0].length).replace(/^[\s,;:.!?)\]"'`*\u2019\u2026–—-]+/u, '');
  return /[\p{L}\p{N}]/u.test(rest) ? rest : hook;
}
