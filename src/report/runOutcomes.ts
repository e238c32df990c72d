import { z } from 'zod';

/*
 * The parts of recorded run outcomes the page shows. The full schemas (ExtractionOutcome,
 * NotesRunOutcome) live with the runs, in modules that do I/O; these read only what is drawn and
 * accept anything else, so an outcome of an older or newer shape still gets its marker.
 */

const ExtractionWrites = z.looseObject({
  written: z.array(z.looseObject({ file: z.string(), change: z.string() })),
});

const NotesChanges = z.looseObject({
  changed: z.array(z.string()),
  lastSummarizedMessageId: z.string().nullable().optional(),
});

/** The memory files an extraction run wrote, as "name.md (added)"; [] for an outcome without them. */
export function extractionWrites(outcome: unknown): string[] {
  const parsed = ExtractionWrites.safeParse(outcome);
  return parsed.success ? parsed.data.written.map((w) => `${w.file} (${w.change})`) : [];
}

/** The session-notes sections a notes run changed; null when the outcome does not say. */
export function notesChanges(outcome: unknown): readonly string[] | null {
  const parsed = NotesChanges.safeParse(outcome);
  return parsed.success ? parsed.data.changed : null;
}
