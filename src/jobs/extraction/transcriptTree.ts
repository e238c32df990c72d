import { readdirSync, realpathSync, type Dirent } from 'node:fs';
import { basename, join } from 'node:path';
import { statOrNull } from '../../fs/fileKind.js';
import { fsErrorReason } from '../../fs/fsError.js';
import { isSessionFileName } from '../../transcript/claudePaths.js';
import { MAX_TREE_DEPTH, type SkippedPath } from '../../transcript/transcriptFiles.js';
import { isTranscriptName, lookAtWalked } from '../../transcript/walkedPath.js';

/** A path `memlog extract` and `memlog report` do not read, and why: said on stderr, never skipped without a word (decisions 68, 111). */
export type SkippedTranscript = SkippedPath;

/** A folder that holds sessions (one project), with their paths in name order. */
export interface ProjectFolder {
  readonly folder: string;
  readonly sessions: readonly string[];
}

/**
 * The folders that hold sessions under a root (each one project); what was left out by choice
 * (prompt history, subagents), and what could not be read (decision 111).
 */
export interface TranscriptTree {
  readonly projects: readonly ProjectFolder[];
  readonly skipped: readonly SkippedTranscript[];
  readonly unreadable: readonly SkippedTranscript[];
}

// The same depth guard and transcript names as every command's discovery (decision 107).
export { MAX_TREE_DEPTH };

/**
 * Claude Code's prompt history, `history.jsonl` beside its `projects` folder: a line per prompt typed in any
 * project, no session (decision 108).
 */
export function isPromptHistory(dir: string, name: string): boolean {
  return name === PROMPT_HISTORY && statOrNull(join(dir, 'projects'))?.isDirectory() === true;
}

const PROMPT_HISTORY = 'history.jsonl';

/** A subagent's transcript: its words are the subagent's, read with its session when at all. */
const isSubagentName = (name: string): boolean => name.startsWith('agent-') && !isSessionFileName(name);

/**
 * A folder is a project when it holds sessions, at any depth below the root (the root too): a
 * folder not in Claude Code's layout is one project per folder that holds transcripts. Not walked:
 * a session's own folder (named as a transcript beside it: its subagents and tool results),
 * `subagents`, `memory` and hidden folders. Subagents' transcripts and the prompt history are
 * left out by choice; what cannot be read (a link loop or a link to nothing, a folder, pipe or
 * device named like a transcript, no permission, a folder past `MAX_TREE_DEPTH`) is named with why,
 * in the words of every command's discovery (`lookAtWalked`), and never opened.
 */
export function transcriptTree(root: string): TranscriptTree {
  const tree = { projects: [] as ProjectFolder[], skipped: [] as SkippedTranscript[], unreadable: [] as SkippedTranscript[] };
  const walked = new Set<string>();
  const walk = (dir: string, depth: number): void => {
    const entries = listOnce(dir, walked, tree.unreadable);
    if (entries === undefined) return;
    const sessions: string[] = [];
    const folders: string[] = [];
    let subagents = 0;
    for (const dirent of entries) {
      const path = join(dir, dirent.name);
      // Left out by choice before any look: neither is "could not be read" (decision 111).
      if (isTranscriptName(dirent.name) && isPromptHistory(dir, dirent.name))
        tree.skipped.push({ path, reason: "Claude Code's prompt history, not a session" });
      else if (isTranscriptName(dirent.name) && isSubagentName(dirent.name)) subagents++;
      else {
        const kind = lookAtWalked(path, dirent);
        if (typeof kind === 'object') tree.unreadable.push({ path, reason: kind.reason });
        else if (kind === 'folder') folders.push(dirent.name);
        else if (kind === 'transcript') sessions.push(path);
      }
    }
    if (subagents > 0)
      tree.skipped.push({
        path: join(dir, 'agent-*.jsonl'),
        reason: `${subagents} subagent transcript(s): a subagent's words are not the person's`,
      });
    if (sessions.length > 0) tree.projects.push({ folder: dir, sessions });
    // A session's own folder is its subagents and tool results, whether or not its transcript could be read.
    const sessionNames = new Set(entries.filter((d) => isTranscriptName(d.name)).map((d) => basename(d.name, '.jsonl')));
    for (const name of folders) {
      if (name.startsWith('.') || name === 'memory' || name === 'subagents' || sessionNames.has(name)) continue;
      const path = join(dir, name);
      if (depth < MAX_TREE_DEPTH) walk(path, depth + 1);
      else tree.unreadable.push({ path, reason: `more than ${MAX_TREE_DEPTH} folders below the root` });
    }
  };
  walk(root, 0);
  return tree;
}

/**
 * A folder's entries in name order, once: a folder reached again through links is not listed again,
 * and one that cannot be listed (no permission) is named with why and the walk goes on (decision 111).
 */
function listOnce(dir: string, walked: Set<string>, unreadable: SkippedTranscript[]): Dirent[] | undefined {
  try {
    const real = realpathSync(dir);
    if (walked.has(real)) return undefined;
    walked.add(real);
    return readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch (error) {
    unreadable.push({ path: dir, reason: fsErrorReason((error as NodeJS.ErrnoException).code) });
    return undefined;
  }
}
