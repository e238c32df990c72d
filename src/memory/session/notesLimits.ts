import { roughTokens } from '../../projections/tokenEstimate.js';
import { joinNotes, splitNotes, type NotesSection } from './notesSections.js';

/** Spec §4.1: per-section and whole-file budgets, in tokens counted as characters / 4. */
export const MAX_SECTION_TOKENS = 2_000;
export const MAX_TOTAL_NOTES_TOKENS = 12_000;
/** Spec §5.1: at compaction each section body is cut at this many characters. */
export const COMPACT_SECTION_CHARS = MAX_SECTION_TOKENS * 4;

export interface NotesSize {
  readonly total: number;
  /** Sections over their budget, largest first. */
  readonly oversized: ReadonlyArray<{ readonly title: string; readonly tokens: number }>;
}

/** How big the notes are: the whole file, and each section measured between `# ` headers. */
export function measureNotes(notes: string): NotesSize {
  const oversized = splitNotes(notes)
    .sections.map((section) => ({ title: section.title, tokens: roughTokens(section.head + section.body) }))
    .filter((section) => section.tokens > MAX_SECTION_TOKENS)
    .sort((a, b) => b.tokens - a.tokens);
  return { total: roughTokens(notes), oversized };
}

/** What the update prompt adds when the notes are over budget (our words; spec §4.1 says when). */
export function sizeReminders(notes: string): string {
  const { total, oversized } = measureNotes(notes);
  const parts: string[] = [];
  if (total > MAX_TOTAL_NOTES_TOKENS)
    parts.push(
      `IMPORTANT: the notes are about ${total} tokens, over the ${MAX_TOTAL_NOTES_TOKENS}-token limit. Condense them now: shorten or drop older detail everywhere, but keep "Current State" and "Errors & Corrections" accurate and complete.`,
    );
  if (oversized.length > 0)
    parts.push(
      `These sections are over ${MAX_SECTION_TOKENS} tokens and must be shortened:\n${oversized.map((s) => `- "${s.title}": about ${s.tokens} tokens`).join('\n')}`,
    );
  return parts.join('\n\n');
}

export const TRUNCATION_MARKER = '[… section truncated for compaction; the full notes are in the session notes file]';

/**
 * The notes as compaction puts them into the summary (spec §5.1): each section body longer
 * than 8,000 characters is cut at a line boundary and marked. Says whether anything was cut.
 */
export function truncateNotesForCompaction(notes: string): { readonly text: string; readonly truncated: boolean } {
  const document = splitNotes(notes);
  let truncated = false;
  const sections = document.sections.map((section): NotesSection => {
    if (section.body.length <= COMPACT_SECTION_CHARS) return section;
    truncated = true;
    const cut = section.body.slice(0, COMPACT_SECTION_CHARS);
    const lineEnd = cut.lastIndexOf('\n');
    const kept = lineEnd > 0 ? cut.slice(0, lineEnd) : cut;
    return { ...section, body: `${kept}\n${TRUNCATION_MARKER}\n\n` };
  });
  return { text: joinNotes({ preamble: document.preamble, sections }), truncated };
}

/** Notes that say nothing yet: the same as the template once whitespace is trimmed (spec §4.1). */
export const isEmptyNotes = (notes: string, template: string): boolean => notes.trim() === template.trim();
