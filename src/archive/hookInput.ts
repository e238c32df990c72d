import { z } from 'zod';

/** What Claude Code writes on a hook's stdin; only the session and its transcript matter here. */
export const HookInput = z.looseObject({
  session_id: z.string().min(1),
  transcript_path: z.string().min(1),
  hook_event_name: z.string().optional(),
});
export type HookInput = z.infer<typeof HookInput>;

/** The hook input from its text, or why it is not one (said in the hook's log). */
export function parseHookInput(text: string): HookInput | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'the hook input is not JSON';
  }
  const result = HookInput.safeParse(value);
  return result.success ? result.data : `the hook input has no ${result.error.issues[0]?.path.join('.') ?? 'session'}`;
}

/** A word for a POSIX shell, in single quotes. */
export const shellQuote = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;
