/**
 * The instructions an app that runs Claude Code puts before a person's message (decision 110, amended): one or more
 * elements named for system instructions (`<system_instruction>…</system_instruction>`, `<system-instruction>…`), then
 * what the person typed. The message starts with a tag, so it reads as no prompt; the words after the elements are the
 * person's all the same, read as words typed outside a prompt are (decision 100).
 */
const LEADING_INSTRUCTIONS = /^(?:\s*<(system[-_]instructions?|system[-_]prompt)>[\s\S]*?<\/\1>)+\s*/i;

/** The words typed after the app's instruction elements that open a text, or '' when it opens with none (or nothing follows). */
export function wordsAfterAppInstructions(text: string): string {
  const lead = LEADING_INSTRUCTIONS.exec(text);
  if (lead === null) return '';
  const rest = text.slice(lead[0].length).trim();
  // Another harness element after them (a command's echo, a reminder) is not typed either.
  return rest.startsWith('<') ? '' : rest;
}
