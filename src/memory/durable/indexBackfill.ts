import { randomBytes } from 'node:crypto';
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { link, rm, writeFile } from '../../fs/faultableFs.js';
import { INDEX_LINE_TARGET, INDEX_NAME, MAX_INDEX_CHARS, MAX_INDEX_LINES, pointerLine } from './memoryIndex.js';
import { hasInvisibleCharacter, isExcludedFromMemory } from './memoryPathLint.js';
import { scanMemoryFiles, type MemoryFileHeader } from './memoryScan.js';

/** A backfilled index fills 70 % of the caps, leaving room for the lines the next writes add. */
export const BACKFILL_MAX_LINES = Math.floor(MAX_INDEX_LINES * 0.7);
export const BACKFILL_MAX_CHARS = Math.floor(MAX_INDEX_CHARS * 0.7);

export interface BackfillPlan {
  /** MEMORY.md's text ('' when no file can be listed). */
  readonly content: string;
  readonly listed: readonly string[];
  /** Files left out, each with why. */
  readonly skipped: ReadonlyArray<{ readonly filename: string; readonly reason: string }>;
}

/** Why a file cannot have an index line, or null: its name would break the line or hide what it is. */
function unlistableReason(filename: string): string | null {
  if (/[[\]()]/.test(filename)) return 'its name holds a bracket, which would break the link';
  if (/[\r\n]/.test(filename)) return 'its name holds a line break';
  if (hasInvisibleCharacter(filename)) return 'its name holds a character nobody can see';
  if (isExcludedFromMemory(filename)) return 'it is in a folder that is not memory';
  if (filename.split('/').some((part) => part.startsWith('.'))) return 'it is hidden';
  return null;
}

/** `- [stem](path.md) — description`, the description cut after a whole word so the line is at most the target. */
function lineFor(header: Pick<MemoryFileHeader, 'filename' | 'description'>): string | null {
  const stem = (header.filename.split('/').at(-1) ?? header.filename).replace(/\.md$/i, '');
  const link = `- [${stem}](${header.filename})`;
  const description = header.description?.replace(/\s+/g, ' ').trim() ?? '';
  if ([...link].length > INDEX_LINE_TARGET) return null;
  if (description === '') return link;
  return pointerLine(`${link} — `, description);
}

/**
 * The index a directory without one gets (as Claude Code 2.1.332 builds it): one line per
 * memory, the newest saved first (its `modified:`, else its mtime: decision 70, amended), until 140
 * lines or 17,500 characters. Pure: the caller scanned.
 */
export function planBackfillIndex(headers: ReadonlyArray<Pick<MemoryFileHeader, 'filename' | 'description' | 'savedAtMs'>>): BackfillPlan {
  const ordered = [...headers].sort((a, b) => b.savedAtMs - a.savedAtMs || (a.filename < b.filename ? -1 : 1));
  const lines: string[] = [];
  const listed: string[] = [];
  const skipped: Array<{ filename: string; reason: string }> = [];
  let chars = 0;
  for (const header of ordered) {
    const reason = unlistableReason(header.filename);
    const line = reason === null ? lineFor(header) : null;
    if (line === null) {
      skipped.push({ filename: header.filename, reason: reason ?? 'its path is longer than an index line' });
      continue;
    }
    const added = line.length + (lines.length === 0 ? 0 : 1);
    if (lines.length >= BACKFILL_MAX_LINES || chars + added > BACKFILL_MAX_CHARS) {
      skipped.push({ filename: header.filename, reason: 'the index is full (older memories stay unlisted)' });
      continue;
    }
    lines.push(line);
    listed.push(header.filename);
    chars += added;
  }
  return { content: lines.length === 0 ? '' : `${lines.join('\n')}\n`, listed, skipped };
}

export type BackfillResult =
  | { readonly status: 'created'; readonly path: string; readonly plan: BackfillPlan }
  | { readonly status: 'exists' | 'no_memories'; readonly path: string; readonly plan?: BackfillPlan };

const exists = (path: string): Promise<boolean> =>
  lstat(path).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );

/**
 * Gives a memory directory with topic files but no MEMORY.md its index, once. The text is
 * written to a temp file and hard-linked into place: the link fails if anything named MEMORY.md
 * appeared meanwhile (another writer's index, even a link or a folder), which then stays as it is.
 */
export async function backfillIndex(memoryDir: string): Promise<BackfillResult> {
  const path = join(memoryDir, INDEX_NAME);
  if (await exists(path)) return { status: 'exists', path };
  const plan = planBackfillIndex(await scanMemoryFiles(memoryDir));
  if (plan.content === '') return { status: 'no_memories', path, plan };
  const temp = join(memoryDir, `.${INDEX_NAME}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temp, plan.content, { flag: 'wx', mode: 0o600, sync: true });
    try {
      await link(temp, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { status: 'exists', path, plan };
      throw error;
    }
  } finally {
    await rm(temp, { force: true }).catch(() => undefined);
  }
  return { status: 'created', path, plan };
}
