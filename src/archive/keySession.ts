/** The project and session an archive key belongs to. */
export interface KeySession {
  readonly project: string;
  readonly session: string;
}

/**
 * Which session an archived file belongs to, named as every command names it (decision 107): the
 * first `<prefix>.jsonl` key above it is its session's transcript (`<project>/<session>/…` is that
 * session's folder), as is the folder above `subagents/`; else a transcript is its own session,
 * its project the folders above it joined by `__` (a session three folders below its project);
 * anything else stays with its first folder.
 */
export function keySession(key: string, keys: ReadonlySet<string>): KeySession {
  const parts = key.split('/');
  for (let i = 2; i < parts.length; i++)
    if (keys.has(`${parts.slice(0, i).join('/')}.jsonl`)) return { project: parts.slice(0, i - 1).join('__'), session: parts[i - 1] ?? '' };
  const subagents = parts.lastIndexOf('subagents');
  if (subagents >= 2) return { project: parts.slice(0, subagents - 1).join('__'), session: parts[subagents - 1] ?? '' };
  const last = parts[parts.length - 1] ?? '';
  if (parts.length > 2 && last.endsWith('.jsonl'))
    return { project: parts.slice(0, -1).join('__'), session: last.slice(0, -'.jsonl'.length) };
  const [project = '', first = ''] = parts;
  return { project, session: first.endsWith('.jsonl') ? first.slice(0, -'.jsonl'.length) : first };
}
