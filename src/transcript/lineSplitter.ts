/** A physical line cut out of a byte stream, without its `\n`. */
export interface RawLine {
  /**
   * The line's bytes; for an oversized line only the first `keepBytes` of it. Valid only
   * during the `emit` callback: it may be a view into the caller's reused buffer.
   */
  readonly bytes: Uint8Array;
  /** Byte offset of the line's first byte in the stream. */
  readonly offset: number;
  /** Full length in bytes, also when `bytes` holds only a prefix. */
  readonly length: number;
  /** 1-based physical line number. */
  readonly line: number;
  /** False for a last line that ended without `\n` (a torn write or a foreign writer). */
  readonly terminated: boolean;
  /** True when the line exceeded `maxLineBytes` and was not kept whole. */
  readonly overflow: boolean;
}

export interface LineSplitterOptions {
  readonly maxLineBytes?: number;
  /** How much of an oversized line is kept for its diagnostic. */
  readonly keepBytes?: number;
  readonly startOffset?: number;
  readonly startLine?: number;
}

const NEWLINE = 0x0a;
/**
 * The longest transcript line read whole: the largest every command turns into an entry within
 * 250 MiB of memory (decision 66; bench/bigLine.bench.ts). A longer line is a `line_too_long`
 * diagnostic, its bytes skipped as they stream past.
 */
export const DEFAULT_MAX_LINE_BYTES = 8 * 1024 * 1024;

/**
 * Splits bytes into lines at the Buffer level (faster than decoding whole chunks first, and
 * safe for multi-byte characters split across chunks). Memory is bounded by the longest
 * accepted line: bytes past `maxLineBytes` are counted and dropped, never buffered.
 */
export class LineSplitter {
  private readonly maxLineBytes: number;
  private readonly keepBytes: number;
  private parts: Uint8Array[] = [];
  private pendingBytes = 0;
  private overflowing = false;
  private lineStart: number;
  private lineNo: number;

  constructor(options: LineSplitterOptions = {}) {
    this.maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    this.keepBytes = Math.min(options.keepBytes ?? 1024, this.maxLineBytes);
    this.lineStart = options.startOffset ?? 0;
    this.lineNo = options.startLine ?? 1;
  }

  /** Feeds a chunk; `emit` is called synchronously for every line it completes. */
  push(chunk: Uint8Array, emit: (line: RawLine) => void): void {
    let from = 0;
    while (from < chunk.length) {
      const nl = chunk.indexOf(NEWLINE, from);
      const end = nl === -1 ? chunk.length : nl;
      if (nl !== -1 && this.pendingBytes === 0 && end - from <= this.maxLineBytes) {
        emit(this.direct(chunk.subarray(from, end)));
        from = nl + 1;
        continue;
      }
      this.take(chunk, from, end);
      if (nl === -1) return;
      emit(this.finish(true));
      from = nl + 1;
    }
  }

  /** Ends the stream: a pending fragment becomes an unterminated line. */
  end(emit: (line: RawLine) => void): void {
    if (this.pendingBytes > 0) emit(this.finish(false));
  }

  /** Bytes of an incomplete line waiting for its newline. */
  get pending(): number {
    return this.pendingBytes;
  }

  private direct(bytes: Uint8Array): RawLine {
    const line: RawLine = { bytes, offset: this.lineStart, length: bytes.length, line: this.lineNo, terminated: true, overflow: false };
    this.lineStart += bytes.length + 1;
    this.lineNo += 1;
    return line;
  }

  private take(chunk: Uint8Array, from: number, end: number): void {
    if (end === from) return;
    const room = this.overflowing ? 0 : this.maxLineBytes - this.pendingBytes;
    const count = end - from;
    if (count > room) {
      if (!this.overflowing) this.keepPrefix(chunk, from, end);
      this.overflowing = true;
    } else {
      // The caller may reuse its buffer, so parts must be copies.
      this.parts.push(copyOf(chunk, from, end));
    }
    this.pendingBytes += count;
  }

  /** Keeps only the first `keepBytes` of a line that is about to overflow; never joins more than that. */
  private keepPrefix(chunk: Uint8Array, from: number, end: number): void {
    const prefix = new Uint8Array(this.keepBytes);
    let have = 0;
    for (const part of this.parts) {
      if (have >= this.keepBytes) break;
      const take = Math.min(part.length, this.keepBytes - have);
      prefix.set(part.subarray(0, take), have);
      have += take;
    }
    const take = Math.min(end - from, this.keepBytes - have);
    prefix.set(chunk.subarray(from, from + take), have);
    this.parts = [prefix.subarray(0, have + take)];
  }

  private finish(terminated: boolean): RawLine {
    const bytes = joinParts(
      this.parts,
      this.parts.reduce((n, p) => n + p.length, 0),
    );
    const line: RawLine = {
      bytes,
      offset: this.lineStart,
      length: this.pendingBytes,
      line: this.lineNo,
      terminated,
      overflow: this.overflowing,
    };
    this.lineStart += this.pendingBytes + (terminated ? 1 : 0);
    this.lineNo += 1;
    this.parts = [];
    this.pendingBytes = 0;
    this.overflowing = false;
    return line;
  }
}

function joinParts(parts: Uint8Array[], total: number): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A real copy: Buffer#slice would return a view into the caller's reused buffer. */
function copyOf(bytes: Uint8Array, from: number, end: number): Uint8Array {
  return Uint8Array.prototype.slice.call(bytes, from, end);
}
