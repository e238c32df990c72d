import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isFolder } from '../fs/index.js';
import { EXTRACT_OUT } from './extractOut.js';

/** The project folders under memlog extract's output folder that hold a memory folder, by name; none when it cannot be read. */
function extractedProjects(cwd: string): string[] {
  const out = join(cwd, EXTRACT_OUT);
  let names: string[];
  try {
    names = readdirSync(out);
  } catch {
    // Missing, a file of that name, or unreadable: only a hint is lost, never the command.
    return [];
  }
  return names.filter((name) => isFolder(join(out, name, 'memory'))).sort();
}

/**
 * A line for stderr when this project's default memory folder is not there: "0 memories" alone would
 * read as "extract found nothing" to someone whose memories extract wrote under ./memlog-out, which
 * the memory commands never look in by default. Null when the folder exists.
 */
export function missingMemoryDirLine(dir: string, cwd: string = process.cwd()): string | null {
  if (existsSync(dir)) return null;
  const projects = extractedProjects(cwd);
  const head = `memlog: ${dir}: no memory folder yet (this project's, where Claude Code keeps it)`;
  if (projects.length === 0) return `${head}; --dir names another\n`;
  const more = projects.length === 1 ? '' : ` (${projects.length} projects there)`;
  return `${head}; memlog extract wrote to ${EXTRACT_OUT}: memlog memory list --dir ${EXTRACT_OUT}/${projects[0]}/memory${more}\n`;
}
