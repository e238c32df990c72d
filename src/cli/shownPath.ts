import { isAbsolute, relative } from 'node:path';

/** A path as a run's lines show it: relative to where memlog was started (`./…`) when it is below, else as it is. */
export function shownPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? path : `./${rel}`;
}
