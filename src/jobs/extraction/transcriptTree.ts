import { readdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { statOrNull } from '../../fs/fileKind.js';
import { isSessionFileName } from '../../transcript/claudePaths.js';
import { isTranscriptName, MAX_TREE_DEPTH, type SkippedPath } from '../../transcript/transcriptFiles.js';

/** A transcript `memlog extract` does not read, and why: said on stderr, never skipped without a word (decision 68). */
export type SkippedTranscript = SkippedPath;

/** The folders that hold transcripts under a root (each one project), and what was skipped. */
export interface TranscriptTree {
  readonly folders: readonly string[];
  readonly skipped: readonly SkippedTranscript[];
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
 * A folder is a project when it holds transcripts, at any depth below the root (the root too):
 * a folder not in Claude Code's layout is one project per folder that holds transcripts. Not
 * walked: a session's own folder (named as a transcript beside it: its subagents and tool
 * results), `subagents`, `memory` and hidden folders. A transcript that is not a regular file, a
 * subagent's and a folder past `MAX_TREE_DEPTH` are named as skipped, with why.
 */
export function transcriptTree(root: string): TranscriptTree {
  const folders: string[] = [];
  const skipped: SkippedTranscript[] = [];
  const walked = new Set<string>();
  const walk = (dir: string, depth: number): void => {
    // A folder reached twice through links is read once.
    const real = realpathSync(dir);
    if (walked.has(real)) return;
    walked.add(real);
    const names = readdirSync(dir).sort();
    const sessions = new Set<string>();
    let subagents = 0;
    for (const name of names.filter(isTranscriptName)) {
      const path = join(dir, name);
      const stats = statOrNull(path);
      if (stats?.isDirectory() === true) continue;
      if (isPromptHistory(dir, name)) skipped.push({ path, reason: "Claude Code's prompt history, not a session" });
      else if (isSubagentName(name)) subagents++;
      else if (stats !== null && !stats.isFile())
        skipped.push({ path, reason: 'not a regular file (a pipe or a socket): reading it could block' });
      else sessions.add(name.slice(0, -'.jsonl'.length));
    }
    if (subagents > 0)
      skipped.push({
        path: join(dir, 'agent-*.jsonl'),
        reason: `${subagents} subagent transcript(s): a subagent's words are not the person's`,
      });
    if (sessions.size > 0) folders.push(dir);
    for (const name of names) {
      if (name.startsWith('.') || name === 'memory' || name === 'subagents' || sessions.has(name)) continue;
      const path = join(dir, name);
      if (statOrNull(path)?.isDirectory() !== true) continue;
      if (depth < MAX_TREE_DEPTH) walk(path, depth + 1);
      else skipped.push({ path, reason: `more than ${MAX_TREE_DEPTH} folders below the root: extract it on its own` });
    }
  };
  walk(root, 0);
  return { folders, skipped };
}
