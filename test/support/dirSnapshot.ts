import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every regular file under a folder with its bytes (base64), by path relative to it: for byte-for-byte comparison. */
export function dirSnapshot(root: string, keep: (path: string) => boolean = () => true): Record<string, string> {
  if (!existsSync(root)) return {};
  const files: Record<string, string> = {};
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(root, join(entry.parentPath, entry.name));
    if (keep(path)) files[path] = readFileSync(join(entry.parentPath, entry.name), 'base64');
  }
  return files;
}

/** The names under a folder (recursively) that a finished command must never leave: locks, run copies, temp files. */
export function leftovers(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((path) => /\.lock$|\.takeover$|\.memlog-run($|\.base$|\/)|\.[0-9a-f]{12}\.tmp$/.test(path))
    .sort();
}
