import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { manifestPath } from './archiveLayout.js';
import { indexManifest } from './archiveIndex.js';
import { readManifest } from './manifest.js';
import { readRegularFileOrNullStream } from './readStream.js';
import { DamagedPieceError, readVersion } from './readVersion.js';

export interface VerifyReport {
  readonly files: number;
  readonly versions: number;
  /** Versions stored redacted: checked against the checksums of their redacted bytes (decision 90). */
  readonly redactedVersions: number;
  readonly pieces: number;
  /** Bytes of every version, uncompressed, read back and checked. */
  readonly bytes: number;
  /** Manifest lines cut by a killed run: harmless, the next run ended them and stored their pieces again. */
  readonly tornLines: number;
  /** One line per problem: a damaged or missing piece, a manifest line that is not a record, a record out of order. */
  readonly problems: readonly string[];
}

/** `memlog archive verify`: reads every piece back, checks both its checksums and its length, and reports. */
export async function verifyArchive(archiveDir: string): Promise<VerifyReport> {
  const manifest = await readManifest(manifestPath(archiveDir));
  const problems = manifest.badLines.map((line) => `manifest line ${line} is not a record`);
  const index = indexManifest(manifest.records);
  const indexed = [...index.values()].flat(2).length;
  if (indexed < manifest.records.length)
    problems.push(`${manifest.records.length - indexed} record(s) do not continue their file's history`);
  let versions = 0;
  let redactedVersions = 0;
  let pieces = 0;
  let bytes = 0;
  for (const history of index.values())
    for (const records of history) {
      versions++;
      if (records[0]?.redaction !== undefined) redactedVersions++;
      for (const record of records) if (record.piece !== null) pieces++;
      try {
        bytes += await checkVersion(archiveDir, records);
      } catch (error) {
        if (!(error instanceof DamagedPieceError)) throw error;
        problems.push(error.message);
      }
    }
  return { files: index.size, versions, redactedVersions, pieces, bytes, tornLines: manifest.tornLines.length, problems };
}

async function checkVersion(archiveDir: string, records: Parameters<typeof readVersion>[1]): Promise<number> {
  for (const record of records) {
    if (record.piece === null) continue;
    const stored = await readRegularFileOrNullStream(join(archiveDir, record.piece.path));
    if (stored === null) continue;
    const hash = createHash('sha256');
    for await (const chunk of stored as AsyncIterable<Buffer>) hash.update(chunk);
    if (hash.digest('hex') !== record.piece.storedSha256)
      throw new DamagedPieceError(record, 'its compressed piece does not match its checksum');
  }
  let length = 0;
  for await (const chunk of readVersion(archiveDir, records)) length += chunk.length;
  return length;
}
