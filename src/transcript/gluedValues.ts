/**
 * Where the records of a line written without the newline between them start and end (decision 147). Only a line that
 * JSON.parse refused is looked at, so a line that parses pays nothing. The scan is on bytes: the brackets, the quote and
 * the backslash are ASCII, and no byte of a multi-byte UTF-8 character is one of them, so the spans are byte offsets.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** A record's bytes within its line: from `start` up to, not including, `end`. */
export interface ValueSpan {
  readonly start: number;
  readonly end: number;
}

/**
 * The spans of two or more objects or arrays that make up the whole line, with only JSON whitespace around and between
 * them; null for anything else (one value, a bare word or number among them, an unclosed bracket). The brackets are only
 * counted: whether each span is valid JSON is JSON.parse's to say.
 */
export function gluedValueSpans(bytes: Uint8Array): ValueSpan[] | null {
  const spans: ValueSpan[] = [];
  let at = afterSpace(bytes, 0);
  while (at < bytes.length) {
    const end = valueEnd(bytes, at);
    if (end < 0) return null;
    spans.push({ start: at, end });
    at = afterSpace(bytes, end);
  }
  return spans.length >= 2 ? spans : null;
}

/** Just past the bracket that closes the object or array opening at `start`; -1 when none opens there or none closes it. */
function valueEnd(bytes: Uint8Array, start: number): number {
  const first = bytes[start];
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) return -1;
  let depth = 0;
  let inString = false;
  for (let i = start; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) depth++;
    else if ((byte === CLOSE_BRACE || byte === CLOSE_BRACKET) && --depth === 0) return i + 1;
  }
  return -1;
}

/** The first index from `from` that is not JSON whitespace (a line holds no newline). */
function afterSpace(bytes: Uint8Array, from: number): number {
  let i = from;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0d)) i++;
  return i;
}
