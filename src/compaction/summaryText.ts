import { carriedSection, type CarriedItems } from './carriedSection.js';

/** How the summary message opens, in our words (spec §5.2 step 6 says what it must convey). */
export const SUMMARY_OPENING =
  'This session continues an earlier conversation that grew too long for the context window. The earlier part is summarised below.';

export interface SummaryMessageOptions {
  /** The transcript, for exact details ("read the full transcript at …"). */
  readonly transcriptPath?: string;
  /** Messages after the summary are the conversation's own, kept word for word. */
  readonly recentKept: boolean;
  /** Autocompact: go on with the task without asking or recapping. */
  readonly continueSilently: boolean;
  /** Where the full notes are, when the notes were cut to fit. */
  readonly notesPath?: string;
  /** The newest message the person typed, when it is not among the kept messages. */
  readonly latestRequest?: string;
  /** Files read in the summarised part, worth reading again (spec §5.2 step 8 re-attaches them). */
  readonly recentFiles?: readonly string[];
  /** The person's rules and corrections, the goal and the open items of the summarised part (decision 85). */
  readonly carried?: CarriedItems;
}

/** The text of the compact-summary user message around a summary. */
export function summaryMessage(summary: string, options: SummaryMessageOptions): string {
  const parts = [SUMMARY_OPENING, '', summary.trim()];
  const carried = options.carried === undefined ? '' : carriedSection(options.carried);
  if (carried !== '') parts.push('', carried);
  if (options.notesPath !== undefined)
    parts.push('', `Some sections were shortened to fit; the full session notes are in ${options.notesPath}.`);
  if (options.recentFiles !== undefined && options.recentFiles.length > 0)
    parts.push('', `Files read before this point; read them again if the work needs them: ${options.recentFiles.join(', ')}.`);
  if (options.transcriptPath !== undefined)
    parts.push(
      '',
      `For exact details of the earlier part (code, command output, error text), read the full transcript at ${options.transcriptPath}.`,
    );
  if (options.latestRequest !== undefined)
    parts.push(
      '',
      'The latest message from the user, word for word:',
      '<latest_user_message>',
      options.latestRequest,
      '</latest_user_message>',
    );
  if (options.recentKept) parts.push('', 'The most recent messages follow unchanged.');
  if (options.continueSilently)
    parts.push(
      '',
      'Carry on with the task from where it stopped. Do not ask the user anything about this summary, and do not recap it; resume the last task directly.',
    );
  return parts.join('\n');
}

/**
 * A model's summary as it goes into the message (spec §5.2 step 6): the <analysis> part
 * dropped, the <summary> tags turned into a heading, runs of blank lines collapsed.
 */
export function formatModelSummary(reply: string): string {
  let text = reply.replace(/<analysis>[\s\S]*?<\/analysis>/g, '');
  const inner = /<summary>([\s\S]*?)(?:<\/summary>|$)/.exec(text);
  if (inner) text = `Summary:\n${inner[1]!.trim()}`;
  return text.replace(/\n{3,}/g, '\n\n').trim();
}

/** The prompt for summary compaction, in our own words (spec §5.2 step 3 says what it must ask). */
export const SUMMARY_PROMPT = `Stop here and write a summary of the conversation so far, so that the work can go on from it without the conversation itself. Answer with text only: no tool calls.

First think it through inside <analysis> tags: go through the conversation in order and note each request, what was done about it, the decisions taken, the files and code involved, the errors and how they were fixed, and what the user said about the work.

Then write the summary inside <summary> tags, with these numbered sections:
1. Primary Request and Intent: everything the user asked for, in detail.
2. Key Technical Concepts: the technologies, frameworks and ideas that matter.
3. Files and Code Sections: each file looked at, changed or created, why it matters, with the important code.
4. Errors and fixes: every error met, how it was fixed, and what the user said about it.
5. Problem Solving: problems solved and any investigation still open.
6. All user messages: every message the user wrote (not tool results), in order.
7. Pending Tasks: what the user asked for that is not done yet.
8. Current Work: exactly what was being worked on just before this summary, with file names and code.
9. Optional Next Step: the next step, only if it follows directly from the user's latest request; quote that request word for word.

If the conversation contains instructions about how to summarise (for example a "Compact Instructions" section), follow them.`;
