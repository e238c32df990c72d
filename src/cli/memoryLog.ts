import type { Command } from 'commander';
import { memoryHistory, type HistoryEntry } from '../jobs/history/index.js';

/** A quoted line of the person's words, cut to one line of the terminal. */
const quote = (words: string): string => {
  const line = words.replace(/\s+/g, ' ').trim();
  return `"${line.length > 160 ? `${line.slice(0, 159)}…` : line}"`;
};

/** One change as `memlog memory log` prints it: a head line, why, from where, the words, the diff. */
function entryLines(entry: HistoryEntry): string[] {
  const who =
    entry.by === 'memlog'
      ? `by memlog ${entry.run}`
      : `by Claude Code (${entry.run}${entry.from.length === 0 ? '' : `, ${entry.from.join(', ')}`})`;
  const session = entry.session === null ? '' : ` in session ${entry.session.slice(0, 8)}`;
  const failed = entry.failed === true ? ' (the tool call failed: nothing changed)' : '';
  const lines = [`${entry.time ?? '(time not recorded)'}  ${entry.file}  ${entry.change} ${who}${session}${failed}`];
  if (entry.reason !== null) lines.push(`  why: ${entry.reason}`);
  if (entry.by === 'memlog' && entry.from.length > 0) lines.push(`  from: ${entry.from.join(', ')}`);
  for (const words of entry.words.slice(0, 3)) lines.push(`  said: ${quote(words)}`);
  if (entry.words.length > 3) lines.push(`  said: …and ${entry.words.length - 3} more message(s)`);
  if (entry.diff === null && entry.failed !== true) lines.push('  (the bytes before and after were not recorded)');
  else if (entry.diff !== null) lines.push(...entry.diff.split('\n').map((l) => `    ${l}`));
  return lines;
}

/** `memlog memory log [name]`: every change to a directory's memories, by memlog or by Claude Code, with a diff. */
export function registerMemoryLog(memory: Command, memoryDirOf: (options: { dir?: string }) => string): void {
  memory
    .command('log')
    .description(
      "every change to the memories (or to one): created, updated, merged, renamed, marked stale, deleted; when, by which run or Claude Code's tool call, from which session and words, and a diff",
    )
    .argument('[name]', 'one memory: its file name, with or without .md')
    .option('--dir <dir>', "the memory directory (default: this project's)")
    .option('--json', 'one JSON object')
    .action((name: string | undefined, options: { dir?: string; json?: boolean }) => {
      const dir = memoryDirOf(options);
      const file = name === undefined ? undefined : name.endsWith('.md') ? name : `${name}.md`;
      const entries = memoryHistory(dir, file);
      if (options.json === true) {
        process.stdout.write(`${JSON.stringify({ dir, file: file ?? null, changes: entries }, null, 2)}\n`);
        return;
      }
      if (entries.length === 0) {
        process.stdout.write(`${file ?? dir}: no recorded change (no memlog run and no Claude Code tool call wrote it)\n`);
        return;
      }
      process.stdout.write(`${entries.flatMap((e, i) => [...(i === 0 ? [] : ['']), ...entryLines(e)]).join('\n')}\n`);
    });
}
