import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { atomicWrite } from '../../fs/atomicWrite.js';
import { mkdirSync } from '../../fs/faultableFs.js';
import { readOrNullSync } from '../../fs/readOrNull.js';
import { sha256Hex } from '../../fs/sha256.js';
import { removeStrayTempFiles } from '../../fs/strayTempFiles.js';

/**
 * The bytes a memory file had before and after each recorded change, by their sha256, beside
 * the memory directory (outside it: Claude Code never lists them). What lets `memlog undo`
 * bring a deleted file back byte for byte, and `memlog memory log` show a diff (decision 79).
 */
export const blobDir = (memoryDir: string): string => join(dirname(memoryDir), `.${basename(memoryDir)}.memlog-blobs`);

const blobPath = (memoryDir: string, sha: string): string => join(blobDir(memoryDir), sha.slice(0, 2), sha);

/** Keeps some bytes (once: the name is their hash) and returns their sha256. */
export async function saveBlob(memoryDir: string, bytes: Uint8Array): Promise<string> {
  const sha = sha256Hex(bytes);
  const path = blobPath(memoryDir, sha);
  if (existsSync(path)) return sha;
  mkdirSync(dirname(path), { recursive: true });
  await atomicWrite(path, bytes, 0o600);
  return sha;
}

/**
 * Removes what blob writes cut short by a kill left in the store (`NN/.memlog.<hex>.tmp`): never a blob, since a blob
 * is only ever its hash's name. Under removeStagedLeftovers's rule: only for a caller that holds the memory
 * directory's lock and has finished every recorded apply, so no live run is writing one.
 */
export function removeBlobLeftovers(memoryDir: string): Promise<void> {
  return removeStrayTempFiles(blobDir(memoryDir));
}

/** The bytes kept under a hash; null when none were kept (a record older than the blob store, or a store removed). */
export function readBlob(memoryDir: string, sha: string): Buffer | null {
  const bytes = readOrNullSync(blobPath(memoryDir, sha));
  // A blob damaged on disk is as good as missing: undo must never write back the wrong bytes.
  return bytes !== null && sha256Hex(bytes) === sha ? bytes : null;
}

/** One file's contents before and after a change, by hash; null: no such file. */
export type FileSnapshot = { readonly file: string; readonly before: string | null; readonly after: string | null };

/** Keeps a file's bytes as they are in a folder and returns their hash, or null when there is no such file. */
export async function keepFile(memoryDir: string, folder: string, file: string): Promise<string | null> {
  const bytes = readOrNullSync(join(folder, file));
  return bytes === null ? null : saveBlob(memoryDir, bytes);
}
