import type { MemoryType } from '../../memory/durable/topicFile.js';

/** Something the person said that is worth keeping across sessions, and why we think so. */
export interface MemoryStatement {
  readonly type: MemoryType;
  /** The statement, cleaned of its lead-in ("remember that", "no,"), with what the person said around it about the same thing. */
  readonly text: string;
  /** Of several sentences, the one that says the most, to title the memory by; the text itself when absent. */
  readonly title?: string;
  /** The sentence as the person wrote it. */
  readonly quote: string;
  readonly cue: 'remember' | 'always-never' | 'preference' | 'about-me' | 'correction' | 'confirmation' | 'project-fact' | 'reference';
  /** The assistant's words just before a correction or a confirmation. */
  readonly corrected?: string;
  /** The reason the person gave ("because…"), when they gave one. */
  readonly reason?: string;
  /** Index of the message it came from. */
  readonly messageIndex: number;
}
