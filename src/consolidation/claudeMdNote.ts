import type { ClaudeMdInstruction } from './claudeMdInstruction.js';

/**
 * The note consolidation appends to a memory that contradicts a CLAUDE.md instruction, in
 * Claude Code's words ("contradicts CLAUDE.md — verify which is current"): a quote line at the
 * end of the body, so the model reading the memory sees both and the person reviewing it knows
 * where to look. The memory's own text is left as it was: which of the two is current is for a
 * person (or a model that can ask) to say, not for a word match.
 */
const PREFIX = '> Contradicts CLAUDE.md';

export const noteFor = (instruction: ClaudeMdInstruction): string =>
  `${PREFIX} (${instruction.file}:${instruction.line}): "${instruction.text}" — verify which is current.`;

export const isNoteLine = (line: string): boolean => line.startsWith(PREFIX);

/**
 * Whether the body already carries a note for this instruction. Matched by the quoted words, not
 * the place: an instruction that moved to another line of CLAUDE.md is the same instruction, and
 * noting it again would make every consolidation after an edit of CLAUDE.md add a line.
 */
export const hasNote = (body: string, instruction: ClaudeMdInstruction): boolean =>
  body.split('\n').some((line) => isNoteLine(line) && line.includes(`: "${instruction.text}" — verify`));

/** The body with the note at its end, after a blank line (a quote of its own, not part of the last paragraph). */
export const withNote = (body: string, instruction: ClaudeMdInstruction): string =>
  body.trim() === '' ? noteFor(instruction) : `${body.trimEnd()}\n\n${noteFor(instruction)}`;

/** The body without its notes: what the memory itself says. */
export const withoutNotes = (body: string): string =>
  body
    .split('\n')
    .filter((line) => !isNoteLine(line))
    .join('\n');

/**
 * Applies `rewrite` to the body's own text and leaves the notes as they are: a note quotes
 * CLAUDE.md word for word (and is found again by those words), so its dates stay as written.
 */
export function outsideNotes(body: string, rewrite: (text: string) => string): string {
  const out: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length > 0) out.push(rewrite(run.join('\n')));
    run = [];
  };
  for (const line of body.split('\n')) {
    if (!isNoteLine(line)) {
      run.push(line);
      continue;
    }
    flush();
    out.push(line);
  }
  flush();
  return out.join('\n');
}
