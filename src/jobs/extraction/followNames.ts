import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { atomicWrite } from '../../fs/atomicWrite.js';
import { rmSync } from '../../fs/faultableFs.js';
import { readOrNullSync } from '../../fs/readOrNull.js';
import { INDEX_NAME } from '../../memory/durable/memoryIndex.js';
import { parseTopicFile, renderTopicFile, type FrontmatterForm } from '../../memory/durable/topicFile.js';

/**
 * A topic file a run rewrote whose `name:` is no longer its file's name is moved to `<name>.md` (or
 * `<name>-2.md`, named so, when that is taken) in the run's copy, and the index line follows it
 * (decision 93, the per-turn side of decision 77): a correction names the memory after what it now
 * says, negation included, and name and file agree. Returns the files taken away, which the run
 * records and removes from the memory directory when it applies.
 */
export async function followNames(staging: string, memoryDir: string, files: readonly string[], form: FrontmatterForm): Promise<string[]> {
  const removed: string[] = [];
  // Only a rewrite moves, as in consolidation (decision 77): a new file keeps the name its writer chose for it.
  for (const file of files.filter((f) => existsSync(join(memoryDir, f)))) {
    const target = await moveToName(staging, file, form);
    if (target === undefined) continue;
    await repointIndex(staging, file, target);
    removed.push(file);
  }
  return removed;
}

/** Moves one topic file to the file its name says; the new file name, or undefined when it stays. */
async function moveToName(staging: string, file: string, form: FrontmatterForm): Promise<string | undefined> {
  if (!file.endsWith('.md') || file !== basename(file) || file === INDEX_NAME) return undefined;
  const stem = file.slice(0, -'.md'.length);
  const text = readOrNullSync(join(staging, file))?.toString('utf8');
  const parsed = text === undefined ? undefined : parseTopicFile(text, stem);
  if (parsed?.ok !== true || parsed.file.name === stem || parsed.file.name === '') return undefined;
  const name = freeName(staging, parsed.file.name);
  await atomicWrite(join(staging, `${name}.md`), renderTopicFile({ ...parsed.file, name }, form));
  rmSync(join(staging, file), { force: true });
  return `${name}.md`;
}

/** `name`, or `name-2`, `name-3`… : the first no file of the copy (nor the index, in any case) has. */
function freeName(staging: string, name: string): string {
  const taken = (candidate: string) => existsSync(join(staging, `${candidate}.md`)) || `${candidate}.md`.toLowerCase() === 'memory.md';
  if (!taken(name)) return name;
  for (let n = 2; ; n++) if (!taken(`${name}-${n}`)) return `${name}-${n}`;
}

/** The index line that pointed at the old file points at the new one; its title and hook stay. */
async function repointIndex(staging: string, from: string, to: string): Promise<void> {
  const indexPath = join(staging, INDEX_NAME);
  const index = readOrNullSync(indexPath)?.toString('utf8');
  if (index === undefined || !index.includes(`](${from})`)) return;
  await atomicWrite(indexPath, index.split(`](${from})`).join(`](${to})`));
}
