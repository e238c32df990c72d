import { systemReminder } from './reminder.js';

/**
 * Memory attachments as the model reads them (long-term spec §7.3): each becomes the text of a
 * meta user message wrapped in a system reminder. Shapes follow what Claude Code logs.
 */
export interface RenderedAttachment {
  /** The attachment kind, for the readable view. */
  readonly kind: string;
  /** The file it shows, for "already surfaced" bookkeeping. */
  readonly path?: string;
  /** What the readable view shows of a reminder that shows no one file (which files a background run changed). */
  readonly detail?: string;
  readonly text: string;
}

/** A CLAUDE.md found below the working directory when a file there was read (spec §6.3). */
export function nestedMemoryReminder(path: string, content: string): RenderedAttachment {
  return { kind: 'nested_memory', path, text: systemReminder(`Contents of ${path}:\n\n${content.trim()}`) };
}

/** One recalled topic file, under the header fixed when it was first surfaced (spec §2.3). */
export function recalledMemoryReminder(memory: {
  readonly path: string;
  readonly header: string;
  readonly content: string;
}): RenderedAttachment {
  return { kind: 'relevant_memories', path: memory.path, text: systemReminder(`${memory.header}\n\n${memory.content}`) };
}

/** The session notes, when memlog is asked to show them on an ordinary turn (Claude Code does not; docs/pending-issue-8.md). */
export function sessionNotesReminder(path: string, notes: string): RenderedAttachment {
  return {
    kind: 'current_session_memory',
    path,
    text: systemReminder(`Notes kept on this session so far (${path}). They may lag behind the latest messages:\n\n${notes.trim()}`),
  };
}

type Loose = Record<string, unknown>;
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * A logged attachment entry's payload as memory reminders. Only memory kinds are memlog's to
 * render; every other kind (files, hooks, skills, dates…) belongs to Claude Code's harness and
 * yields null, so the caller can say it was left out. Unreadable shapes yield [].
 */
export function renderLoggedAttachment(attachment: Loose): RenderedAttachment[] | null {
  switch (attachment['type']) {
    case 'nested_memory': {
      const path = str(attachment['path']);
      const inner = attachment['content'];
      const content = typeof inner === 'string' ? inner : str((inner as Loose | undefined)?.['content']);
      return path === undefined || content === undefined || content.trim() === '' ? [] : [nestedMemoryReminder(path, content)];
    }
    case 'relevant_memories': {
      const memories = Array.isArray(attachment['memories']) ? (attachment['memories'] as Loose[]) : [];
      return memories.flatMap((memory) => {
        const path = str(memory['path']);
        const content = str(memory['content']);
        if (path === undefined || content === undefined) return [];
        return [recalledMemoryReminder({ path, content, header: str(memory['header']) ?? `Memory: ${path}:` })];
      });
    }
    case 'current_session_memory': {
      const content = str(attachment['content']);
      const path = str(attachment['path']) ?? 'session notes';
      return content === undefined || content.trim() === '' ? [] : [sessionNotesReminder(path, content)];
    }
    default:
      return null;
  }
}
