import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, relative, resolve } from 'node:path';
import { claudeMdInstructions, type ClaudeMdInstruction } from '../../consolidation/claudeMdInstruction.js';
import { loadInstructionFiles } from '../../context/instructionFiles.js';
import { MemlogError } from '../../errors.js';
import { claudeConfigHome } from '../../transcript/claudePaths.js';
import { nodeFileSource } from '../context/nodeFileSource.js';
import { firstCwd } from '../extraction/sessionCwd.js';
import { sessionFiles } from './sessionFiles.js';

/** The CLAUDE.md instructions a memory directory is checked against. Read here; only read, never written. */
export interface ProjectInstructions {
  readonly instructions: readonly ClaudeMdInstruction[];
  /** The files they come from, by real path. */
  readonly files: readonly string[];
  /** The project's working directory, when its sessions say where it is and it is on this machine. */
  readonly cwd: string | null;
}

/** The project's working directory as its newest session records it, when that directory is on this machine. */
function projectCwd(sessionsDir: string): string | null {
  const sessions = sessionFiles(sessionsDir)
    .map(({ path, modified }) => ({ path, mtime: modified.getTime() }))
    .sort((a, b) => b.mtime - a.mtime || a.path.localeCompare(b.path));
  for (const { path } of sessions) {
    const cwd = firstCwd(path);
    if (cwd !== undefined) return existsSync(cwd) ? cwd : null;
  }
  return null;
}

/** A file as the note names it: relative to the project when inside it, else as it is. */
function shown(path: string, cwd: string | null): string {
  if (cwd === null) return path;
  const inside = relative(cwd, path);
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside) ? inside : path;
}

/**
 * The instructions of a project's CLAUDE.md files: the ones Claude Code loads up front for the
 * working directory its sessions record (each directory's CLAUDE.md, .claude/CLAUDE.md,
 * unconditional .claude/rules and CLAUDE.local.md, with what they `@`-include; the user's and
 * managed files are not the project's and are left out), and the files named (`--claude-md`,
 * for a directory without sessions). A named file that cannot be read is an error: checking
 * against nothing would read as "no contradictions".
 */
export function projectInstructions(options: { readonly sessionsDir: string; readonly named?: readonly string[] }): ProjectInstructions {
  const cwd = projectCwd(options.sessionsDir);
  const paths = new Set<string>();
  if (cwd !== null) {
    const load = loadInstructionFiles(nodeFileSource, { cwd, configDir: claudeConfigHome(), managedDir: null, home: homedir() });
    for (const file of load.files) if (file.kind === 'project' || file.kind === 'local') paths.add(file.path);
  }
  for (const name of options.named ?? []) {
    const path = resolve(name);
    const read = nodeFileSource.read(path);
    if (!read.ok) throw new MemlogError('not_found', `${name}: cannot read this CLAUDE.md (${read.reason})`, { path });
    paths.add(path);
  }
  const instructions: ClaudeMdInstruction[] = [];
  const real: string[] = [];
  for (const path of paths) {
    // Read as it is on disk, so that line numbers are the file's own (the loader drops frontmatter and comments).
    const read = nodeFileSource.read(path);
    if (!read.ok || real.includes(read.realPath)) continue;
    real.push(read.realPath);
    instructions.push(...claudeMdInstructions(shown(path, cwd), read.text));
  }
  return { instructions, files: real, cwd };
}
