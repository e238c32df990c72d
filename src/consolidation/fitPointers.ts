import { elementAt } from '../errors.js';
import { MAX_INDEX_CHARS, MAX_INDEX_LINES, shortenIndexLine } from '../memory/durable/memoryIndex.js';

/** An index line, and whether it points to a file that exists (a memory, or a file kept as it is). */
export interface IndexEntry {
  readonly line: string;
  readonly pointer: boolean;
}

export interface PointersFit {
  readonly content: string;
  readonly dropped: readonly { readonly line: string; readonly reason: string }[];
}

const within = (entries: readonly IndexEntry[]): boolean =>
  entries.length <= MAX_INDEX_LINES &&
  entries
    .map((e) => e.line)
    .join('\n')
    .trim().length <= MAX_INDEX_CHARS;

/** A pointer with its hook cut: the link alone still leads to the memory. */
const linkOnly = (line: string): string => /^- \[[^\]]*\]\([^)]*\)/.exec(line)?.[0] ?? line;

/**
 * The index within Claude Code's limits, losing as little as it can (decision 70): long lines are
 * shortened; then lines that point to no file leave, the oldest first; then pointers lose their
 * hooks, the oldest first; only then do pointers leave, the oldest first (more memories than the
 * index can hold). What is within the limits is left as it is, so fitting a fitted index changes
 * nothing.
 */
export function fitPointers(input: readonly IndexEntry[]): PointersFit {
  let entries = [...input];
  // Trailing blank lines go, as the index has always been written (memoryIndex.ts fitIndex).
  while (entries.at(-1)?.line.trim() === '') entries.pop();
  if (entries.length === 0) return { content: '', dropped: [] };
  const dropped: { line: string; reason: string }[] = [];
  if (!within(entries)) entries = entries.map((e) => ({ ...e, line: shortenIndexLine(e.line) }));
  const drop = (pointer: boolean, reason: string) => {
    while (!within(entries)) {
      const at = entries.findIndex((e) => e.pointer === pointer);
      if (at === -1) return;
      dropped.push({ line: elementAt(entries, at).line, reason });
      entries.splice(at, 1);
    }
  };
  drop(false, 'the index is at its limits: lines that point to no memory leave it first');
  for (let at = 0; at < entries.length && !within(entries); at++) {
    const entry = elementAt(entries, at);
    if (entry.pointer) entries[at] = { ...entry, line: linkOnly(entry.line) };
  }
  drop(true, 'the index is at its limits: the oldest lines leave it (their files stay)');
  return { content: `${entries.map((e) => e.line).join('\n')}\n`, dropped };
}
