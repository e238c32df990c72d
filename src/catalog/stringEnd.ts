/**
 * Where a JSON string ends, found on its bytes four at a time (decision 96): a word of four bytes none of which is a
 * quote, a backslash or a control character is passed over in a few integer operations, and in any other the first such
 * byte is found from the word's mask. The bytes of a multi-byte UTF-8 character are all 0x80 or over, so none is
 * mistaken for one.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** The masks' bytes are in address order only on a little-endian machine; elsewhere the bytes are looked at one by one. */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * The index of the quote that closes the string whose body starts at `from`, or -1 when a control character, an escape
 * JSON does not allow or the end comes first. `bytes` and `words` view the same whole ArrayBuffer; indices are into it.
 */
export function closingQuote(bytes: Uint8Array, words: Int32Array, from: number, end: number): number {
  const wordsEnd = LITTLE_ENDIAN ? end >> 2 : 0;
  let i = from;
  for (;;) {
    let w = i >> 2;
    if (w < wordsEnd) {
      // The bytes of the first word before `i` are left out of its mask.
      let mask = specialMask(words[w] as number) & (-1 << ((i & 3) << 3));
      while (mask === 0 && ++w < wordsEnd) mask = specialMask(words[w] as number);
      i = mask === 0 ? w << 2 : (w << 2) + ((31 - Math.clz32(mask & -mask)) >> 3);
    }
    if (i >= end) return -1;
    const c = bytes[i] as number;
    if (c === QUOTE) return i;
    if (c === BACKSLASH) {
      i = afterEscape(bytes, i, end);
      if (i < 0) return -1;
    } else if (c < 0x20) return -1;
    // A byte after a found one may be marked without being one of them (a borrow across bytes): it is passed here.
    else i++;
  }
}

/**
 * The high bit of each byte of the word that is a quote, a backslash or under 0x20 (the tests for a zero or a smaller
 * byte in a word): exact for the lowest such byte, the ones above it now and then marked too (a borrow starts only at
 * such a byte). One `& ~x` serves the three tests (decision 103): a byte of 0x80 or over is neither of them, and its
 * high bit is set in x, in x ^ 0x22 and in x ^ 0x5c alike.
 */
function specialMask(x: number): number {
  return (((x ^ 0x22222222) - 0x01010101) | ((x ^ 0x5c5c5c5c) - 0x01010101) | (x - 0x20202020)) & ~x & 0x80808080;
}

/** Past the escape at `at`: one of \" \\ \/ \b \f \n \r \t, or \u and four hex digits; -1 for any other. */
function afterEscape(bytes: Uint8Array, at: number, end: number): number {
  if (at + 1 >= end) return -1;
  switch (bytes[at + 1]) {
    case 0x22: // "
    case 0x5c: // \
    case 0x2f: // /
    case 0x62: // b
    case 0x66: // f
    case 0x6e: // n
    case 0x72: // r
    case 0x74: // t
      return at + 2;
    case 0x75: // u
      return at + 5 < end && isHex(bytes[at + 2]) && isHex(bytes[at + 3]) && isHex(bytes[at + 4]) && isHex(bytes[at + 5]) ? at + 6 : -1;
    default:
      return -1;
  }
}

function isHex(code: number | undefined): boolean {
  if (code === undefined) return false;
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}
