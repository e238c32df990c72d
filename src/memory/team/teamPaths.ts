import { join } from 'node:path';
import { reservedIndexNameReason } from '../durable/memoryIndex.js';

/** Team memory lives in `team/` under the project's auto-memory directory (long-term spec §5.1). */
export const TEAM_DIR_NAME = 'team';

export const teamMemoryDir = (autoMemoryDir: string): string => join(autoMemoryDir, TEAM_DIR_NAME);

/**
 * Why a key (a path relative to the team folder, as it travels on the wire) is unsafe, or null
 * when it is fine. This is the textual half of the check; writes also go through resolveInside,
 * which follows symbolic links on disk. Keys come from a server, so everything is suspect:
 * traversal spelled plainly, URL-encoded, or with look-alike characters that NFKC folds to dots
 * and slashes; absolute and drive paths; backslashes; NUL and other control characters; and the
 * index name in another case, which would replace a folder's MEMORY.md.
 */
export function unsafeKeyReason(key: string): string | null {
  if (key === '') return 'empty';
  if (key.length > 1024) return 'longer than 1024 characters';
  if ([...key].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return 'contains a control character';
  if (key.includes('\\')) return 'contains a backslash';
  if (key.startsWith('/') || /^[A-Za-z]:/.test(key)) return 'absolute';
  // A name the file system cannot hold would fail every pull; one not in NFC would be written
  // under another name than its key (paths are normalised to NFC), and come back as a second entry.
  if (key.split('/').some((part) => Buffer.byteLength(part) > 255)) return 'has a name longer than 255 bytes';
  if (key !== key.normalize('NFC')) return 'is not in Unicode normal form C';
  const reserved = reservedIndexNameReason(key);
  if (reserved !== null) return reserved;
  for (const form of [key, decoded(key), key.normalize('NFKC')]) {
    if (form === null) return 'malformed percent-encoding';
    if (form.split('/').some((part) => part === '..' || part === '.' || part === '')) return 'contains an empty, "." or ".." segment';
    if (form !== key && (form.includes('/') !== key.includes('/') || form.split('/').length !== key.split('/').length))
      return 'hides a path separator';
  }
  return null;
}

function decoded(key: string): string | null {
  try {
    return decodeURIComponent(key);
  } catch {
    return null;
  }
}
