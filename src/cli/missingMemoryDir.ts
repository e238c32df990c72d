import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { EXTRACT_OUT } from './extractOut.js';

/** The project folders under memlog extract's output folder that hold a memory folder, by name. */
function extractedProjects(cwd: string): string[] {
  const out = join(cwd, EXTRACT_OUT);
  if (!existsSync(out)) return [];
  return readdirSync(out)
    .filter((name) => {
      try {
        return statSync(join(out, name, 'memory')).isDirectory();
      } catch {
        return false;
      }
    })
    .sort();
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
