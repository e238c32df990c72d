import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { mkdir, rename, rm, writeFile } from './faultableFs.js';

/** Whether a file name is one of atomicWrite's temp files (`.<name>.<hex>.tmp`): a write cut short, never content. */
export const isAtomicTempName = (name: string): boolean => /^\..+\.[0-9a-f]{12}\.tmp$/.test(name);

/**
 * Replaces a file's content atomically: a temp file beside it (opened with `wx`, so never an
 * existing one), fsync, then rename over the target. On failure the temp file is removed and
 * the target is untouched.
 */
export async function atomicWrite(path: string, content: string | Uint8Array, mode = 0o600): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temp, content, { flag: 'wx', mode, sync: true });
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}
