import { existsSync, realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, normalize, resolve } from 'node:path';
import { claudeConfigHome, projectsRoot, sanitizePath } from '../../transcript/claudePaths.js';
import { readRegularFileSync } from '../../fs/regularFile.js';

export type Env = Readonly<Record<string, string | undefined>>;

function readText(path: string): string | null {
  try {
    return readRegularFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/**
 * The canonical git root of a directory (long-term spec §1.2): the repository's main working
 * tree, shared by all its worktrees, or the common directory of a bare repository. A worktree's
 * `.git` file is trusted only when its git dir lives under the common dir's `worktrees/` and
 * points back to that same `.git` file. Null outside a repository.
 */
export function findCanonicalGitRoot(start: string): string | null {
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    const dotGit = join(dir, '.git');
    if (existsSync(dotGit)) {
      if (statSync(dotGit).isDirectory()) return dir;
      const pointer = /^gitdir:\s*(.+)\s*$/m.exec(readText(dotGit) ?? '')?.[1];
      if (pointer === undefined) return dir;
      const gitDir = resolve(dir, pointer.trim());
      const common = readText(join(gitDir, 'commondir'));
      if (common === null) return dir;
      const commonDir = resolve(gitDir, common.trim());
      const backLink = readText(join(gitDir, 'gitdir'))?.trim();
      const trusted =
        dirname(gitDir) === join(commonDir, 'worktrees') &&
        backLink !== undefined &&
        safeReal(resolve(gitDir, backLink)) === safeReal(dotGit);
      if (!trusted) return dir;
      return basename(commonDir) === '.git' ? dirname(commonDir) : commonDir;
    }
    if (dirname(dir) === dir) return null;
  }
}

function safeReal(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return normalize(path);
  }
}

/** An override path Claude Code would accept (§1.2 validateMemoryPath), `~/` expanded; null when it would not. */
export function validateMemoryPath(raw: string, home: string = homedir(), allowTilde = true): string | null {
  let path = raw;
  if (allowTilde && (path === '~' || path === '~/')) return null;
  if (allowTilde && path.startsWith('~/')) path = join(home, path.slice(2));
  const stripped = path.replace(/[/\\]+$/, '');
  if (!isAbsolute(path) || stripped.length < 3 || /^[A-Za-z]:$/.test(stripped) || /^(\\\\|\/\/)/.test(path) || path.includes('\0'))
    return null;
  const normalized = normalize(stripped);
  if (normalized === '.' || normalized === '..' || normalized === home) return null;
  return normalized;
}

export interface MemoryDirOptions {
  /** The project's startup directory. */
  readonly projectRoot: string;
  readonly env?: Env;
  /** `autoMemoryDirectory` from user, local, flag or policy settings (never from project settings). */
  readonly settingsOverride?: string;
  readonly home?: string;
}

/** Where Claude Code keeps a project's durable memory (long-term spec §1.2). */
export function autoMemoryDir(options: MemoryDirOptions): string {
  const env = options.env ?? process.env;
  const home = options.home ?? homedir();
  const cowork = env['CLAUDE_COWORK_MEMORY_PATH_OVERRIDE'];
  if (cowork !== undefined && cowork !== '') {
    const valid = validateMemoryPath(cowork, home, false);
    if (valid !== null) return valid.normalize('NFC');
  }
  if (options.settingsOverride !== undefined) {
    const valid = validateMemoryPath(options.settingsOverride, home);
    if (valid !== null) return valid.normalize('NFC');
  }
  const base = env['CLAUDE_CODE_REMOTE_MEMORY_DIR'] || claudeConfigHome(env, home);
  const key = findCanonicalGitRoot(options.projectRoot) ?? resolve(options.projectRoot);
  return join(projectsRoot(base), sanitizePath(key), 'memory').normalize('NFC');
}

export type AgentMemoryScope = 'user' | 'project' | 'local';

/** An agent's memory directory for its scope (long-term spec §4.1); `:` in the agent type becomes `-`. */
export function agentMemoryDir(
  scope: AgentMemoryScope,
  agentType: string,
  options: { readonly cwd: string; readonly env?: Env; readonly home?: string },
): string {
  const env = options.env ?? process.env;
  const home = options.home ?? homedir();
  const agent = agentType.replace(/:/g, '-');
  const remote = env['CLAUDE_CODE_REMOTE_MEMORY_DIR'];
  switch (scope) {
    case 'user':
      return join(remote || claudeConfigHome(env, home), 'agent-memory', agent);
    case 'project':
      return join(options.cwd, '.claude', 'agent-memory', agent);
    case 'local':
      if (remote)
        return join(
          projectsRoot(remote),
          sanitizePath(findCanonicalGitRoot(options.cwd) ?? resolve(options.cwd)),
          'agent-memory-local',
          agent,
        );
      return join(options.cwd, '.claude', 'agent-memory-local', agent);
  }
}

/** The consolidation log of a memory directory: beside it, so the directory holds only what Claude Code expects there. */
export const consolidationLogPath = (memoryDir: string): string =>
  join(dirname(memoryDir), `.${basename(memoryDir)}.memlog-consolidation.jsonl`);

/** Claude Code's consolidation lock in a memory directory: its body the holder's PID, its mtime the last consolidation's time. */
export const CONSOLIDATE_LOCK = '.consolidate-lock';
