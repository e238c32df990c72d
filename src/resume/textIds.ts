import { missing } from '../errors.js';
import { growableArray, grownTo } from '../transcript/growableArray.js';

/**
 * Texts numbered 0, 1, 2… in the order first seen, in twenty to forty bytes each where a Map of
 * strings takes about ninety (decision 54). The ids a transcript is full of are packed into 32-bit
 * words in one pool, found through a hash table of typed arrays: a uuid in its usual form
 * (lowercase hex, 8-4-4-4-12) as its 128 bits, a message or tool id (`msg_…`, `toolu_…`: letters,
 * digits, `_` and `-`) five characters a word. Any other text is kept as it is, in a Map.
 * `textOf` gives back the very text.
 */
export class TextIds {
  private pool = growableArray(Int32Array, 4096);
  private poolLength = 0;
  /** Per id: where its words start in the pool, or -1 for a text kept as it is. */
  private starts = growableArray(Int32Array, 1024);
  /** Open addressing: each slot an id, or -1. */
  private slots = growableArray(Int32Array, 2048).fill(-1);
  private packed = 0;
  private readonly other = new Map<string, number>();
  private readonly otherText = new Map<number, string>();
  private count = 0;
  private readonly scratch = new Int32Array(1 + MAX_CHARS / CHARS_PER_WORD);

  get size(): number {
    return this.count;
  }

  /** The id of this text, a new one if it was never seen. */
  idOf(text: string): number {
    const words = encode(text, this.scratch);
    if (words === 0) {
      let id = this.other.get(text);
      if (id === undefined) {
        id = this.newId(-1);
        this.other.set(text, id);
        this.otherText.set(id, text);
      }
      return id;
    }
    const slot = this.find(words);
    const found = this.slotAt(slot);
    if (found !== -1) return found;
    if (this.poolLength + words > this.pool.length) this.pool = grownTo(this.pool, this.poolLength + words);
    this.pool.set(this.scratch.subarray(0, words), this.poolLength);
    const id = this.newId(this.poolLength);
    this.poolLength += words;
    this.slots[slot] = id;
    if (++this.packed * 10 > this.slots.length * 6) this.rehash();
    return id;
  }

  /** Gives the text an id (a set of texts, where only `has` is asked). */
  add(text: string): void {
    this.idOf(text);
  }

  /** Whether this text has an id. */
  has(text: string): boolean {
    const words = encode(text, this.scratch);
    return words === 0 ? this.other.has(text) : this.slots[this.find(words)] !== -1;
  }

  /** The text, as it was given. */
  textOf(id: number): string {
    const start = this.startOf(id);
    return start === -1 ? (this.otherText.get(id) ?? missing('otherText', id)) : decode(this.pool, start);
  }

  // An id or slot past the arrays is a bug, not bad input (decision 76).
  private startOf(id: number): number {
    return this.starts[id] ?? missing('starts', id);
  }

  private slotAt(slot: number): number {
    return this.slots[slot] ?? missing('slots', slot);
  }

  /** The slot that holds the scratch words' id, or the empty slot where it would go. */
  private find(words: number): number {
    const mask = this.slots.length - 1;
    for (let slot = hash(this.scratch, 0, words) & mask; ; slot = (slot + 1) & mask) {
      const id = this.slotAt(slot);
      if (id === -1 || this.sameWords(this.startOf(id), words)) return slot;
    }
  }

  private sameWords(start: number, words: number): boolean {
    for (let w = 0; w < words; w++) if (this.pool[start + w] !== this.scratch[w]) return false;
    return true;
  }

  private newId(start: number): number {
    const id = this.count++;
    if (id === this.starts.length) this.starts = grownTo(this.starts);
    this.starts[id] = start;
    return id;
  }

  private rehash(): void {
    const slots = growableArray(Int32Array, this.slots.length * 2).fill(-1);
    const mask = slots.length - 1;
    for (let id = 0; id < this.count; id++) {
      const start = this.startOf(id);
      if (start === -1) continue;
      let slot = hash(this.pool, start, wordCount(wordAt(this.pool, start))) & mask;
      while (slots[slot] !== -1) slot = (slot + 1) & mask;
      slots[slot] = id;
    }
    this.slots = slots;
  }
}

const UUID = 1;
const SHORT_ID = 2;
const MAX_CHARS = 60;
const CHARS_PER_WORD = 5;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const SYMBOL = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) SYMBOL[ALPHABET.charCodeAt(i)] = i;

/** The words of a text's first word (its header: kind and length) and those after it. */
function wordCount(header: number): number {
  const length = header & 0xffff;
  return 1 + (header >>> 16 === UUID ? 4 : Math.ceil(length / CHARS_PER_WORD));
}

/** The text as words in `into` (a header, then the payload); 0 when it is neither form. */
function encode(text: string, into: Int32Array): number {
  if (packUuid(text, into)) {
    into[0] = (UUID << 16) | 36;
    return 5;
  }
  const length = text.length;
  if (length === 0 || length > MAX_CHARS) return 0;
  into[0] = (SHORT_ID << 16) | length;
  let word = 0;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    const symbol = SYMBOL[code] ?? -1;
    if (symbol === -1) return 0;
    word = word * 64 + symbol;
    if ((i + 1) % CHARS_PER_WORD === 0 || i === length - 1) {
      into[1 + Math.floor(i / CHARS_PER_WORD)] = word;
      word = 0;
    }
  }
  return 1 + Math.ceil(length / CHARS_PER_WORD);
}

function decode(pool: Int32Array, start: number): string {
  const header = wordAt(pool, start);
  const length = header & 0xffff;
  if (header >>> 16 === UUID) {
    let hex = '';
    for (let w = 1; w <= 4; w++) hex += (wordAt(pool, start + w) >>> 0).toString(16).padStart(8, '0');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
  let text = '';
  for (let w = 0; w * CHARS_PER_WORD < length; w++) {
    const chars = Math.min(CHARS_PER_WORD, length - w * CHARS_PER_WORD);
    let word = wordAt(pool, start + 1 + w);
    let part = '';
    for (let c = 0; c < chars; c++) {
      part = ALPHABET.charAt(word % 64) + part;
      word = Math.floor(word / 64);
    }
    text += part;
  }
  return text;
}

/** A uuid's 128 bits in `into[1..4]`; false when it is not lowercase hex in the 8-4-4-4-12 form. */
function packUuid(uuid: string, into: Int32Array): boolean {
  if (uuid.length !== 36) return false;
  let word = 0;
  let digits = 0;
  for (let i = 0; i < 36; i++) {
    const code = uuid.charCodeAt(i);
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (code !== 0x2d) return false;
      continue;
    }
    const value = code >= 0x30 && code <= 0x39 ? code - 0x30 : code >= 0x61 && code <= 0x66 ? code - 0x57 : -1;
    if (value === -1) return false;
    word = (word << 4) | value;
    if (++digits % 8 === 0) into[digits / 8] = word;
  }
  return true;
}

function hash(words: Int32Array, start: number, count: number): number {
  let h = 0x811c9dc5;
  for (let w = start; w < start + count; w++) h = Math.imul(h ^ wordAt(words, w), 0x01000193) ^ (h >>> 15);
  return h >>> 0;
}

/** A word of the pool or the scratch: past their end is a bug (decision 76). */
function wordAt(words: Int32Array, at: number): number {
  return words[at] ?? missing('words', at);
}
