import { accessSync, constants, statSync, type Dirent, type Stats } from 'node:fs';
import { describeFileKind } from '../fs/fileKind.js';
import { fsErrorReason } from '../fs/fsError.js';

/**
 * memlog's own journals beside a memory directory, `.<dir>.memlog-<kind>.jsonl` (consolidation, batches, review),
 * land in a project folder with `extract --into-claude`. Claude Code names a session `<uuid>.jsonl` and a subagent's
 * `agent-<id>.jsonl`, never with a leading dot, so a walk leaves these out by name, silently: they are ours, not
 * paths it could not read (decision 111).
 */
const isMemlogJournal = (name: string): boolean => name.startsWith('.') && /\.memlog-[a-z]+\.jsonl$/.test(name);

/** memlog's own effect logs and journals sit beside transcripts (`extract --into-claude`): they are not transcripts. */
export const isTranscriptName = (name: string): boolean =>
  name.endsWith('.jsonl') && !name.endsWith('.memlog.jsonl') && !isMemlogJournal(name);

/** Why a walk could not take a path ("a link loop"): every command names it with these words (decision 111). */
export const SKIP_REASONS = {
  dangling: 'a link that points to nothing',
  loop: 'a link loop',
  folder: 'a folder, not a transcript file',
} as const;

/** What a folder entry is, through a symbolic link: a transcript to read, a folder to walk, something else, or why it is skipped. */
export type WalkedPath = 'transcript' | 'folder' | 'other' | { readonly reason: string };

/** Why a link cannot be followed, in the words a person reads. */
function linkReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return SKIP_REASONS.dangling;
  return code === 'ELOOP' ? SKIP_REASONS.loop : fsErrorReason(code);
}

/** Whether this process may read the file: a file it may not is named at the walk, as a link that leads nowhere is. */
function readable(path: string): string | undefined {
  try {
    accessSync(path, constants.R_OK);
    return undefined;
  } catch (error) {
    return fsErrorReason((error as NodeJS.ErrnoException).code);
  }
}

/**
 * Looks at one folder entry without opening it (decision 111): opening a named pipe blocks until
 * something writes to it. A link that cannot be followed is skipped whatever its name (it may have
 * been a folder); a folder, pipe, socket or device named like a transcript, and a transcript this
 * process may not read, are skipped with why; other names are no transcripts and not looked at further.
 */
export function lookAtWalked(path: string, dirent: Dirent): WalkedPath {
  let stats: Dirent | Stats = dirent;
  if (dirent.isSymbolicLink()) {
    try {
      stats = statSync(path);
    } catch (error) {
      return { reason: linkReason(error) };
    }
  }
  const named = isTranscriptName(dirent.name);
  if (stats.isDirectory()) return named && !dirent.name.startsWith('.') ? { reason: SKIP_REASONS.folder } : 'folder';
  if (!named) return 'other';
  // Said from the look already taken: the entry may be gone by now, and a walk goes on past it.
  if (!stats.isFile()) return { reason: `not a regular file (${describeFileKind(stats)})` };
  const denied = readable(path);
  return denied === undefined ? 'transcript' : { reason: denied };
}
