/**
 * The session-notes update prompt, in our own words. `{{notesPath}}` and `{{currentNotes}}` are
 * filled in once; size reminders are appended when the notes are over budget.
 */
export const DEFAULT_UPDATE_PROMPT = `This is a background bookkeeping task, separate from the conversation above. Do not mention it, and do not continue the conversation.

You keep the running notes of this session in {{notesPath}}. The file has already been read for you; this is what it holds now:

<current_notes>
{{currentNotes}}
</current_notes>

Bring the notes up to date with everything in the conversation since they were last written:
- Use only the Edit tool on {{notesPath}}. Make all your edits in one message, side by side, then stop.
- Leave every "# " header line and the italic guidance line under it exactly as they are. Write only below them, and do not add sections.
- Be concrete: file paths, function names, the commands run, the exact error messages and what fixed them.
- "Current State" must always say where the work stands now and what comes next.
- "Key results" holds the exact outputs the user asked for, verbatim.
- Leave a section empty rather than filling it with generalities; do not repeat what CLAUDE.md already says.
- Keep each section under about 2,000 tokens and the whole file under about 12,000: when a section grows, drop its oldest detail first.`;
