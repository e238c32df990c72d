import { basename } from 'node:path';
import { isToolUseBlock, toolInputFilePath } from '../../transcript/contentGuards.js';
import { transcriptEntries } from '../../transcript/transcriptEntries.js';
import { transcriptsIn } from '../../transcript/transcriptsIn.js';
import { memoryFileOf } from './claudeCodeWrites.js';
import { typedWords } from './sourceWords.js';

/** What one session did with a memory directory, and what the person said in it. */
export interface SessionUse {
  readonly session: string;
  /** The time of its first entry. */
  readonly start: string | null;
  /** Memory files it read with a tool. */
  readonly read: ReadonlySet<string>;
  /** Memory files a recall or attachment put in its context (named in an attachment entry). */
  readonly recalled: ReadonlySet<string>;
  /** The person's own messages, in order. */
  readonly said: readonly { readonly uuid: string; readonly words: string }[];
}

/** The main session transcripts of a project folder (a subagent's words are not the person's), without what a walk skips. */
export function sessionTranscripts(projectDir: string): string[] {
  return transcriptsIn(projectDir);
}

/** One session's use of the memory directory, in one walk over its transcript. */
export function sessionUse(path: string, memoryDir: string, files: readonly string[]): SessionUse {
  let start: string | null = null;
  const read = new Set<string>();
  const recalled = new Set<string>();
  const said: { uuid: string; words: string }[] = [];
  let session = basename(path, '.jsonl');
  for (const { entry } of transcriptEntries(path)) {
    if (entry.type === 'unknown') continue;
    if (start === null && 'timestamp' in entry && typeof entry.timestamp === 'string') start = entry.timestamp;
    if (entry.type === 'attachment') {
      const text = JSON.stringify(entry);
      for (const file of files) if (text.includes(`/${file}`)) recalled.add(file);
      continue;
    }
    if (entry.type !== 'user' && entry.type !== 'assistant') continue;
    if (typeof entry.sessionId === 'string') session = entry.sessionId;
    const words = typedWords(entry);
    if (words !== null) said.push({ uuid: entry.uuid, words });
    const { content } = entry.message;
    if (typeof content === 'string') continue;
    for (const block of content) {
      if (!isToolUseBlock(block) || block.name !== 'Read') continue;
      const named = toolInputFilePath(block);
      const file = named === undefined ? null : memoryFileOf(memoryDir, named);
      if (file !== null) read.add(file);
    }
  }
  return { session, start, read, recalled, said };
}
