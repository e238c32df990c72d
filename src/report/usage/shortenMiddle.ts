import stringWidth from 'string-width';

/**
 * A text's width in terminal columns: a wide East Asian character or an emoji takes two, a combining mark
 * none (string-width, the measure terminals' own tools use).
 */
export const columns = (text: string): number => stringWidth(text);

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The text's user-perceived characters, so a cut never splits an accent from its letter or an emoji sequence. */
const charactersOf = (text: string): string[] => Array.from(graphemes.segment(text), (part) => part.segment);

/** How many of these characters, taken in order, fit in `width` columns. */
function countFitting(characters: readonly string[], width: number): number {
  let used = 0;
  let count = 0;
  for (const character of characters) {
    used += columns(character);
    if (used > width) break;
    count++;
  }
  return count;
}

/**
 * The text cut in the middle to at most `width` columns with "…" where the middle was: the start and the
 * end of a nested project's name are what tell rows apart (decision 114). Whole when it fits.
 */
export function shortenMiddle(text: string, width: number): string {
  if (columns(text) <= width) return text;
  if (width <= 1) return '…'.slice(0, width);
  const characters = charactersOf(text);
  const kept = width - 1;
  const head = characters.slice(0, countFitting(characters, Math.ceil(kept / 2))).join('');
  const tailCount = countFitting([...characters].reverse(), kept - columns(head));
  return `${head}…${characters.slice(characters.length - tailCount).join('')}`;
}

/** The text cut at its end to at most `width` columns with "…" for what was cut; whole when it fits. */
export function shortenEnd(text: string, width: number): string {
  if (columns(text) <= width) return text;
  if (width <= 1) return '…'.slice(0, width);
  const characters = charactersOf(text);
  return `${characters.slice(0, countFitting(characters, width - 1)).join('')}…`;
}

/** The words of a line of prose wrapped to `width` columns; a word longer than the width is cut in the middle. */
export function wrapWords(line: string, width: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of line.split(' ').map((w) => shortenMiddle(w, width))) {
    if (current === '') current = word;
    else if (columns(current) + 1 + columns(word) <= width) current = `${current} ${word}`;
    else {
      out.push(current);
      current = word;
    }
  }
  out.push(current);
  return out;
}
