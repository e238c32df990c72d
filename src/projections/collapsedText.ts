/**
 * Texts joined by spaces, whitespace runs collapsed to one space and the ends trimmed (as
 * `pieces.join(' ').replace(/\s+/g, ' ').trim()` gives), measured or cut without building the
 * whole: a pasted prompt can be megabytes, and the replace made a dozen times its size in
 * garbage at once (decision 66).
 */

/** The length of the collapsed text, in UTF-16 code units. */
export function collapsedLength(pieces: readonly string[]): number {
  let chars = 0;
  let words = 0;
  for (const piece of pieces) {
    const word = /\S+/g;
    for (let match = word.exec(piece); match !== null; match = word.exec(piece)) {
      chars += match[0].length;
      words++;
    }
  }
  return words === 0 ? 0 : chars + words - 1;
}

/** The first `limit` code units of the collapsed text (all of it when shorter). */
export function collapsedPrefix(pieces: readonly string[], limit: number): string {
  let out = '';
  for (const piece of pieces) {
    const word = /\S+/g;
    for (let match = word.exec(piece); match !== null; match = word.exec(piece)) {
      if (out.length > 0) out += ' ';
      out += match[0].slice(0, Math.max(0, limit - out.length));
      if (out.length >= limit) return out.slice(0, limit);
    }
  }
  return out;
}
