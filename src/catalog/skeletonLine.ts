/**
 * A JSON line with its long string values cut out, for a parse that skips the bytes no summary reads (tool results, file
 * contents, thinking: most of a transcript's bytes). Works on the line's bytes, never decoding the long strings: quotes,
 * backslashes and control characters are ASCII, and no byte of a multi-byte UTF-8 character is one, so they are found
 * as bytes; only the kept part is decoded, as UTF-8 (decisions 81, 87 and 96).
 */
import { closingQuote } from './stringEnd.js';
import { holdsVisible } from './visibleText.js';

/** A string value longer than this (in bytes) is cut out. Names, ids, times and kinds are far shorter. */
export const LONG_STRING = 256;

/** What a cut-out value becomes: not blank (so a light text block is '.'), and marked by a NUL no summary field holds. */
export const CUT_VALUE = '.\u0000';
const CUT_JSON = Buffer.from('".\\u0000"', 'latin1');

const QUOTE = 0x22;

/** The kept part of a line as text, and whether anything was cut from it. */
export interface Skeleton {
  readonly text: string;
  readonly cut: boolean;
}

/** The kept parts are copied here before they are decoded: one buffer a thread, grown to the longest line met. */
let kept = Buffer.allocUnsafe(64 * 1024);

/**
 * Views of the memory the last line was in, as bytes and as 32-bit words. A scan's lines are views into its one read
 * buffer (scanFile.ts), so the views are made once for it, not twice a line (decision 99).
 */
let viewed: ArrayBufferLike | undefined;
let bytes: Buffer<ArrayBufferLike> = Buffer.alloc(0);
let words: Int32Array<ArrayBufferLike> = new Int32Array(0);

function viewsOf(line: Uint8Array): void {
  if (line.buffer === viewed) return;
  viewed = line.buffer;
  bytes = Buffer.from(line.buffer);
  words = new Int32Array(line.buffer, 0, line.buffer.byteLength >> 2);
}

/**
 * The line (valid UTF-8) with every long string value replaced by CUT_VALUE, or null when it cannot be cut safely: a
 * control character or a bad escape inside a string, or a string without its closing quote (the full parse then says
 * what is wrong). What lies between strings is kept as it is, for JSON.parse to judge. A long value that is white
 * space only is kept, since a light text block tells blank from not (visibleText.ts). Keys are never cut.
 */
export function skeletonOf(line: Uint8Array): Skeleton | null {
  viewsOf(line);
  const start = line.byteOffset;
  const end = start + line.length;
  if (kept.length < line.length) kept = Buffer.allocUnsafe(Math.max(line.length, kept.length * 2));
  let length = 0;
  let last = start;
  for (let open = nextQuote(bytes, start, end); open >= 0;) {
    const close = closingQuote(bytes, words, open + 1, end);
    if (close < 0) return null;
    if (close - open > LONG_STRING && !isKey(bytes, close + 1, end) && holdsVisible(bytes, open + 1, close)) {
      kept.set(bytes.subarray(last, open), length);
      length += open - last;
      kept.set(CUT_JSON, length);
      length += CUT_JSON.length;
      last = close + 1;
    }
    open = nextQuote(bytes, close + 1, end);
  }
  if (last === start) return { text: bytes.toString('utf8', start, end), cut: false };
  kept.set(bytes.subarray(last, end), length);
  length += end - last;
  return { text: kept.toString('utf8', 0, length), cut: true };
}

/** The next quote from `at`: between strings a line holds only punctuation, numbers and literals, a few bytes each. */
function nextQuote(bytes: Uint8Array, at: number, end: number): number {
  for (let i = at; i < end; i++) if (bytes[i] === QUOTE) return i;
  return -1;
}

function isKey(bytes: Uint8Array, at: number, end: number): boolean {
  let i = at;
  while (i < end && bytes[i] === 0x20) i++;
  return i < end && bytes[i] === 0x3a;
}
