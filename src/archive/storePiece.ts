import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MemlogError } from '../errors.js';
import { mkdir, openForWrite, rename, rm, writeAllAsync } from '../fs/faultableFs.js';
import { pieceRelPath } from './archiveLayout.js';
import type { Redaction, StoredPiece } from './manifest.js';
import { compressor, type PieceCodec } from './pieceCodec.js';
import { readRegularFileOrNullStream } from './readStream.js';
import { redactLines, RedactionTally } from './redactLines.js';

/** The head and tail windows a record keeps (see ManifestRecord), for the bytes this piece holds. */
export const WINDOW = 4096;

export interface PieceResult {
  readonly piece: StoredPiece;
  /** sha256 of the piece's first min(4096, length) bytes: the version's head when the piece starts it. */
  readonly head: { readonly length: number; readonly sha256: string };
  /** sha256 of the piece's last min(4096, length) bytes. */
  readonly tail: { readonly start: number; readonly sha256: string };
  /** What redaction did to the piece, when it was redacted. */
  readonly redaction: Redaction | null;
}

/** A source file that changed between its stat and its read: stored at the next run. */
export class SourceChangedError extends MemlogError {
  constructor(path: string) {
    super('io', `${path} changed while it was read; the next run archives it`, { path });
  }
}

/** How a piece is stored: its codec, and whether its lines are redacted first (decision 90). */
export interface PieceOptions {
  readonly codec: PieceCodec;
  readonly redact: boolean;
}

/** What a piece holds: bytes [start, end) of a file, of version `version` of its key. */
export interface PieceSpan {
  readonly key: string;
  readonly version: number;
  readonly start: number;
  readonly end: number;
}

/**
 * Stores bytes [start, end) of a file as one compressed piece, redacted first when asked: streamed
 * (memory stays flat whatever the size), written to a temp file and renamed into place. The caller
 * hands its record to a RecordBatch, which fsyncs the piece before the line is written: a kill or
 * a power cut before leaves an unrecorded piece, never a record without its piece.
 */
export async function storePiece(archiveDir: string, source: string, span: PieceSpan, options: PieceOptions): Promise<PieceResult> {
  const rel = pieceRelPath(span.key, span.version, span.start, span.end, options.codec);
  const final = join(archiveDir, rel);
  const temp = `${final}.tmp`;
  await mkdir(dirname(final), { recursive: true, mode: 0o700 });
  const input = await readRegularFileOrNullStream(source, span.start, span.end);
  if (input === null) throw new SourceChangedError(source);
  const taps = new PieceTaps(options.redact ? new RedactionTally() : null);
  // A temp file the disk refuses leaves the source's stream unread: destroyed here, its handle is closed now, not by
  // the garbage collector with a warning on stderr.
  const out = await openForWrite(temp, 'w', 0o600, { follow: false }).catch((error: unknown) => {
    input.destroy();
    throw error;
  });
  try {
    await pipeline(
      input,
      taps.source(),
      taps.redact(),
      taps.content(),
      compressor(options.codec, span.end - span.start),
      async (packed) => {
        for await (const chunk of packed as AsyncIterable<Buffer>) await writeAllAsync(out, taps.stored(chunk), temp);
      },
    );
    if (taps.length !== span.end - span.start) throw new SourceChangedError(source);
  } catch (error) {
    await out.close().catch(() => undefined);
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
  await out.close();
  await rename(temp, final);
  return taps.result(rel, span.end);
}

const sha = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/**
 * What passes through a piece's pipeline: the source's length and first and last 4 KiB, the
 * content's sha256 and length (the source's bytes, or their redaction), the compressed bytes' sha256.
 */
class PieceTaps {
  length = 0;
  private head = Buffer.alloc(0);
  private tail = Buffer.alloc(0);
  private readonly contentHash = createHash('sha256');
  private contentLength = 0;
  private readonly compressed = createHash('sha256');
  private storedLength = 0;

  constructor(private readonly tally: RedactionTally | null) {}

  source(): (source: AsyncIterable<Buffer>) => AsyncGenerator<Buffer> {
    return async function* (this: PieceTaps, source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        this.length += chunk.length;
        if (this.head.length < WINDOW) this.head = Buffer.concat([this.head, chunk.subarray(0, WINDOW - this.head.length)]);
        this.tail = Buffer.from(chunk.length >= WINDOW ? chunk.subarray(-WINDOW) : Buffer.concat([this.tail, chunk]).subarray(-WINDOW));
        yield chunk;
      }
    }.bind(this);
  }

  redact(): (source: AsyncIterable<Buffer>) => AsyncIterable<Buffer> {
    return this.tally === null ? (source) => source : redactLines(this.tally);
  }

  content(): (source: AsyncIterable<Buffer>) => AsyncGenerator<Buffer> {
    return async function* (this: PieceTaps, source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        this.contentHash.update(chunk);
        this.contentLength += chunk.length;
        yield chunk;
      }
    }.bind(this);
  }

  stored(chunk: Buffer): Buffer {
    this.compressed.update(chunk);
    this.storedLength += chunk.length;
    return chunk;
  }

  result(path: string, end: number): PieceResult {
    const tally = this.tally;
    return {
      piece: { path, sha256: this.contentHash.digest('hex'), stored: this.storedLength, storedSha256: this.compressed.digest('hex') },
      head: { length: this.head.length, sha256: sha(this.head) },
      tail: { start: end - this.tail.length, sha256: sha(this.tail) },
      redaction: tally === null ? null : { length: this.contentLength, byRule: { ...tally.byRule }, openLine: tally.openLine },
    };
  }
}
