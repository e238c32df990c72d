/** Session notes: the template and prompt (Claude Code's defaults or the user's), the sections and their limits. */
export { loadNotesConfig, fillPlaceholders, notesTemplatePath, notesPromptPath, type NotesConfig } from './notesConfig.js';
export { DEFAULT_NOTES_TEMPLATE } from './notesTemplate.js';
export { DEFAULT_UPDATE_PROMPT } from './updatePrompt.js';
export { splitNotes, joinNotes, sectionContent, withContent, type NotesDocument, type NotesSection } from './notesSections.js';
export {
  measureNotes,
  sizeReminders,
  truncateNotesForCompaction,
  isEmptyNotes,
  MAX_SECTION_TOKENS,
  MAX_TOTAL_NOTES_TOKENS,
  COMPACT_SECTION_CHARS,
  TRUNCATION_MARKER,
  type NotesSize,
} from './notesLimits.js';
