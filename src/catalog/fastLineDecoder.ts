import { isUtf8 } from 'node:buffer';
import { lightEntry } from '../resume/lightEntry.js';
import type { Entry } from '../transcript/entrySchema.js';
import { toEntry } from '../transcript/entrySchema.js';
import { LineDecoder } from '../transcript/lineDecoder.js';
import type { RawLine } from '../transcript/lineSplitter.js';
import type { ReadItem } from '../transcript/readItem.js';
import { windowKeeps } from './chainWindow.js';
import { factsOf } from './lineFacts.js';
import type { ScanItem, ScannedEntry } from './scanItem.js';
import { repairLatin1, skeletonOf } from './skeletonLine.js';

/** Lines shorter than this are parsed in full: cutting them saves nothing. */
const CUT_FROM_BYTES = 2048;

/**
 * Lines to scan items, parsing a long line without its long strings (skeletonLine.ts) and any line whose shape is not
 * the one expected in full, through the reader's own LineDecoder: the items are those a full read gives (decision 81).
 */
export class FastLineDecoder {
  #seq: number;

  constructor(startSeq = 0) {
    this.#seq = startSeq;
  }

  get nextSeq(): number {
    return this.#seq;
  }

  decode(line: RawLine): ScanItem | null {
    const cut = worthCutting(line) ? this.#cut(line) : null;
    if (cut !== null) return cut;
    const decoder = new LineDecoder(this.#seq);
    const item = decoder.decode(line);
    this.#seq = decoder.nextSeq;
    return item === null ? null : scanItemOf(item);
  }

  #cut(line: RawLine): ScannedEntry | null {
    if (!isUtf8(line.bytes)) return null;
    const text = Buffer.from(line.bytes.buffer, line.bytes.byteOffset, line.bytes.length).toString('latin1');
    const skeleton = skeletonOf(text);
    if (skeleton === null) return null;
    let value: unknown;
    try {
      value = JSON.parse(skeleton);
    } catch {
      return null;
    }
    if (!repairLatin1(value)) return null;
    const parsed = toEntry(value);
    if (!parsed.ok) return null;
    const item = entryItem(this.#seq, line.line, parsed.entry);
    // A cut value that reached anything kept (a kind, an id, a title…) was not one to cut: read the line in full.
    if (skeleton !== text && (holdsCut(item.facts) || (item.light !== null && holdsCut(item.light)))) return null;
    this.#seq++;
    return item;
  }
}

function holdsCut(value: unknown): boolean {
  return JSON.stringify(value).includes('\\u0000');
}

/** The first line (a byte-order mark), a line ending in CR, a torn or an oversized one: left to the full decoder. */
function worthCutting(line: RawLine): boolean {
  return (
    line.bytes.length >= CUT_FROM_BYTES &&
    line.terminated &&
    !line.overflow &&
    line.offset !== 0 &&
    line.bytes[line.bytes.length - 1] !== 0x0d
  );
}

function entryItem(seq: number, line: number, entry: Entry): ScannedEntry {
  return { kind: 'entry', seq, line, light: windowKeeps(entry.type) ? lightEntry(entry) : null, facts: factsOf(entry, line) };
}

/** The scan item of a reader's item. */
export function scanItemOf(item: ReadItem): ScanItem {
  if (item.kind === 'entry') return entryItem(item.seq, item.line, item.entry);
  return { kind: 'diagnostic', code: item.code, line: item.line, offset: item.offset, message: item.message };
}
