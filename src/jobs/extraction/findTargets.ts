import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { mkdirSync } from '../../fs/faultableFs.js';
import { basename, join, relative, resolve, sep } from 'node:path';
import { MemlogError } from '../../errors.js';
import { statOrNull } from '../../fs/fileKind.js';
import { describeFailure } from '../../fs/fsError.js';
import { effectLogPath } from '../../pipeline/effectLog.js';
import { isSessionFileName } from '../../transcript/claudePaths.js';
import { readTranscriptSync } from '../../transcript/readTranscript.js';
import { autoMemoryDir, type Env } from '../../memory/durable/memoryPaths.js';
import { firstCwd } from './sessionCwd.js';

/** One project to extract: its sessions, and where its memory and effect logs go. */
export interface ExtractTarget {
  /** The project folder (Claude Code's `projects/<sanitized path>`). */
  readonly projectDir: string;
  readonly sessions: readonly string[];
  readonly memoryDir: string;
  /** Where each session's effect log goes (it holds the extraction cursor). */
  readonly effectLog: (session: string) => string;
}

const isSession = (name: string): boolean =>
  name.endsWith('.jsonl') && !name.endsWith('.memlog.jsonl') && (isSessionFileName(name) || !name.startsWith('agent-'));

/**
 * A session file to work on: a regular file, or one that cannot even be looked at (a dangling
 * link), which then fails when read and is reported. A pipe, socket or folder is skipped: reading
 * a pipe blocks until something writes to it.
 */
function isSessionFile(path: string): boolean {
  const stats = statOrNull(path);
  return stats === null || stats.isFile();
}

/** The first timestamp, for the time order; '' (first) for a file without one or that cannot be read. */
function firstTimestamp(path: string): string {
  try {
    for (const item of readTranscriptSync(path)) {
      if (item.kind === 'entry') {
        const time = (item.entry as { timestamp?: unknown }).timestamp;
        if (typeof time === 'string') return time;
      }
    }
  } catch (error) {
    if (describeFailure(error) === undefined) throw error;
  }
  return '';
}

/** Folders holding session transcripts: the root itself, or any folder below it (not a session's own folder, `subagents` or `memory`). */
function projectFolders(root: string, depth = 0): string[] {
  const names = readdirSync(root);
  if (names.some((name) => isSession(name) && isSessionFile(join(root, name)))) return [root];
  if (depth >= 4) return [];
  return names
    .filter((name) => name !== 'subagents' && name !== 'memory' && !name.startsWith('.'))
    .map((name) => join(root, name))
    .filter((path) => statOrNull(path)?.isDirectory() === true)
    .sort()
    .flatMap((path) => projectFolders(path, depth + 1));
}

/** The projects under a root and their sessions, oldest first. */
export function findTargets(rootPath: string, outPath: string, intoClaude: boolean, env: Env = process.env): ExtractTarget[] {
  if (!existsSync(rootPath)) throw new MemlogError('not_found', `no folder ${rootPath}`);
  if (!statSync(rootPath).isDirectory())
    throw new MemlogError('invalid_argument', `${rootPath} is a file; memlog extract takes a projects folder or one project folder`);
  // Real and absolute: the memory directory is named to the model and checked by the gate on real paths.
  const root = realpathSync(resolve(rootPath));
  mkdirSync(resolve(outPath), { recursive: true });
  const out = realpathSync(resolve(outPath));
  return projectFolders(root).map((projectDir) => {
    const sessions = readdirSync(projectDir)
      .filter(isSession)
      .map((name) => join(projectDir, name))
      .filter(isSessionFile)
      .map((path) => ({ path, time: firstTimestamp(path) }))
      .sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : a.path < b.path ? -1 : 1))
      .map((s) => s.path);
    // Named by their path under the root, so nested folders with the same last name stay apart.
    const name = relative(root, projectDir).split(sep).join('__') || basename(projectDir);
    return intoClaude
      ? {
          projectDir,
          sessions,
          memoryDir: realIfThere(claudeMemoryDir(projectDir, sessions, env)),
          effectLog: (session: string) => effectLogPath(session),
        }
      : {
          projectDir,
          sessions,
          memoryDir: realIfThere(join(out, name, 'memory')),
          effectLog: (session: string) => join(out, name, 'effects', basename(effectLogPath(session))),
        };
  });
}

/**
 * A memory directory by its real path, so a run's copy sits beside the real folder (on its file
 * system: moving files in is a rename) and the gate compares real paths.
 */
function realIfThere(path: string): string {
  return existsSync(path) ? realpathSync(path) : path;
}

/**
 * Where Claude Code reads this project's memory: the directory of the canonical git root of the
 * sessions' working directory (worktrees and subfolders share it), when that directory is on
 * this machine; otherwise the project folder's own `memory/`.
 */
function claudeMemoryDir(projectDir: string, sessions: readonly string[], env: Env): string {
  for (const session of sessions) {
    const cwd = firstCwd(session);
    if (cwd !== undefined) return existsSync(cwd) ? autoMemoryDir({ projectRoot: cwd, env }) : join(projectDir, 'memory');
  }
  return join(projectDir, 'memory');
}
