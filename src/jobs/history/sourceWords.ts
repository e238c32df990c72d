import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { personsWords } from '../../model/offline/personsWords.js';
import type { Entry } from '../../transcript/entrySchema.js';
import { transcriptEntries } from '../../transcript/transcriptEntries.js';

/** What the person typed in a user entry (their words, decision 69), or null: a tool result, a meta or compact-summary message. */
export function typedWords(entry: Entry): string | null {
  if (entry.type !== 'user' || entry.isMeta === true || entry.isCompactSummary === true) return null;
  const { content } = entry.message;
  const text =
    typeof content === 'string'
      ? content
      : content.flatMap((block) => (block.type === 'text' && typeof block.text === 'string' ? [block.text] : [])).join('\n');
  const own = personsWords(text).trim();
  return own === '' ? null : own;
}

/** A session's transcript in a project folder, by the transcript's name; null when it is not there. */
export const sessionTranscript = (projectDir: string, session: string): string | null => {
  const path = join(projectDir, `${session}.jsonl`);
  return existsSync(path) ? path : null;
};

/** The person's words in the messages with these uuids, one walk over the session; a uuid not found is left out. */
export function wordsAt(projectDir: string, session: string, uuids: ReadonlySet<string>): Map<string, string> {
  const found = new Map<string, string>();
  const path = sessionTranscript(projectDir, session);
  if (path === null || uuids.size === 0) return found;
  for (const { entry } of transcriptEntries(path)) {
    if (entry.type !== 'user' || !uuids.has(entry.uuid)) continue;
    const words = typedWords(entry);
    if (words !== null) found.set(entry.uuid, words);
  }
  return found;
}

/** The person's words in the messages after `from` (null: the start) up to `to`, in order. */
export function wordsBetween(projectDir: string, session: string, from: string | null, to: string | null): string[] {
  const path = sessionTranscript(projectDir, session);
  if (path === null) return [];
  const words: string[] = [];
  let inside = from === null;
  for (const { entry } of transcriptEntries(path)) {
    const uuid = 'uuid' in entry && typeof entry.uuid === 'string' ? entry.uuid : null;
    if (inside) {
      const typed = typedWords(entry);
      if (typed !== null) words.push(typed);
    }
    if (uuid !== null && uuid === from) inside = true;
    if (uuid !== null && uuid === to) break;
  }
  return words;
}
