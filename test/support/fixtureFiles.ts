import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every .jsonl file under a folder, as paths relative to it, sorted. */
export function jsonlFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const dirent of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, dirent.name);
      if (dirent.isDirectory()) walk(path);
      else if (dirent.name.endsWith('.jsonl')) out.push(relative(root, path));
    }
  };
  walk(root);
  return out.sort();
}

/** The physical lines of a file as the reader sees them: split on \n, a trailing \r and a leading BOM removed. */
export function physicalLines(bytes: Buffer): string[] {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const lines = text.split('\n').map((line) => line.replace(/\r$/, ''));
  if (text.endsWith('\n')) lines.pop();
  return lines;
}
