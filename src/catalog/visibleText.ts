/**
 * Whether a long string may be cut (decision 99): a light text block tells a blank text from any other
 * (`text.trim() === ''`, src/resume/lightEntry.ts), so a string that is white space only is kept. Decided on the
 * string's bytes, without decoding it: white space is what String.prototype.trim removes, written raw or escaped.
 */

const BACKSLASH = 0x5c;

/**
 * Whether the JSON string body between `from` and `close` (its quotes left out, already checked by stringEnd.ts: no
 * control character, every escape one JSON allows, valid UTF-8) holds a character that is not white space.
 */
export function holdsVisible(bytes: Uint8Array, from: number, close: number): boolean {
  for (let i = from; i < close;) {
    const c = bytes[i] as number;
    if (c === 0x20) i++;
    else if (c === BACKSLASH) {
      const length = blankEscapeLength(bytes, i);
      if (length === 0) return true;
      i += length;
    } else if (c < 0x80) return true;
    else {
      const length = blankCharacterLength(bytes, i);
      if (length === 0) return true;
      i += length;
    }
  }
  return false;
}

/** The length of the escape at `at` when it stands for white space (\n, \r, \t, \f, or \u and a white space's code); else 0. */
function blankEscapeLength(bytes: Uint8Array, at: number): number {
  const escaped = bytes[at + 1];
  if (escaped === 0x6e || escaped === 0x72 || escaped === 0x74 || escaped === 0x66) return 2;
  if (escaped !== 0x75) return 0;
  let code = 0;
  for (let i = at + 2; i < at + 6; i++) code = code * 16 + hexValue(bytes[i] as number);
  return isWhiteSpace(code) ? 6 : 0;
}

function hexValue(c: number): number {
  return c <= 0x39 ? c - 0x30 : (c | 0x20) - 0x57;
}

/**
 * The length of the UTF-8 character at `at` when it is white space (U+00A0 as C2 A0; the others past U+07FF, three bytes
 * each); else 0.
 */
function blankCharacterLength(bytes: Uint8Array, at: number): number {
  const lead = bytes[at] as number;
  if (lead === 0xc2) return bytes[at + 1] === 0xa0 ? 2 : 0;
  if (lead < 0xe0 || lead > 0xef) return 0;
  const code = ((lead & 0x0f) << 12) | (((bytes[at + 1] as number) & 0x3f) << 6) | ((bytes[at + 2] as number) & 0x3f);
  return isWhiteSpace(code) ? 3 : 0;
}

/** ECMAScript's WhiteSpace and LineTerminator: what String.prototype.trim removes. */
function isWhiteSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0x1680) return code === 0xa0;
  return (
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
