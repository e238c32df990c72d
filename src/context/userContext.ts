import type { InstructionFile, InstructionKind } from './instructionFiles.js';
import { systemReminder } from './reminder.js';

/** MEMORY.md as it enters the user context: the index of the auto-memory directory, already cut to its limits. */
export interface IndexEntry {
  readonly path: string;
  readonly content: string;
}

/** Our words for what each kind of file is (long-term spec §7.2 says what they must convey). */
const LABELS: Record<InstructionKind | 'auto_memory', string> = {
  managed: 'instructions set by the organisation for every project on this machine',
  user: "the user's own instructions for all of their projects",
  project: 'project instructions, checked into the codebase',
  local: "the user's private instructions for this project, not checked in",
  auto_memory: "the user's auto-memory index, kept across conversations",
};

const PREAMBLE =
  'Instructions from the codebase and from the user follow. They take precedence over your default behaviour: follow them as written.';

/**
 * The `claudeMd` block: every instruction file in load order, later ones weighing more, then the
 * MEMORY.md index (spec §6.1 steps 1–5, §7.2). Empty when there is nothing to say.
 */
export function renderInstructions(files: readonly InstructionFile[], index: IndexEntry | null): string {
  const entries = files.map((file) => `Contents of ${file.path} (${LABELS[file.kind]}):\n\n${file.content.trim()}`);
  if (index !== null && index.content.trim() !== '')
    entries.push(`Contents of ${index.path} (${LABELS.auto_memory}):\n\n${index.content.trim()}`);
  return entries.length === 0 ? '' : [PREAMBLE, ...entries].join('\n\n');
}

/** The date line; the date is the transcript's (UTC), never the clock, so a request replays byte for byte. */
export function currentDateLine(isoDate: string): string {
  return `Today's date is ${isoDate}.`;
}

/**
 * The one meta user message put before the conversation (spec §6.1 prependUserContext): a
 * system reminder with a `# key` heading per part. Null when every part is empty.
 */
export function userContextMessage(parts: { readonly claudeMd: string; readonly currentDate: string }): string | null {
  const sections = Object.entries(parts).filter(([, value]) => value.trim() !== '');
  if (sections.length === 0) return null;
  return systemReminder(
    [
      'Use the context below where it helps with the work:',
      ...sections.map(([key, value]) => `# ${key}\n${value}`),
      'This context was added automatically and may not matter for the current task; do not mention or respond to it unless it is relevant.',
    ].join('\n'),
  );
}
