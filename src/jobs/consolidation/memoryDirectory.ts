import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { StoredMemory } from '../../consolidation/memoryCandidate.js';
import { readRegularFileSync, readRegularTextOrNullSync } from '../../fs/regularFile.js';
import { INDEX_NAME } from '../../memory/durable/memoryIndex.js';
import { parseTopicFile, type FrontmatterForm } from '../../memory/durable/topicFile.js';

export interface MemoryDirectory {
  readonly memories: readonly StoredMemory[];
  /** Each memory's frontmatter form, kept when it is rewritten. */
  readonly forms: ReadonlyMap<string, FrontmatterForm>;
  readonly index: string;
  /** `.md` files memlog cannot read as memories: left as they are, with why. */
  readonly unreadable: readonly { readonly filename: string; readonly reason: string }[];
}

/** The memories of a directory (its top-level `.md` files but the index) and its index, as they are on disk. */
export function readMemoryDirectory(memoryDir: string): MemoryDirectory {
  const names = readdirSync(memoryDir, { withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith('.md') && d.name !== INDEX_NAME && !d.name.startsWith('.'))
    .map((d) => d.name)
    .sort();
  const memories: StoredMemory[] = [];
  const forms = new Map<string, FrontmatterForm>();
  const unreadable: { filename: string; reason: string }[] = [];
  for (const filename of names) {
    const parsed = parseTopicFile(readRegularFileSync(join(memoryDir, filename), 'utf8'), filename.replace(/\.md$/, ''));
    if (!parsed.ok) {
      unreadable.push({ filename, reason: parsed.reason });
      continue;
    }
    // A hand-written file without `modified` is dated by when it was written, not taken for the oldest (decision 70).
    const mtime = parsed.file.modified === undefined ? statSync(join(memoryDir, filename)).mtime.toISOString() : undefined;
    memories.push({ filename, file: parsed.file, ...(mtime === undefined ? {} : { mtime }) });
    forms.set(filename, parsed.form);
  }
  // No index yet is an empty one; an index that is not a regular file (a pipe) is refused.
  const index = readRegularTextOrNullSync(join(memoryDir, INDEX_NAME)) ?? '';
  return { memories, forms, index, unreadable };
}
