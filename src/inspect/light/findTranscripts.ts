import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { MemlogError } from '../../errors.js';
import { notATranscriptFile } from '../../fs/fileKind.js';

/**
 * Every `.jsonl` file under the given paths (memlog's own `.memlog.jsonl` effect logs aside), sorted, each once. Inside a folder only
 * regular files are taken and symbolic links are not followed (no loops, no escapes, no pipes that block a read); a path given
 * directly is followed, and refused when it is neither a folder nor a regular file.
 */
export async function findTranscripts(paths: readonly string[]): Promise<string[]> {
  const found = new Set<string>();
  for (const path of paths) {
    let info;
    try {
      info = await stat(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new MemlogError('not_found', `no such file or folder: ${path}`, { path });
      throw error;
    }
    if (info.isDirectory()) {
      for (const file of await walk(path)) found.add(file);
    } else if (info.isFile()) {
      found.add(path);
    } else {
      throw notATranscriptFile(path, info);
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
