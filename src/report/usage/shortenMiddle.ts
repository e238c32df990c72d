/** A text's length in columns as the usage table counts them: one a code point (an emoji is one, not two halves). */
export const columns = (text: string): number => [...text].length;

/**
 * The text cut in the middle to at most `width` columns with "…" where the middle was: the start and the
 * end of a nested project's name are what tell rows apart (decision 114). Whole when it fits.
 */
export function shortenMiddle(text: string, width: number): string {
  const points = [...text];
  if (points.length <= width) return text;
  if (width <= 1) return '…'.slice(0, width);
  const kept = width - 1;
  const head = Math.ceil(kept / 2);
  const tail = kept - head;
  return `${points.slice(0, head).join('')}…${tail === 0 ? '' : points.slice(-tail).join('')}`;
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
