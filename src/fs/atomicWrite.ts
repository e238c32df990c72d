import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { mkdir, rename, rm, writeFile } from './faultableFs.js';

/**
 * Whether a file name is one of atomicWrite's temp files (`.memlog.<hex>.tmp`, or
 * `.<name>.<hex>.tmp` as earlier versions named them): a write cut short, never content.
 */
export const isAtomicTempName = (name: string): boolean => /^\..+\.[0-9a-f]{12}\.tmp$/.test(name);

/**
 * A temp file's name beside a target: 22 bytes whatever the target is called, so every name a
 * directory can hold has a temp name that fits it too (decision 65); appending to the target's
 * name failed for a name of 238 bytes or more.
 */
export const atomicTempPath = (path: string): string => join(dirname(path), `.memlog.${randomBytes(6).toString('hex')}.tmp`);

/**
 * Replaces a file's content atomically: a temp file beside it (opened with `wx`, so never an
 * existing one nor through a link), fsync, then rename over the target, which replaces a symbolic
 * link there rather than writing through it. On failure the temp file is removed and the target
 * is untouched.
 */
export async function atomicWrite(path: string, content: string | Uint8Array, mode = 0o600): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temp = atomicTempPath(path);
  try {
    await writeFile(temp, content, { flag: 'wx', mode, sync: true, follow: false });
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}
