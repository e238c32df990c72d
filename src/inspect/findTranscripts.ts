import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { MemlogError } from '../errors.js';

/**
 * Every `.jsonl` file under the given paths (memlog's own `.memlog.jsonl` effect logs aside), sorted, each once. Symbolic links inside a folder
 * are not followed (no loops, no escapes); a path given directly is read as it is.
 */
export async function findTranscripts(paths: readonly string[]): Promise<string[]> {
  const found = new Set<string>();
  for (const path of paths) {
    let info;
    try {
      info = await lstat(path);
    } catch {
      throw new MemlogError('not_found', `no such file or folder: ${path}`, { path });
    }
    if (info.isDirectory()) {
      for (const file of await walk(path)) found.add(file);
    } else {
      found.add(path);
    }
  }
  return [...found].sort();
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const dirent of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, dirent.name);
    if (dirent.isDirectory()) out.push(...(await walk(path)));
    else if (dirent.isFile() && dirent.name.endsWith('.jsonl') && !dirent.name.endsWith('.memlog.jsonl')) out.push(path);
  }
  return out;
}
