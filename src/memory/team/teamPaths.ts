import { join } from 'node:path';
import { reservedIndexNameReason } from '../durable/memoryIndex.js';
import { codePointEscape, describeCharacter, invisibleCharacters } from '../durable/memoryPathLint.js';

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
  // The memory index's own check (decision 64): bidirectional controls, zero-width and other characters nobody sees.
  const hidden = invisibleCharacters(key);
  if (hidden.length > 0) return `holds a character nobody can see: ${hidden.map(describeCharacter).join(', ')}`;
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

/** The key in quotes for a message, its invisible characters written as `\u….` so a terminal shows them and does not obey them. */
export function quotedKey(key: string): string {
  let quoted = JSON.stringify(key);
  for (const char of invisibleCharacters(key)) quoted = quoted.replaceAll(char, codePointEscape(char));
  return quoted;
}

/** Every folder and the file of a key: `a/b/c.md` → `a`, `a/b`, `a/b/c.md`. */
const prefixesOf = (key: string): string[] => key.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'));

/**
 * The keys a case-insensitive file system (macOS, Windows) would put on one file or folder with
 * another spelling (`Ok.md` and `ok.md`, `Notes/a.md` and `notes/b.md`): one would overwrite or
 * join the other. Each such key of `keys`, with the first other spelling it meets among `keys`
 * and `existing` (names already there, which are checked against but never reported).
 */
export function caseCollisions(keys: readonly string[], existing: readonly string[] = []): Map<string, string> {
  const spellings = new Map<string, Set<string>>();
  for (const key of [...existing, ...keys])
    for (const prefix of prefixesOf(key)) {
      const folded = prefix.toLowerCase();
      spellings.set(folded, (spellings.get(folded) ?? new Set<string>()).add(prefix));
    }
  const collisions = new Map<string, string>();
  for (const key of keys)
    for (const prefix of prefixesOf(key)) {
      const other = [...(spellings.get(prefix.toLowerCase()) ?? [])].filter((spelling) => spelling !== prefix).sort()[0];
      if (other === undefined) continue;
      collisions.set(key, other);
      break;
    }
  return collisions;
}
