/**
 * A JSON line with its long string values cut out, for a parse that skips the bytes no summary reads (tool results, file
 * contents, thinking: most of a transcript's bytes). Works on the line's bytes read as latin1, one character a byte: the
 * bytes of a multi-byte UTF-8 character are all 0x80 or over, so quotes, backslashes and control characters are where
 * they are in the text, and a line that is valid UTF-8 is valid JSON read either way (decision 81).
 */

/** A string value longer than this (in bytes) is cut out. Names, ids, times and kinds are far shorter. */
export const LONG_STRING = 256;

/** What a cut-out value becomes: not blank (so a light text block is '.'), and marked by a NUL no summary field holds. */
export const CUT_VALUE = '.\u0000';
const CUT_JSON = '".\\u0000"';

/** A JSON string's body up to its closing quote: runs of plain characters and valid escapes. */
// eslint-disable-next-line no-control-regex -- control characters are what ends a valid body here
const STRING_BODY = /(?:[^"\\\x00-\x1f]+|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*/y;
/**
 * A body that holds a character that is not white space: past spaces, tabs and escaped line ends, a printable ASCII
 * character or an escaped one (\", \\, \/), or the first byte of a UTF-8 character that no block of it is white space in (not C2: U+00A0; not E1, E2,
 * E3, EF: U+1680, U+2000 to U+205F, U+3000, U+FEFF).
 */
const VISIBLE = /(?:[ \t]|\\[nrt])*(?:[!-[\]-~]|\\["\\/]|[\xc3-\xdf\xe4-\xec\xee\xf0-\xf4])/y;

/**
 * The line with every long string value replaced by CUT_VALUE, or null when it cannot be cut safely: a string that is not
 * valid JSON (a control character, a bad escape, no closing quote; the full parse then says what is wrong). A long value
 * that may be white space only is kept, since a light text block tells blank from not. Keys are never cut.
 */
export function skeletonOf(text: string): string | null {
  let out = '';
  let last = 0;
  let open = text.indexOf('"');
  while (open >= 0) {
    STRING_BODY.lastIndex = open + 1;
    STRING_BODY.exec(text);
    const close = STRING_BODY.lastIndex;
    if (text.charCodeAt(close) !== 0x22) return null;
    if (close - open > LONG_STRING && !isKey(text, close) && visible(text, open + 1, close)) {
      out += text.slice(last, open) + CUT_JSON;
      last = close + 1;
    }
    open = text.indexOf('"', close + 1);
  }
  const skeleton = last === 0 ? text : out + text.slice(last);
  // An escape past ASCII makes a character that repairLatin1 could not tell from a UTF-8 byte read as latin1.
  return WIDE_ESCAPE.test(skeleton) ? null : skeleton;
}

const WIDE_ESCAPE = /(?<!\\)(?:\\\\)*\\u(?!00[0-7])/;

function isKey(text: string, close: number): boolean {
  let i = close + 1;
  while (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x09) i++;
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
