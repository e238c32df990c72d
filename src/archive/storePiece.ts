import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { MemlogError } from '../errors.js';
import { mkdir, openForWrite, rename, rm, writeAllAsync } from '../fs/faultableFs.js';
import { faultPoint } from '../fs/faultSeam.js';
import { pieceRelPath } from './archiveLayout.js';
import type { StoredPiece } from './manifest.js';
import { readRegularFileOrNullStream } from './readStream.js';

/** The head and tail windows a record keeps (see ManifestRecord), for the bytes this piece holds. */
export const WINDOW = 4096;

export interface PieceResult {
  readonly piece: StoredPiece;
  /** sha256 of the piece's first min(4096, length) bytes: the version's head when the piece starts it. */
  readonly head: { readonly length: number; readonly sha256: string };
  /** sha256 of the piece's last min(4096, length) bytes. */
  readonly tail: { readonly start: number; readonly sha256: string };
}

/** A source file that changed between its stat and its read: stored at the next run. */
export class SourceChangedError extends MemlogError {
  constructor(path: string) {
    super('io', `${path} changed while it was read; the next run archives it`, { path });
  }
}

/** gzip's output chunk: 16 KiB by default, each one a write; 256 KiB makes 16 times fewer (the bytes are the same). */
const PIECE_WRITE_BYTES = 1 << 18;

/**
 * Stores bytes [start, end) of a file as one gzip piece: streamed (memory stays flat whatever the
 * size), written to a temp file, fsync'd, renamed into place and the folder fsync'd. Only then
 * may the caller append the manifest line: a kill before leaves an unrecorded piece, never a
 * record without its piece.
 */
export async function storePiece(
  archiveDir: string,
  source: string,
  key: string,
  version: number,
  start: number,
  end: number,
): Promise<PieceResult> {
  const rel = pieceRelPath(key, version, start, end);
  const final = join(archiveDir, rel);
  const temp = `${final}.tmp`;
  await mkdir(dirname(final), { recursive: true, mode: 0o700 });
  const input = await readRegularFileOrNullStream(source, start, end);
  if (input === null) throw new SourceChangedError(source);
  const tap = new BytesTap();
  const out = await openForWrite(temp, 'w', 0o600, { follow: false });
  try {
    await pipeline(input, tap.through(), createGzip({ level: 6, chunkSize: PIECE_WRITE_BYTES }), async (gz: AsyncIterable<Buffer>) => {
      for await (const chunk of gz) await writeAllAsync(out, tap.stored(chunk), temp);
    });
    if (tap.length !== end - start) throw new SourceChangedError(source);
    faultPoint('fsync', temp);
    await out.sync();
  } catch (error) {
    await out.close().catch(() => undefined);
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
  await out.close();
  await rename(temp, final);
  await fsyncFolder(dirname(final));
  return tap.result(rel, end);
}

/** Makes a rename in this folder durable. */
export async function fsyncFolder(dir: string): Promise<void> {
  // A folder is opened read-only, for fsync alone: openRegular is for files.
  const handle = await open(dir, 'r').catch(() => null);
  if (handle === null) return;
  try {
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on a folder; the rename is then as durable as they make it.
  } finally {
    await handle.close();
  }
}

/** Hashes what passes, keeps the first and last 4 KiB, and hashes the compressed bytes. */
class BytesTap {
  length = 0;
  private readonly raw = createHash('sha256');
  private readonly compressed = createHash('sha256');
  private storedLength = 0;
  private head = Buffer.alloc(0);
  private tail = Buffer.alloc(0);

  through(): (source: AsyncIterable<Buffer>) => AsyncGenerator<Buffer> {
    return async function* (this: BytesTap, source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        this.raw.update(chunk);
        this.length += chunk.length;
        if (this.head.length < WINDOW) this.head = Buffer.concat([this.head, chunk.subarray(0, WINDOW - this.head.length)]);
        this.tail = Buffer.from(chunk.length >= WINDOW ? chunk.subarray(-WINDOW) : Buffer.concat([this.tail, chunk]).subarray(-WINDOW));
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
    const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    return {
      piece: { path, sha256: this.raw.digest('hex'), stored: this.storedLength, storedSha256: this.compressed.digest('hex') },
      head: { length: this.head.length, sha256: sha(this.head) },
      tail: { start: end - this.tail.length, sha256: sha(this.tail) },
    };
  }
}
