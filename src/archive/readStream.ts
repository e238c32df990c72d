import type { Readable } from 'node:stream';
import { openRegular } from '../fs/regularFile.js';

/** A stream over a regular file's bytes [start, end), or null when the file is not there. */
export async function readRegularFileOrNullStream(path: string, start = 0, end?: number): Promise<Readable | null> {
  try {
    const handle = await openRegular(path);
    if (end !== undefined && end <= start) {
      await handle.close();
      return null;
    }
    return handle.createReadStream({ start, ...(end === undefined ? {} : { end: end - 1 }), autoClose: true, highWaterMark: 1 << 20 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
