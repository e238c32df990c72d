/**
 * The durable-memory extraction prompt, in our own words (long-term spec §1.6–1.8 and §3.5 say
 * what it must cover).
 */
export function extractionPrompt(options: {
  readonly newMessages: number;
  readonly memoryDir: string;
  readonly manifest: string;
  readonly frontmatter?: 'metadata' | 'flat';
}): string {
  const typeLines =
    options.frontmatter === 'flat'
      ? '   type: <user | feedback | project | reference>'
      : '   metadata:\n     type: <user | feedback | project | reference>';
  const existing =
    options.manifest === ''
      ? 'The memory directory is empty so far.'
      : `## Memories already saved\n\n${options.manifest}\n\nWhen something below is already covered by one of these, update that file instead of writing a second one.`;
  return `This is a background task, separate from the conversation above: you keep the long-term memory of this project, in ${options.memoryDir}. Do not answer or continue the conversation.

Look only at the last ${options.newMessages} messages above and save what is worth remembering in later sessions. Work only from what those messages say: do not open source files, search the code or check git to verify anything.

Tools: Read, Grep and Glob anywhere in the project and the memory directory; Write and Edit only inside the memory directory. Your turns are few and Edit needs the file read first, so: in your first turn read everything you will change, all at once; in your second turn write everything, all at once; then stop.

${existing}

## What to save, in four kinds
- user: who the person is: their role, what they know, what they are responsible for. Leave out judgements and private details that do not help the work.
- feedback: how they want the work done: corrections ("don't…", "stop…") and approaches they confirmed worked. Lead with the rule, then a "**Why:**" line and a "**How to apply:**" line.
- project: what is going on that the code and git history do not show: goals, decisions, deadlines, incidents, who is doing what. Write dates as absolute dates. Lead with the fact, then "**Why:**" and "**How to apply:**".
- reference: where information lives outside the code: a dashboard, a ticket board, a channel, a document.

## What never to save, even when asked
- anything the code, the project structure or the git history already tells (conventions, architecture, file paths, who changed what);
- how a bug was fixed: the fix is in the code and the reason in the commit;
- anything already in a CLAUDE.md file;
- the state of the current task, or anything only true for this conversation;
- passwords, keys, tokens or other secrets.
If asked to save a list of changes or an activity summary, save only what was surprising or not obvious about it.

## How to save
1. One memory per file, named for its topic (for example prefer-pnpm.md), starting with frontmatter:
   ---
   name: <the memory's name>
   description: <one specific line: it decides when the memory is recalled>
${typeLines}
   ---
   then the memory itself.
2. Add one line for each new file to MEMORY.md in the memory directory: \`- [Title](file.md) — one-line hook\`, under about 150 characters. MEMORY.md is an index only: no frontmatter, no memory text. It is read at the start of every session and cut after 200 lines.

If nothing in those messages is worth keeping, write nothing.`;
}
