import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { MemlogError } from '../errors.js';
import { contentLength, type ManifestRecord } from './manifest.js';
import { decompressor } from './pieceCodec.js';
import { readRegularFileOrNullStream } from './readStream.js';

/** An archived piece that is missing or does not match its checksums. */
export class DamagedPieceError extends MemlogError {
  constructor(record: ManifestRecord, why: string) {
    super('io', `${record.key} version ${record.version} bytes ${record.start}-${record.end}: ${why}`, { key: record.key });
  }
}

/**
 * The bytes of one archived version, piece after piece, streamed: each piece is checked against
 * its sha256 and length as it is read, and a damaged one throws before its last chunk is given.
 * A redacted version gives its redacted bytes (decision 90).
 */
export async function* readVersion(archiveDir: string, records: readonly ManifestRecord[]): AsyncGenerator<Buffer> {
  for (const record of records) {
    if (record.piece === null) continue;
    const input = await readRegularFileOrNullStream(join(archiveDir, record.piece.path));
    if (input === null) throw new DamagedPieceError(record, `its piece ${record.piece.path} is missing`);
    const hash = createHash('sha256');
    let length = 0;
    let held: Buffer | null = null;
    try {
      for await (const chunk of input.pipe(decompressor(record.codec)) as AsyncIterable<Buffer>) {
        if (held !== null) yield held;
        hash.update(chunk);
        length += chunk.length;
        held = chunk;
      }
    } catch (error) {
      input.destroy();
      throw new DamagedPieceError(record, `its piece does not decompress (${(error as Error).message})`);
    }
    if (length !== contentLength(record) || hash.digest('hex') !== record.piece.sha256)
      throw new DamagedPieceError(record, 'its piece does not match its checksum');
    if (held !== null) yield held;
  }
}

/** A whole archived version in memory: for tests and small files. */
export async function readVersionBytes(archiveDir: string, records: readonly ManifestRecord[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of readVersion(archiveDir, records)) chunks.push(chunk);
  return Buffer.concat(chunks);
}
