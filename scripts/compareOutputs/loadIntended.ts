import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { parseIntendedList, type IntendedDifference } from './intended.js';

/** The entries that apply to this comparison, and one line saying where they came from. */
export interface IntendedEntries {
  readonly entries: readonly IntendedDifference[];
  readonly note: string;
}

/**
 * The intended differences for a comparison from `baseCommit`: the list's entries when its `base`
 * names that commit, none otherwise (a list says what changed since its own base, decision 92).
 * `file` is relative to the repository; null is `--intended none`.
 */
export function loadIntended(file: string | null, repo: string, baseCommit: string): IntendedEntries {
  if (file === null) return { entries: [], note: 'no intended differences (--intended none)' };
  const path = resolve(repo, file);
  const shown = relative(repo, path);
  if (!existsSync(path)) return { entries: [], note: `no intended differences (${shown} is absent)` };
  const list = parseIntendedList(readFileSync(path, 'utf8'), shown);
  const listBase = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${list.base}^{commit}`], { cwd: repo, encoding: 'utf8' });
  if (listBase.status !== 0 || listBase.stdout.trim() !== baseCommit)
    return { entries: [], note: `${shown} lists the differences since ${list.base}, not since this base: none apply` };
  return { entries: list.differences, note: `${list.differences.length} intended differences from ${shown}` };
}
