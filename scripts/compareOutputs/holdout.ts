import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';

/** The sessions kept aside for an independent check: by the sha256 of the file and by session id. */
export interface Holdout {
  readonly shas: ReadonlySet<string>;
  readonly ids: ReadonlySet<string>;
}

/** `holdout-exclude.txt`: one `sha256 sessionId` a line, `#` comments; an absent file holds nothing back. */
export function readHoldout(file: string): Holdout {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const rows = text
    .split('\n')
    .filter((line) => /^[0-9a-f]{64}\s+\S/.test(line))
    .map((line) => line.trim().split(/\s+/));
  return { shas: new Set(rows.map((row) => row[0] ?? '')), ids: new Set(rows.map((row) => row[1] ?? '')) };
}

/** Whether a transcript is a held-out session: its bytes hash to a listed sha256, or an entry names a listed session id. */
export function isHeldOut(bytes: Buffer, holdout: Holdout): boolean {
  if (holdout.shas.has(createHash('sha256').update(bytes).digest('hex'))) return true;
  for (const match of bytes.toString('utf8').matchAll(/"sessionId"\s*:\s*"([^"]+)"/g)) if (holdout.ids.has(match[1] ?? '')) return true;
  return false;
}

/**
 * The held-out transcripts under `root`, with what belongs to each (its `<stem>/` folder of
 * subagents and its `<stem>.*` files), as paths relative to `root`, sorted.
 */
export function heldOutPaths(root: string, holdout: Holdout): string[] {
  const transcripts = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.jsonl'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => isHeldOut(readFileSync(path), holdout));
  const out = new Set<string>();
  for (const path of transcripts) {
    const stem = basename(path, '.jsonl');
    for (const name of readdirSync(dirname(path)))
      if (name === basename(path) || name === stem || name.startsWith(`${stem}.`)) out.add(relative(root, join(dirname(path), name)));
  }
  // A subagent of a held-out session goes with its session's folder.
  return [...out].filter((path) => ![...out].some((other) => path.startsWith(`${other}${sep}`))).sort();
}

/**
 * A copy of `from` at `to` without the held-out sessions (timestamps kept), so that no command,
 * over a file or over a folder, reads one. Returns what was left out, relative to `from`.
 */
export function copyWithoutHoldout(from: string, to: string, holdout: Holdout): string[] {
  const left = heldOutPaths(from, holdout);
  const skipped = new Set(left.map((path) => join(from, path)));
  cpSync(from, to, { recursive: true, preserveTimestamps: true, filter: (source) => !skipped.has(source) });
  return left;
}
