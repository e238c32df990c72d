import { readRegularFileSync } from './regularFile.js';

/** A file's bytes, or null when it cannot be read (missing, a folder): read synchronously, for small files read once. */
export function readOrNullSync(path: string): Buffer | null {
  try {
    return readRegularFileSync(path);
  } catch {
    return null;
  }
}
