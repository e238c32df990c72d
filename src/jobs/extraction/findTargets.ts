import { existsSync, realpathSync, statSync } from 'node:fs';
import { mkdirSync } from '../../fs/faultableFs.js';
import { basename, join, relative, resolve, sep } from 'node:path';
import { MemlogError } from '../../errors.js';
import { describeFailure } from '../../fs/fsError.js';
import { effectLogPath } from '../../pipeline/effectLog.js';
import { readTranscriptSync } from '../../transcript/readTranscript.js';
import { autoMemoryDir, type Env } from '../../memory/durable/memoryPaths.js';
import { firstCwd } from './sessionCwd.js';
import { transcriptTree, type SkippedTranscript } from './transcriptTree.js';

/** One project to extract: its sessions, and where its memory and effect logs go. */
export interface ExtractTarget {
  /** The project folder (Claude Code's `projects/<sanitized path>`). */
  readonly projectDir: string;
  readonly sessions: readonly string[];
  readonly memoryDir: string;
  /** Where each session's effect log goes (it holds the extraction cursor). */
  readonly effectLog: (session: string) => string;
}

/**
 * What discovery needs of a session, known without reading it (from the session catalog, decision 88): its first
 * timestamp (the time order) and its first working directory (where Claude Code keeps the project's memory).
 */
export interface SessionStart {
  readonly firstTime: string | null;
  readonly cwd: string | null;
}

/** Sessions' starts known beforehand, by path as `sessionFilesUnder` names them; a session not in it is read. */
export type SessionStarts = ReadonlyMap<string, SessionStart>;

const NO_STARTS: SessionStarts = new Map();

/** The first timestamp, for the time order; '' (first) for a file without one or that cannot be read. */
function firstTimestamp(path: string, starts: SessionStarts): string {
  const known = starts.get(path);
  if (known !== undefined) return known.firstTime ?? '';
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

/** Every session file `findTargets` would work on under a root, named as it names them; none when the root is no folder. */
export function sessionFilesUnder(rootPath: string): string[] {
  if (!existsSync(rootPath) || !statSync(rootPath).isDirectory()) return [];
  return transcriptTree(realpathSync(resolve(rootPath))).projects.flatMap((project) => project.sessions);
}

/** How many projects and sessions a run found under its root. */
export interface FoundUnderRoot {
  readonly projects: number;
  readonly sessions: number;
}

export function foundUnderRoot(targets: readonly ExtractTarget[]): FoundUnderRoot {
  return { projects: targets.length, sessions: targets.reduce((n, t) => n + t.sessions.length, 0) };
}

/**
 * The sessions found that a run left for the next (decision 114): a project another extract held reports its first
 * session only, held, and the rest of it is not reported; nor are the sessions after one that stopped its project.
 */
export function leftForNextRun(found: FoundUnderRoot, sessions: ReadonlyArray<{ readonly heldBy?: number }>): number {
  return found.sessions - sessions.length + sessions.filter((s) => s.heldBy !== undefined).length;
}

/** How `findTargets` finds what it is given: what is known of sessions beforehand, and whether the output folder is made. */
export interface FindTargetsOptions {
  readonly env?: Env | undefined;
  /** What is known of sessions without reading them (their first time and working directory); the others are read. */
  readonly starts?: SessionStarts | undefined;
  /** A plan (`--dry-run`) or a report: the output folder is named, never made. */
  readonly planOnly?: boolean;
}

/** Throws the one-line error for a root that is missing or not a folder. */
export function checkExtractRoot(rootPath: string): void {
  if (!existsSync(rootPath)) throw new MemlogError('not_found', `no folder ${rootPath}`);
  if (!statSync(rootPath).isDirectory())
    throw new MemlogError('invalid_argument', `${rootPath} is a file; memlog extract takes a projects folder or one project folder`);
}

/**
 * The projects under a root and their sessions, oldest first; each session is read as far as its first entry that
 * gives its time and folder, unless `starts` knows them. The output folder is made for a run that writes there.
 */
export function findTargets(rootPath: string, outPath: string, intoClaude: boolean, options: FindTargetsOptions = {}): ExtractTarget[] {
  const { env = process.env, starts = NO_STARTS } = options;
  checkExtractRoot(rootPath);
  // Real and absolute: the memory directory is named to the model and checked by the gate on real paths.
  const root = realpathSync(resolve(rootPath));
  // Every folder that holds transcripts, at any depth (decision 68); what is skipped is named by `skippedTranscripts`.
  const { projects } = transcriptTree(root);
  // No project, nothing to write: no output folder either, whatever the run prints (decision 114).
  if (!intoClaude && options.planOnly !== true && projects.length > 0) mkdirSync(resolve(outPath), { recursive: true });
  const out = realIfThere(resolve(outPath));
  return projects.map(({ folder: projectDir, sessions: found }) => {
    const sessions = found
      .map((path) => ({ path, time: firstTimestamp(path, starts) }))
      .sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : a.path < b.path ? -1 : 1))
      .map((s) => s.path);
    // Named by their path under the root, so nested folders with the same last name stay apart.
    const name = relative(root, projectDir).split(sep).join('__') || basename(projectDir);
    return intoClaude
      ? {
          projectDir,
          sessions,
          memoryDir: realIfThere(claudeMemoryDir(projectDir, sessions, env, starts)),
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
function claudeMemoryDir(projectDir: string, sessions: readonly string[], env: Env, starts: SessionStarts): string {
  for (const session of sessions) {
    const known = starts.get(session);
    const cwd = known === undefined ? firstCwd(session) : (known.cwd ?? undefined);
    if (cwd !== undefined) return existsSync(cwd) ? autoMemoryDir({ projectRoot: cwd, env }) : join(projectDir, 'memory');
  }
  return join(projectDir, 'memory');
}

/** What `findTargets` leaves out under a root, each with why: by choice (subagents, the prompt history), or because it cannot be read. */
export interface SkippedUnder {
  readonly skipped: readonly SkippedTranscript[];
  readonly unreadable: readonly SkippedTranscript[];
  /** The sessions it does take: none is a folder that holds no transcript (decision 114). */
  readonly sessions: number;
}

/**
 * The paths under a root that `findTargets` leaves out, each with why: a run names them on stderr (decision 111).
 * Named below the folder as given, not its real path: the same path inspect names, and below the root a page shows.
 */
export function skippedTranscripts(rootPath: string): SkippedUnder {
  if (!existsSync(rootPath) || !statSync(rootPath).isDirectory()) return { skipped: [], unreadable: [], sessions: 0 };
  const { projects, skipped, unreadable } = transcriptTree(rootPath);
  return { skipped, unreadable, sessions: projects.reduce((n, project) => n + project.sessions.length, 0) };
}
