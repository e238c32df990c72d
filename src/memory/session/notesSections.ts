/** A `# ` section of the session notes: its header, the italic guidance under it, and the body. */
export interface NotesSection {
  /** The header line without `# `. */
  readonly title: string;
  /** The header line and the guidance lines under it, without the last line break. */
  readonly head: string;
  /** Everything after the head up to the next header: starts with its line break. */
  readonly body: string;
}

export interface NotesDocument {
  /** Whatever comes before the first `# ` header. */
  readonly preamble: string;
  readonly sections: readonly NotesSection[];
}

const HEADER = /^# .*$/gm;
const GUIDANCE_LINE = /^\n_[^\n]*_[ \t]*(?=\n|$)/;

/** Splits notes at their `# ` headers, keeping every byte: `joinNotes(splitNotes(t)) === t`. */
export function splitNotes(text: string): NotesDocument {
  const starts = [...text.matchAll(HEADER)].map((match) => match.index);
  if (starts.length === 0) return { preamble: text, sections: [] };
  const sections = starts.map((start, i) => {
    const chunk = text.slice(start, starts[i + 1] ?? text.length);
    let headEnd = chunk.indexOf('\n') === -1 ? chunk.length : chunk.indexOf('\n');
    for (let guidance = GUIDANCE_LINE.exec(chunk.slice(headEnd)); guidance; guidance = GUIDANCE_LINE.exec(chunk.slice(headEnd)))
      headEnd += guidance[0].length;
    return {
      title: chunk.slice(2, chunk.indexOf('\n') === -1 ? chunk.length : chunk.indexOf('\n')).trim(),
      head: chunk.slice(0, headEnd),
      body: chunk.slice(headEnd),
    };
  });
  return { preamble: text.slice(0, starts[0]), sections };
}

/** The inverse of splitNotes. */
export function joinNotes(document: NotesDocument): string {
  return document.preamble + document.sections.map((section) => section.head + section.body).join('');
}

/** The body's text without the surrounding blank lines. */
export const sectionContent = (section: NotesSection): string => section.body.trim();

/** The section with new content, laid out as a template's section is: head, content, blank line. */
export function withContent(section: NotesSection, content: string, last: boolean): NotesSection {
  const trimmed = content.trim();
  return { ...section, body: trimmed === '' ? (last ? '\n' : '\n\n') : `\n${trimmed}\n${last ? '' : '\n'}` };
}
