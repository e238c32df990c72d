/** The most text one tool answer carries: a model reads it whole, and clients cap what they take. */
export const MAX_ANSWER_CHARS = 40_000;

/** A text cut to `max` characters, saying how much was left out. */
export function capText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… [${text.length - max} more characters]`;
}

/** A tool answer: the value as indented JSON, cut (with a note) if it would pass the cap. */
export function jsonAnswer(value: unknown): { content: { type: 'text'; text: string }[] } {
  return { content: [{ type: 'text', text: capText(JSON.stringify(value, null, 2), MAX_ANSWER_CHARS) }] };
}

/** A tool error the model can act on: isError with one line saying what was wrong. */
export function errorAnswer(message: string): { content: { type: 'text'; text: string }[]; isError: true } {
  return { content: [{ type: 'text', text: message }], isError: true };
}
