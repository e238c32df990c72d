/**
 * A JSON line with its long string values cut out, for a parse that skips the bytes no summary reads (tool results, file
 * contents, thinking: most of a transcript's bytes). Works on the line's bytes read as latin1, one character a byte: the
 * bytes of a multi-byte UTF-8 character are all 0x80 or over, so quotes, backslashes and control characters are where
 * they are in the text, and a line that is valid UTF-8 is valid JSON read either way (decisions 81 and 87).
 */

/** A string value longer than this (in bytes) is cut out. Names, ids, times and kinds are far shorter. */
export const LONG_STRING = 256;

/** What a cut-out value becomes: not blank (so a light text block is '.'), and marked by a NUL no summary field holds. */
export const CUT_VALUE = '.\u0000';
const CUT_JSON = '".\\u0000"';

/** A control character anywhere: JSON allows none inside a string, and Claude Code writes none between tokens either. */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const CONTROL = /[\x00-\x1f]/;
/** An escape past ASCII left in the kept part: repairLatin1 could not tell its character from a UTF-8 byte read as latin1. */
const WIDE_ESCAPE = /(?<!\\)(?:\\\\)*\\u(?!00[0-7])/;
/**
 * A body that holds a character that is not white space: past spaces, tabs and escaped line ends, a printable ASCII
 * character or an escaped one (\", \\, \/), or the first byte of a UTF-8 character that no block of it is white space in
 * (not C2: U+00A0; not E1, E2, E3, EF: U+1680, U+2000 to U+205F, U+3000, U+FEFF).
 */
const VISIBLE = /(?:[ \t]|\\[nrt])*(?:[!-[\]-~]|\\["\\/]|[\xc3-\xdf\xe4-\xec\xee\xf0-\xf4])/y;

/**
 * The line with every long string value replaced by CUT_VALUE, or null when it cannot be cut safely: a control character
 * or a bad escape anywhere, a string without its closing quote (the full parse then says what is wrong), or an escape
 * past ASCII in the kept part. A long value that may be white space only is kept, since a light text block tells blank
 * from not. Keys are never cut. Three passes of the engine's own searches (a regular expression, then indexOf from
 * backslash to backslash and from quote to quote) look at the bytes between, never a loop here over each (decision 87).
 */
export function skeletonOf(text: string): string | null {
  if (CONTROL.test(text) || !escapesValid(text)) return null;
  let out = '';
  let last = 0;
  let open = text.indexOf('"');
  while (open >= 0) {
    const close = closingQuote(text, open);
    if (close < 0) return null;
    if (close - open > LONG_STRING && !isKey(text, close) && visible(text, open + 1, close)) {
      out += text.slice(last, open) + CUT_JSON;
      last = close + 1;
    }
    open = text.indexOf('"', close + 1);
  }
  const skeleton = last === 0 ? text : out + text.slice(last);
  return WIDE_ESCAPE.test(skeleton) ? null : skeleton;
}

/** Whether every backslash starts an escape JSON allows: one of \" \\ \/ \b \f \n \r \t, or \u and four hex digits. */
function escapesValid(text: string): boolean {
  for (let at = text.indexOf('\\'); at >= 0; at = text.indexOf('\\', at)) {
    const code = text.charCodeAt(at + 1);
    if (code === 0x75) {
      if (!(isHex(text, at + 2) && isHex(text, at + 3) && isHex(text, at + 4) && isHex(text, at + 5))) return false;
      at += 6;
    } else if (isShortEscape(code)) at += 2;
    else return false;
  }
  return true;
}

function isShortEscape(code: number): boolean {
  switch (code) {
    case 0x22: // "
    case 0x5c: // \
    case 0x2f: // /
    case 0x62: // b
    case 0x66: // f
    case 0x6e: // n
    case 0x72: // r
    case 0x74: // t
      return true;
    default:
      return false;
  }
}

function isHex(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}

/** The quote that closes the string opened at `open` (escapes known valid): the next one after an even run of backslashes; -1 for none. */
function closingQuote(text: string, open: number): number {
  let quote = text.indexOf('"', open + 1);
  while (quote >= 0 && text.charCodeAt(quote - 1) === 0x5c) {
    let before = quote - 1;
    while (text.charCodeAt(before) === 0x5c) before--;
    if ((quote - 1 - before) % 2 === 0) return quote;
    quote = text.indexOf('"', quote + 1);
  }
  return quote;
}

function isKey(text: string, close: number): boolean {
  let i = close + 1;
  while (text.charCodeAt(i) === 0x20) i++;
  return text.charCodeAt(i) === 0x3a;
}

function visible(text: string, start: number, end: number): boolean {
  VISIBLE.lastIndex = start;
  return VISIBLE.test(text) && VISIBLE.lastIndex <= end;
}

const NON_ASCII = /[\x80-\xff]/;

/**
 * Turns the strings of a value parsed from latin1 text back into what they were in UTF-8, in place. False when an object
 * key holds a non-ASCII character (rare; the caller parses the line in full instead).
 */
export function repairLatin1(value: unknown): boolean {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'string') {
        if (NON_ASCII.test(item)) value[i] = fromLatin1(item);
      } else if (!repairLatin1(item)) return false;
    }
    return true;
  }
  if (typeof value !== 'object' || value === null) return true;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (NON_ASCII.test(key)) return false;
    const item = record[key];
    if (typeof item === 'string') {
      if (NON_ASCII.test(item)) record[key] = fromLatin1(item);
    } else if (!repairLatin1(item)) return false;
  }
  return true;
}

function fromLatin1(text: string): string {
  return Buffer.from(text, 'latin1').toString('utf8');
}
