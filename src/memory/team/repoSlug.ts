import { join } from 'node:path';
import { findCanonicalGitRoot } from '../durable/memoryPaths.js';
import { readRegularFileSync } from '../../fs/regularFile.js';

/** A repository as the team-memory server knows it: `owner/repo`. */
export const REPO_SLUG = /^(?!\.\.?\/)[A-Za-z0-9_.-]+\/(?!\.\.?$)[A-Za-z0-9_.-]+$/;

export interface RemoteRepo {
  readonly host: string;
  readonly slug: string;
}

/**
 * `owner/repo` and the host from a git remote URL (long-term spec §5.2): the scp form
 * `git@host:owner/repo(.git)` and the URL forms `https|http|ssh|git://[user@]host[:port]/owner/repo(.git)`.
 * Null for anything else (a local path, a nested group path, a bare word).
 */
export function parseRemoteUrl(url: string): RemoteRepo | null {
  const text = url.trim();
  const scp = /^(?:[^@/\s]+@)?([^:/\s]+):(?!\/)([^\s]+)$/.exec(text);
  const web = /^(?:https?|ssh|git|git\+ssh):\/\/(?:[^@/\s]+@)?([^:/\s]+)(?::\d+)?\/([^\s?#]+)$/.exec(text);
  const match = web ?? scp;
  if (match === null) return null;
  const host = (match[1] ?? '').toLowerCase();
  const slug = (match[2] ?? '').replace(/\/+$/, '').replace(/\.git$/, '');
  return REPO_SLUG.test(slug) ? { host, slug } : null;
}

/** The `url` of `[remote "origin"]` in a git config text, or null. */
export function originUrl(config: string): string | null {
  let inOrigin = false;
  for (const raw of config.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('[')) {
      inOrigin = /^\[\s*remote\s+"origin"\s*\]$/.test(line);
      continue;
    }
    const url = inOrigin ? /^url\s*=\s*(.+)$/.exec(line)?.[1] : undefined;
    if (url !== undefined) return url.trim().replace(/^"(.*)"$/, '$1');
  }
  return null;
}

export type RepoLookup = { readonly ok: true; readonly repo: RemoteRepo } | { readonly ok: false; readonly reason: string };

/**
 * The repository of a project directory: origin's URL from the config of its canonical git root
 * (so worktrees share it, as they share memory). Like Claude Code, only github.com remotes are
 * accepted unless `anyHost` is set: a self-hosted server may serve other forges, but then two
 * forges' `owner/repo` could collide on one server, so the caller opts in.
 */
export function repoOfProject(projectDir: string, anyHost = false): RepoLookup {
  const root = findCanonicalGitRoot(projectDir);
  if (root === null) return { ok: false, reason: 'not inside a git repository' };
  const config = readFirst([join(root, '.git', 'config'), join(root, 'config')]);
  if (config === null) return { ok: false, reason: 'the git config of this repository cannot be read' };
  const url = originUrl(config);
  if (url === null) return { ok: false, reason: 'the repository has no "origin" remote' };
  const repo = parseRemoteUrl(url);
  if (repo === null) return { ok: false, reason: 'the "origin" remote is not an owner/repo URL' };
  if (!anyHost && repo.host !== 'github.com')
    return { ok: false, reason: `the "origin" remote is on ${repo.host}, not github.com (name the repository with --repo)` };
  return { ok: true, repo };
}

function readFirst(paths: readonly string[]): string | null {
  for (const path of paths) {
    try {
      return readRegularFileSync(path, 'utf8');
    } catch {
      // try the next
    }
  }
  return null;
}
