import { readSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { LineSplitter } from '../transcript/lineSplitter.js';
import { FastLineDecoder } from './fastLineDecoder.js';
import type { ScanItem } from './scanItem.js';
import type { SeqEntry, SpanReread, WindowMark } from './chainWindow.js';

/** What a scan folds its items into: a SessionFold, or a list of the chain window's entries. */
export interface ScanSink {
  /** The seq the next entry gets. */
  readonly nextSeq: number;
  add(item: ScanItem): void;
}

/** Where a scan starts: the file's start, or where a stored fold ended. */
export interface ScanStart {
  readonly offset: number;
  /** The 1-based number of the line at `offset`. */
  readonly line: number;
}

/** Where the scan's last whole line ended, and the items of a last line without its newline (a write in progress). */
export interface ScanEnd {
  readonly offset: number;
  readonly line: number;
  readonly torn: ScanItem[];
}

const CHUNK_BYTES = 1024 * 1024;
/**
 * One read buffer a thread, for every file it scans: a fresh megabyte a file costs the kernel a fault and a zeroed page
 * for each 4 KiB it reads into (decision 96). A line is a view into it only while it is decoded; the splitter copies
 * the part of a line a chunk leaves unfinished.
 */
let chunk: Buffer | undefined;

/**
 * Folds the file's lines from `start` up to `size` bytes into `fold` (the size it had when its identity was taken: bytes
 * written since are the next scan's). A last line without its newline is decoded but not folded: it goes in `torn`, for
 * a summary of the file as it is now, and the next scan starts at that line again.
 */
export function scanInto(fold: ScanSink, fd: number, start: ScanStart, size: number, onBytes?: (bytes: Buffer) => void): ScanEnd {
  const splitter = new LineSplitter({ startOffset: start.offset, startLine: start.line });
  const decoder = new FastLineDecoder(fold.nextSeq);
  let endOffset = start.offset;
  let endLine = start.line;
  const emit = (raw: Parameters<Parameters<LineSplitter['push']>[1]>[0]): void => {
    // Every record of the line is folded before the scan's end moves past it: a growth never reads one twice (decision 147).
    for (let item = decoder.decode(raw); item !== null; item = decoder.next()) fold.add(item);
    endOffset = raw.offset + raw.length + 1;
    endLine = raw.line + 1;
  };
  chunk ??= Buffer.allocUnsafe(CHUNK_BYTES);
  const buffer = chunk;
  for (let position = start.offset; position < size;) {
    const read = readSync(fd, buffer, 0, Math.min(buffer.length, size - position), position);
    if (read === 0) break;
    position += read;
    onBytes?.(buffer.subarray(0, read));
    splitter.push(buffer.subarray(0, read), emit);
  }
  const torn: ScanItem[] = [];
  splitter.end((raw) => {
    for (let item = decoder.decode(raw); item !== null; item = decoder.next()) torn.push(item);
  });
  return { offset: endOffset, line: endLine, torn };
}

/**
 * The light entries of the whole lines from `from` to `end`, as a fold met them, and the CRC-32 of those bytes (spanHash):
 * a growth's chain window read again (decision 98).
 */
export function windowEntriesBetween(fd: number, from: WindowMark, end: number): SpanReread {
  const entries: SeqEntry[] = [];
  const add = (item: ScanItem): void => {
    if (item.kind === 'entry' && item.light !== null) entries.push({ seq: item.seq, entry: item.light });
  };
  let hash = 0;
  scanInto({ nextSeq: from.seq, add }, fd, from, end, (bytes) => {
    hash = crc32(bytes, hash);
  });
  return { entries, hash };
}
