import { existsSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { manifestPath } from '../archive/light/index.js';
import { isFolder, notATranscriptFile } from '../fs/index.js';
import { claudeConfigHome, projectsRoot } from '../transcript/light/index.js';
import type { stageArchive } from '../archive/index.js';

type StageSelection = Parameters<typeof stageArchive>[1];

/**
 * Checks a transcript given on the command line before anything reads it: a folder or a named
 * pipe (whose reading would block for ever) is refused with a message; a path that cannot be
 * looked at throws its file-system error, which main prints as one line.
 */
export function checkTranscriptArgument(path: string, options: { mayBeMissing?: boolean } = {}): void {
  let stats;
  try {
    stats = statSync(path);
  } catch (error) {
    if (options.mayBeMissing === true && (error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (!stats.isFile()) throw notATranscriptFile(path, stats);
}

/** Options of the archive seam: a command that writes beside its transcripts cannot work on a staged copy. */
export interface SourceOptions {
  readonly writesBeside?: string;
  /** The archive an id is looked up in (default: MEMLOG_ARCHIVE or ~/.memlog/archive). */
  readonly archiveDir?: string;
}

/** An archive folder: one that holds memlog's manifest. */
const isArchive = (path: string): boolean => existsSync(manifestPath(path));

/**
 * A Claude Code folder (`~/.claude`, a `CLAUDE_CONFIG_DIR`) given where a projects folder is taken, an easy slip: it
 * holds `projects/` and is named `.claude` or holds Claude Code's prompt history or settings. Read as given, its
 * projects would be named `projects__…` and its history taken for a session (decision 108).
 */
function isClaudeCodeFolder(path: string): boolean {
  if (!isFolder(path) || !isFolder(join(path, 'projects'))) return false;
  return basename(resolve(path)) === '.claude' || existsSync(join(path, 'history.jsonl')) || existsSync(join(path, 'settings.json'));
}

/**
 * A transcript argument: a file as given, else the id of an archived session, staged from the
 * archive into a temp folder that is removed when the process ends (decision 82).
 */
export async function resolveTranscriptArgument(given: string, options: SourceOptions = {}): Promise<string> {
  if (existsSync(given)) return given;
  // The archive's code (its schemas, the search index it shares) is loaded only for a name that is not on disk (decision 88).
  const { archivedSessionKey, defaultArchiveDir } = await import('../archive/index.js');
  const archiveDir = options.archiveDir ?? defaultArchiveDir();
  const key = await archivedSessionKey(archiveDir, given);
  if (key === null) return given;
  await refuseWritesBeside(options);
  return join(await staged(archiveDir, { session: given }), ...key.split('/'));
}

/**
 * A folder argument (a projects folder): an archive folder is staged whole, an archived
 * session's id as a projects folder holding that session; anything else is returned as given.
 */
export async function resolveFolderArgument(given: string, options: SourceOptions = {}): Promise<string> {
  if (existsSync(given) && isArchive(given)) {
    await refuseWritesBeside(options);
    return staged(given, { all: true });
  }
  if (isClaudeCodeFolder(given)) {
    const projects = join(given, 'projects');
    process.stderr.write(`memlog: ${given} is a Claude Code folder: reading its projects folder, ${projects}\n`);
    return projects;
  }
  if (existsSync(given)) return given;
  const session = await resolveTranscriptArgument(given, options);
  return session === given ? given : dirname(dirname(session));
}

/** The help of the folder `extract` and `report` read, and what they read when given none. */
export const PROJECTS_FOLDER_HELP =
  'a projects folder or one project folder, an archive, or an archived session id (default: the projects folder under CLAUDE_CONFIG_DIR or ~/.claude)';

/** The folder `extract` and `report` read: the one given (as {@link resolveFolderArgument} takes it), else Claude Code's projects folder. */
export async function projectsFolderArgument(given: string | undefined, options: SourceOptions = {}): Promise<string> {
  return given === undefined ? projectsRoot(claudeConfigHome()) : resolveFolderArgument(given, options);
}

/** A file-or-folder argument (inspect's): an archive folder staged whole, a session id as its transcript. */
export async function resolvePathArgument(given: string): Promise<string> {
  return existsSync(given) && isArchive(given) ? resolveFolderArgument(given) : resolveTranscriptArgument(given);
}

async function refuseWritesBeside(options: SourceOptions): Promise<void> {
  if (options.writesBeside === undefined) return;
  const { StagedCopyWriteError } = await import('../archive/index.js');
  throw new StagedCopyWriteError(options.writesBeside);
}

async function staged(archiveDir: string, selection: StageSelection): Promise<string> {
  const { stageArchive } = await import('../archive/index.js');
  const root = await stageArchive(archiveDir, selection);
  // Removed however the command ends: a staged copy is a cache of the archive, never kept.
  process.once('exit', () => rmSync(root, { recursive: true, force: true }));
  return root;
}
