import type { DiagnosticCode } from '../errors.js';
import { rememberSourceText, toEntry } from './entrySchema.js';
import { gluedValueSpans } from './gluedValues.js';
import type { RawLine } from './lineSplitter.js';
import type { DiagnosticItem, ReadItem } from './readItem.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenientUtf8 = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
const CR = 0x0d;

/**
 * Turns raw lines into items. Stateful for the entry counter, so one instance serves one
 * stream, and for the further records of a line that held several (decision 147): `decode`
 * gives the line's first item, and `next` each further one; a caller drains `next` before it
 * decodes the next line.
 */
export class LineDecoder {
  private seq: number;
  private readonly further: ReadItem[] = [];

  constructor(startSeq = 0) {
    this.seq = startSeq;
  }

  /** The item for one line (its first record's when it held several), or null for a blank line. */
  decode(line: RawLine): ReadItem | null {
    let bytes = line.bytes;
    let offset = line.offset;
    if (offset === 0 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
      bytes = bytes.subarray(3);
      offset = 3;
    }
    if (line.overflow) {
      const length = line.length - (offset - line.offset);
      const message = `line of ${length} bytes is over the line limit; skipped, its first ${bytes.length} bytes kept`;
      return { ...diagnostic('line_too_long', line, offset, lenientUtf8.decode(bytes), message), length };
    }
    if (bytes.length > 0 && bytes[bytes.length - 1] === CR) bytes = bytes.subarray(0, bytes.length - 1);
    if (isBlank(bytes)) return null;

    let raw: string;
    try {
      raw = strictUtf8.decode(bytes);
    } catch {
      // A crash mid-write can cut a multi-byte character: that is a torn line, not bad encoding.
      if (!line.terminated)
        return diagnostic(
          'truncated_line',
          line,
          offset,
          lenientUtf8.decode(bytes),
          'last line ends without a newline, inside a character (torn write?)',
        );
      return diagnostic('invalid_utf8', line, offset, lenientUtf8.decode(bytes), 'line is not valid UTF-8');
    }
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      if (line.terminated) {
        const first = this.gluedRecords(bytes, offset, line.line);
        if (first !== null) return first;
      }
      const code: DiagnosticCode = line.terminated ? 'malformed_json' : 'truncated_line';
      const why = line.terminated ? (error as Error).message : 'last line ends without a newline and is not complete JSON (torn write?)';
      return diagnostic(code, line, offset, raw, why);
    }
    return this.record(value, raw, line.line, offset);
  }

  /** The next record of the line last decoded, when it held several; null once none is left. */
  next(): ReadItem | null {
    return this.further.shift() ?? null;
  }

  /** A parsed record's item: an entry, or a schema mismatch. */
  private record(value: unknown, raw: string, line: number, offset: number): ReadItem {
    const parsed = toEntry(value);
    if (!parsed.ok) return { kind: 'diagnostic', code: 'schema_mismatch', line, offset, raw, message: parsed.message };
    rememberSourceText(parsed.entry, raw);
    return { kind: 'entry', seq: this.seq++, line, offset, raw, entry: parsed.entry };
  }

  /**
   * The first item of a line holding two or more records written without a newline between them, the others queued for
   * `next`, each at its own first byte; null, and nothing queued, unless every record parses (decision 147).
   */
  private gluedRecords(bytes: Uint8Array, offset: number, line: number): ReadItem | null {
    const spans = gluedValueSpans(bytes);
    if (spans === null) return null;
    const records: Array<{ value: unknown; raw: string; offset: number }> = [];
    for (const span of spans) {
      const raw = strictUtf8.decode(bytes.subarray(span.start, span.end));
      try {
        records.push({ value: JSON.parse(raw), raw, offset: offset + span.start });
      } catch {
        return null;
      }
    }
    for (const record of records) this.further.push(this.record(record.value, record.raw, line, record.offset));
    return this.further.shift() ?? null;
  }

  /** The seq the next entry will get. */
  get nextSeq(): number {
    return this.seq;
  }
}

function diagnostic(code: DiagnosticCode, line: RawLine, offset: number, raw: string, message: string): DiagnosticItem {
  return { kind: 'diagnostic', code, line: line.line, offset, raw, message };
}

function isBlank(bytes: Uint8Array): boolean {
  for (const byte of bytes) {
    if (byte !== 0x20 && byte !== 0x09 && byte !== CR) return false;
  }
  return true;
}
