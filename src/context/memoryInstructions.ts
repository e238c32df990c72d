/**
 * The memory section of the system prompt, in memlog's own words. Long-term spec §1.5 lists
 * what Claude Code's section covers (where memory lives, the four types, what not to save, how
 * to save, when to read, checking before relying on a memory, memory versus plans and tasks);
 * this text covers the same ground without reusing its wording.
 */
export type MemoryMode =
  /** The default: MEMORY.md is loaded every session, so a save is a topic file plus an index line. */
  | 'index'
  /** Relevance recall instead of an index (Claude Code's `tengu_moth_copse`): a save is just the topic file. */
  | 'recall';

export interface MemoryInstructionOptions {
  readonly memoryDir: string;
  readonly mode: MemoryMode;
  /** The heading; agents get their own. */
  readonly title?: string;
  /** Extra lines appended at the end (agent scope notes, operator guidance). */
  readonly extra?: readonly string[];
}

const TYPES = `## Kinds of memory
- user: who the user is: their role, what they know, how they like to work.
- feedback: corrections and confirmations about how to do the work ("don't mock the database here", "yes, one PR is fine"), with the reason when one was given.
- project: facts about the work that the code and its history do not show: deadlines, who decided what, why something is the way it is. Write dates as absolute dates.
- reference: where to find things outside the repository: dashboards, trackers, channels, documents.`;

const NOT_TO_SAVE = `## What not to save
- Anything the repository already records: code structure, conventions visible in the code, git history, who changed what.
- Fixes and recipes: the fix is in the code and the commit message.
- What is already in CLAUDE.md files.
- The state of the current task, which matters only in this conversation.
This holds even when the user asks: then save what was surprising or worth knowing about it, not the list itself.`;

function howToSave(mode: MemoryMode): string {
  const file = `Write each memory to its own Markdown file in the memory directory, named for its topic (for example \`user_role.md\` or \`feedback_tests.md\`), starting with this frontmatter:

\`\`\`markdown
---
name: <short title>
description: <one line that says when this memory is useful>
type: <user, feedback, project or reference>
---

<the memory; for feedback and project memories, add a line saying why, and one saying when it applies>
\`\`\``;
  if (mode === 'recall')
    return `## How to save a memory\n${file}\n\nMemories are found by their description, so make it specific. Before writing, look for a file on the same topic and update it instead.`;
  return `## How to save a memory
Two steps:
1. ${file.replace(/\n/g, '\n   ')}
2. Add one line for it to \`MEMORY.md\` in the same directory: \`- [Title](file.md) — what it is about\`, under about 150 characters. MEMORY.md is only an index: no frontmatter and no memory text in it.

MEMORY.md is put in front of you at the start of every session, and only its first 200 lines are shown, so keep it short and grouped by topic rather than by date. Before writing, look for a file on the same topic and update it instead of adding a second one; correct or delete memories that turn out to be wrong.`;
}

const WHEN_TO_READ = `## When to read memories
- When a memory looks relevant to the task, or the user mentions earlier work.
- Always when the user asks you to check, recall or remember something.
- When the user says to ignore memory, work as if there were none: do not use, cite or mention it.
- A memory says what was true when it was written. If it disagrees with what you see now, trust what you see, and fix or remove the memory.`;

const BEFORE_RELYING = `## Before acting on a memory
A memory that names a file, a function or a flag only says it existed when the memory was written. Check that it still exists (open the file, search for the name) before you recommend it, and above all before the user acts on it. For questions about the current or recent state of the code, prefer the code and \`git log\` to a memory.`;

const OTHER_PERSISTENCE = `## Memory, plans and tasks
Memory is for later conversations. To agree on how to do the current task, use a plan; to track the steps of the current task, use tasks.`;

/** The memory section of a system prompt, naming the memory directory. */
export function memoryInstructions(options: MemoryInstructionOptions): string {
  const intro = `# ${options.title ?? 'Memory'}

You keep a persistent memory as files in \`${options.memoryDir}\`. The directory exists already: write to it with the Write tool directly, without listing or creating it first.

Use it to build, over many conversations, a picture of who the user is, how they want to work with you, what to repeat and what to avoid, and the background of the work. When the user asks you to remember something, save it right away as the kind that fits best; when they ask you to forget something, find it and remove it.`;
  const parts = [
    intro,
    TYPES,
    NOT_TO_SAVE,
    howToSave(options.mode),
    WHEN_TO_READ,
    BEFORE_RELYING,
    OTHER_PERSISTENCE,
    ...(options.extra ?? []),
  ];
  return parts.join('\n\n');
}

export type AgentScope = 'user' | 'project' | 'local';

/** Our words for the scope notes of agent memory (spec §4.2). */
const SCOPE_NOTES: Record<AgentScope, string> = {
  user: 'This memory is yours across every project: keep what you learn general enough to help anywhere.',
  project: "This memory is checked into the project's repository and shared with the team: keep it about this project.",
  local: 'This memory stays on this machine and out of version control: keep it about this project here.',
};

/**
 * A subagent's memory section (spec §4.2): the instructions (always the index form), the scope
 * note, then its MEMORY.md as it stands, or a line saying it is empty. It goes into the agent's
 * own system prompt, not into a message.
 */
export function agentMemorySection(scope: AgentScope, memoryDir: string, index: string | null): string {
  const body = memoryInstructions({ memoryDir, mode: 'index', title: 'Persistent agent memory', extra: [SCOPE_NOTES[scope]] });
  const shown = index === null || index.trim() === '' ? 'MEMORY.md is empty for now. Memories you save will be listed here.' : index.trim();
  return `${body}\n\n## MEMORY.md\n\n${shown}`;
}
