import { homedir } from 'node:os';
import { join } from 'node:path';
import { PathEscapeError } from '../errors.js';

/** Longest project folder name Claude Code uses before cutting it and adding a hash. */
export const MAX_SANITIZED_LENGTH = 200;

export interface PathEnv {
  readonly CLAUDE_CONFIG_DIR?: string | undefined;
}

/** Claude Code's config home: $CLAUDE_CONFIG_DIR or ~/.claude, NFC-normalised (spec §2.1). */
export function claudeConfigHome(env: PathEnv = process.env, home: string = homedir()): string {
  const configured = env.CLAUDE_CONFIG_DIR;
  return (configured !== undefined && configured !== '' ? configured : join(home, '.claude')).normalize('NFC');
}

export function projectsRoot(configHome: string): string {
  return join(configHome, 'projects');
}

/**
 * The folder name Claude Code derives from a path: every character outside [A-Za-z0-9]
 * becomes '-'; names over 200 characters are cut and get '-' plus a base-36 hash of the
 * original. The hash is Node's (the SDK's) djb2: the Bun-built CLI hashes differently, so
 * readers match long names by their 200-character prefix (see {@link findProjectDirName}).
 */
export function sanitizePath(name: string): string {
  const sanitized = name.replace(/[^a-zA-Z0-9]/g, '-');
  if (sanitized.length <= MAX_SANITIZED_LENGTH) return sanitized;
  return `${sanitized.slice(0, MAX_SANITIZED_LENGTH)}-${djb2(name).toString(36)}`;
}

function djb2(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = ((hash << 5) - hash + text.charCodeAt(i)) | 0;
  return Math.abs(hash);
}

/**
 * Picks the existing project folder for a cwd among folder names: the exact sanitised name,
 * else, for long paths, the one sharing its 200-character prefix (the CLI's hash differs).
 */
export function findProjectDirName(cwd: string, existing: readonly string[]): string | undefined {
  const wanted = sanitizePath(cwd.normalize('NFC'));
  if (existing.includes(wanted)) return wanted;
  if (wanted.length <= MAX_SANITIZED_LENGTH) return undefined;
  const prefix = wanted.slice(0, MAX_SANITIZED_LENGTH + 1);
  return existing.find((name) => name.startsWith(prefix));
}

export function projectDir(configHome: string, cwd: string): string {
  return join(projectsRoot(configHome), sanitizePath(cwd.normalize('NFC')));
}

export function transcriptPath(projectDirectory: string, sessionId: string): string {
  return join(projectDirectory, `${sessionId}.jsonl`);
}

/** `<project>/<session>/subagents/[<subdir>/]agent-<agentId>.jsonl` (spec §2.1). */
export function agentTranscriptPath(projectDirectory: string, sessionId: string, agentId: string, subdir?: string): string {
  assertPathSegment('session id', sessionId);
  assertPathSegment('agent id', agentId);
  if (subdir !== undefined) for (const part of subdir.split('/')) assertPathSegment('subagent folder', part);
  const base = join(projectDirectory, sessionId, 'subagents', ...(subdir === undefined ? [] : [subdir]));
  return join(base, `agent-${agentId}.jsonl`);
}

export function agentMetadataPath(projectDirectory: string, sessionId: string, agentId: string, subdir?: string): string {
  return agentTranscriptPath(projectDirectory, sessionId, agentId, subdir).replace(/\.jsonl$/, '.meta.json');
}

/** Session notes live under the project folder of the *current* cwd (spec §4.1). */
export function sessionMemoryPath(projectDirectory: string, sessionId: string): string {
  return join(projectDirectory, sessionId, 'session-memory', 'summary.md');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Claude Code lists only main transcripts whose basename is a UUID. */
export function isSessionFileName(name: string): boolean {
  return name.endsWith('.jsonl') && UUID.test(name.slice(0, -'.jsonl'.length));
}

/** Agent ids are 'a' + 16 hex, or 'a<label>-<hex>' for forked helpers (spec §2.1). */
export function agentIdFromFileName(name: string): string | undefined {
  const match = /^agent-(.+)\.jsonl$/.exec(name);
  return match?.[1];
}

const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** Ids from the log become file names; one like `../x` must not leave the project folder. */
function assertPathSegment(what: string, value: string): void {
  if (!SAFE_SEGMENT.test(value) || value.includes('..')) {
    throw new PathEscapeError(`unsafe ${what} for a file name: ${JSON.stringify(value)}`, { [what]: value });
  }
}
