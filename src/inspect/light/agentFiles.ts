import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { agentIdFromFileName } from '../../transcript/claudePaths.js';

/** A session's subagent transcripts, `<session>/subagents/**\/agent-<id>.jsonl` beside its file, sorted by path. */
export function agentFilesOf(file: string): Array<{ agentId: string; file: string }> {
  if (agentIdFromFileName(basename(file)) !== undefined) return [];
  const folder = join(dirname(file), basename(file, '.jsonl'), 'subagents');
  if (!existsSync(folder)) return [];
  const out: Array<{ agentId: string; file: string }> = [];
  for (const dirent of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    const agentId = dirent.isFile() ? agentIdFromFileName(dirent.name) : undefined;
    if (agentId !== undefined) out.push({ agentId, file: join(dirent.parentPath, dirent.name) });
  }
  return out.sort((a, b) => a.file.localeCompare(b.file));
}
