import { isUtf8 } from 'node:buffer';
import { lightEntry } from '../resume/lightEntry.js';
import type { Entry } from '../transcript/entrySchema.js';
import type { RawLine } from '../transcript/lineSplitter.js';
import type { ReadItem } from '../transcript/readItem.js';
import { windowKeeps } from './chainWindow.js';
import { fullDecoding } from './fullDecoding.js';
import { factsOf } from './lineFacts.js';
import type { ScanItem, ScannedEntry } from './scanItem.js';
import { skeletonOf } from './skeletonLine.js';
import { surelyValid } from './surelyValid.js';

/**
 * Lines shorter than this are parsed in full: they hold at most one string long enough to cut. From 512 bytes, not 2 KiB:
 * a scan thread, cold, spent a tenth less on the bench's sessions, where the lines from 512 bytes to 2 KiB are assistant
 * texts and short tool results (decision 99).
 */
export const CUT_FROM_BYTES = 512;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Lines to scan items, parsing a long line without its long strings (skeletonLine.ts), checking the common kinds'
 * schemas without zod where that is sure (surelyValid.ts), and any line whose shape is not the one expected in full,
 * through the reader's own LineDecoder: the items are those a full read gives (decisions 81 and 87), a line holding
 * several records included, drained with `next` as the reader's are (decision 147).
 */
export class FastLineDecoder {
  #seq: number;
  /** A line's records after its first, when they were glued without a newline: never one the fast path reads (decision 147). */
  readonly #further: ScanItem[] = [];

  constructor(startSeq = 0) {
    this.#seq = startSeq;
  }

  get nextSeq(): number {
    return this.#seq;
  }

  /** The line's item (its first record's when it held several), or null for a blank line. */
  decode(line: RawLine): ScanItem | null {
    const fast = !fastEligible(line) ? null : line.bytes.length < CUT_FROM_BYTES ? this.#whole(line) : this.#cut(line);
    if (fast !== null) return fast;
    const decoder = new (fullDecoding().LineDecoder)(this.#seq);
    const item = decoder.decode(line);
    for (let more = decoder.next(); more !== null; more = decoder.next()) this.#further.push(scanItemOf(more));
    this.#seq = decoder.nextSeq;
    return item === null ? null : scanItemOf(item);
  }

  /** The next record of the line last decoded, when it held several (decision 147); null once none is left. */
  next(): ScanItem | null {
    return this.#further.shift() ?? null;
  }

  /** A short line parsed whole, kept when its kind's schema surely accepts it; else the full decoder reads it (and asks zod). */
  #whole(line: RawLine): ScannedEntry | null {
    let value: unknown;
    try {
      value = JSON.parse(strictUtf8.decode(line.bytes));
    } catch {
      return null;
    }
    return surelyValid(value) ? entryItem(this.#seq++, line.line, line.offset, value as Entry) : null;
  }

  #cut(line: RawLine): ScannedEntry | null {
    if (!isUtf8(line.bytes)) return null;
    const skeleton = skeletonOf(line.bytes);
    if (skeleton === null) return null;
    let value: unknown;
    try {
      value = JSON.parse(skeleton.text);
    } catch {
      return null;
    }
    const entry = surelyValid(value) ? (value as Entry) : entryOrNull(value);
    if (entry === null) return null;
    const item = entryItem(this.#seq, line.line, line.offset, entry);
    // A cut value that reached anything kept (a kind, an id, a title…) was not one to cut: read the line in full.
    if (skeleton.cut && (holdsCut(item.facts) || (item.light !== null && holdsCut(item.light)))) return null;
    this.#seq++;
    return item;
  }
}

function entryOrNull(value: unknown): Entry | null {
  const parsed = fullDecoding().toEntry(value);
  return parsed.ok ? parsed.entry : null;
}

/** Whether a string in the value holds a NUL, as every CUT_VALUE does (a kept string with one is read in full too). */
function holdsCut(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(holdsCut);
  for (const key in value) if (holdsCut((value as Record<string, unknown>)[key])) return true;
  return false;
}

/** A first line that starts with a byte-order mark, a line ending in CR, a torn or an oversized one: left to the full decoder. */
function fastEligible(line: RawLine): boolean {
  const { bytes } = line;
  if (!line.terminated || line.overflow || bytes[bytes.length - 1] === 0x0d) return false;
  return line.offset !== 0 || !(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf);
}

function entryItem(seq: number, line: number, offset: number, entry: Entry): ScannedEntry {
  return { kind: 'entry', seq, line, offset, light: windowKeeps(entry.type) ? lightEntry(entry) : null, facts: factsOf(entry, line) };
}

/** The scan item of a reader's item. */
export function scanItemOf(item: ReadItem): ScanItem {
  if (item.kind === 'entry') return entryItem(item.seq, item.line, item.offset, item.entry);
  return { kind: 'diagnostic', code: item.code, line: item.line, offset: item.offset, message: item.message };
}
