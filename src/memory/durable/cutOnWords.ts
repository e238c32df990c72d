/** Words a cut line must not end on, in the languages the extractor reads: each needs the words after it. */
export const DANGLING_WORD =
  /^(?:the|a|an|to|of|in|on|for|and|or|but|with|without|within|through|across|against|during|towards?|onto|upon|among|between|via|except|whether|because|at|by|from|that|which|is|are|was|be|as|into|than|our|my|your|its|their|this|these|those|it|we|i|not|no|so|if|when|like|who|whom|you|will|would|can|could|should|must|what|how|why|until|unless|before|after|about|over|under|per|aren't|isn't|don't|doesn't|won't|can't|wasn't|weren't|e\.g|i\.e|vs|der|die|das|dem|ein|eine|einen|einem|und|oder|aber|wenn|dass|mit|für|von|zu|auf|le|la|les|du|des|une|à|au|aux|pour|dans|avec|mais|ou|qui|et|de|el|los|las|del|al|un|una|unos|unas|que|si|en|para|por|pero|o|y)$/i;

/** Punctuation a cut line does not end on: it reads as a thought left open. */
const OPEN_END = /[\s,;:\u2013\u2014-]+$/u;

/**
 * The longest start of `text` within `max` characters (code points, "…" included) that ends on a whole word, not on
 * one that needs the next, then "…" (none after a whole sentence); `text` itself when it fits; '' when not even its
 * first word fits (decision 68).
 */
export function cutOnWords(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  if (max < 2) return '';
  const room = chars.slice(0, max - 1).join('');
  // The room ends on a whole word when the character after it does not go on with that word.
  let whole = /\s/u.test(chars[max - 1] ?? ' ') ? room : room.slice(0, room.lastIndexOf(' ') + 1);
  // A whole sentence reads better than more words of the next one, when it keeps most of the room.
  const sentenceEnd = Math.max(...[...whole.matchAll(/[.!?](?=\s)/g)].map((m) => m.index + 1));
  if (sentenceEnd >= whole.length * 0.6 && !DANGLING_WORD.test(lastWord(whole.slice(0, sentenceEnd)))) whole = whole.slice(0, sentenceEnd);
  let words = whole.replace(OPEN_END, '').split(' ').filter(Boolean);
  while (words.length > 1 && DANGLING_WORD.test(lastWord(words.join(' ')))) words = words.slice(0, -1);
  const kept = words.join(' ').replace(OPEN_END, '');
  // A cut after a whole sentence ends as the sentence does.
  return kept === '' || /[.!?]$/.test(kept) ? kept : `${kept}…`;
}

/** A text's last word without the punctuation after it. */
const lastWord = (text: string): string => (text.trimEnd().split(' ').at(-1) ?? '').replace(/[.,;:!?]+$/, '');
