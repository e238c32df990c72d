/**
 * Tags the harness wraps around text it adds to a conversation (reminders, command echoes, hook
 * output). A background agent that copies one into a memory would have every later session
 * read harness text as if it were a fact someone stated, so memory text is written without them.
 */
export const HARNESS_TAGS = [
  'system-reminder',
  'command-name',
  'command-message',
  'command-args',
  'local-command-stdout',
  'local-command-stderr',
  'local-command-caveat',
  'user-prompt-submit-hook',
  'task-notification',
  'bash-stdout',
  'bash-stderr',
  'bash-input',
] as const;

const names = HARNESS_TAGS.join('|');
/** A whole element, its content included; the shortest match, so two elements never swallow the text between them. */
const ELEMENT = new RegExp(`<(${names})(?:\\s[^>]*)?>[\\s\\S]*?</\\1\\s*>`, 'g');
/** An opening or closing tag left without its partner. */
const STRAY_TAG = new RegExp(`</?(?:${names})(?:\\s[^>]*)?/?>`, 'g');

/** The text with every harness element (tag and content) and every stray harness tag removed. */
export function stripHarnessTags(text: string): string {
  let out = text;
  // Repeated: removing an inner element can complete an outer one.
  for (let previous = ''; previous !== out;) {
    previous = out;
    out = out.replace(ELEMENT, '');
  }
  return out.replace(STRAY_TAG, '');
}

export const hasHarnessTag = (text: string): boolean => stripHarnessTags(text) !== text;
