import type { RenderedAttachment } from './memoryAttachments.js';
import { joinPath } from './posixPath.js';
import { systemReminder } from './reminder.js';

/** One memory file a background run changed, relative to the memory directory. */
export interface BackgroundWrite {
  readonly file: string;
  readonly change: 'added' | 'updated' | 'removed';
  /** Which run: `extraction` or `consolidation`. */
  readonly by: 'extraction' | 'consolidation';
}

/**
 * The hidden note Claude Code 2.1.332 gives the main model after a background memory run changed
 * files (spec-2.1.332 §1 "Afterwards"), in our words: which files changed, and for each one the
 * conversation had already read, that its copy is out of date. Null when nothing changed.
 * `alreadyRead`: absolute paths the conversation read or was shown.
 */
export function backgroundWriteNotice(
  memoryDir: string,
  writes: readonly BackgroundWrite[],
  alreadyRead: ReadonlySet<string>,
): RenderedAttachment | null {
  if (writes.length === 0) return null;
  // The last change to a file is the one that holds now; the first mention keeps its place.
  const last = new Map<string, BackgroundWrite>();
  for (const write of writes) {
    last.delete(write.file);
    last.set(write.file, write);
  }
  const changed = [...last.values()];
  const lines = changed.map((w) => `- ${joinPath(memoryDir, w.file)} (${w.change} by memory ${w.by})`);
  const stale = changed.filter((w) => alreadyRead.has(joinPath(memoryDir, w.file))).map((w) => joinPath(memoryDir, w.file));
  const text = [
    'Since the last message, a background memory run changed these files in the memory directory:',
    ...lines,
    ...(stale.length === 0
      ? []
      : [
          '',
          `Earlier in this conversation you read ${stale.length === 1 ? 'this one' : 'these'}, and what you saw is now out of date: ${stale.join(', ')}. Read ${stale.length === 1 ? 'it' : 'them'} again before relying on ${stale.length === 1 ? 'it' : 'them'}.`,
        ]),
  ].join('\n');
  return { kind: 'memory_background_write', detail: changedFiles(changed), text: systemReminder(text) };
}

/** The files a background run changed, for the readable view: how many, and the first few by name. */
function changedFiles(changed: readonly BackgroundWrite[]): string {
  const shown = changed.slice(0, 3).map((w) => `${w.file} (${w.change})`);
  const more = changed.length > shown.length ? `, +${changed.length - shown.length} more` : '';
  return `${changed.length} memory file(s) changed by a background run: ${shown.join(', ')}${more}`;
}
