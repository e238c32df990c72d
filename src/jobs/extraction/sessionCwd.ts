import { describeFailure } from '../../fs/fsError.js';
import { readTranscriptSync } from '../../transcript/readTranscript.js';

/**
 * The working directory a session records first (Claude Code writes it on every entry); undefined
 * when none does or the file cannot be read. Reads only as far as the first entry that has one.
 */
export function firstCwd(session: string): string | undefined {
  try {
    for (const item of readTranscriptSync(session)) {
      const cwd = item.kind === 'entry' ? (item.entry as { cwd?: unknown }).cwd : undefined;
      if (typeof cwd === 'string') return cwd;
    }
  } catch (error) {
    if (describeFailure(error) === undefined) throw error;
  }
  return undefined;
}
