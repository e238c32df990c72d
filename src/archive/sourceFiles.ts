import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';

/** A file Claude Code keeps for a session, and its key in the archive (`<project folder>/<path inside it>`). */
export interface SourceFile {
  readonly key: string;
  readonly path: string;
}

/** memlog's own logs beside a transcript are not Claude Code's and are not archived. */
const isSessionLog = (name: string): boolean => name.endsWith('.jsonl') && !name.endsWith('.memlog.jsonl');

/**
 * Every session of these project folders: each `<session>.jsonl` and every file under the
 * `<session>/` folder beside it (subagent transcripts, tool results). Other folders (memory/) are
 * not sessions. Sorted by key, so runs store in a stable order.
 */
export function listSessionFiles(projectDirs: readonly string[]): SourceFile[] {
  const files: SourceFile[] = [];
  for (const projectDir of projectDirs) {
    const project = basename(projectDir);
    const entries = readdirSync(projectDir, { withFileTypes: true });
    const folders = new Set(entries.filter((e) => e.isDirectory()).map((e) => e.name));
    for (const entry of entries) {
      if (!entry.isFile() || !isSessionLog(entry.name)) continue;
      files.push({ key: `${project}/${entry.name}`, path: join(projectDir, entry.name) });
      const session = entry.name.slice(0, -'.jsonl'.length);
      if (folders.has(session)) files.push(...filesUnder(join(projectDir, session), `${project}/${session}`));
    }
  }
  return files.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Regular files under a folder, recursively; links and other kinds are not followed nor kept. */
function filesUnder(dir: string, keyPrefix: string): SourceFile[] {
  const found: SourceFile[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(path, `${keyPrefix}/${entry.name}`));
    else if (entry.isFile()) found.push({ key: `${keyPrefix}/${entry.name}`, path });
  }
  return found;
}
