import { INDEX_LINE_TARGET, MAX_INDEX_CHARS, MAX_INDEX_LINES } from '../memory/durable/memoryIndex.js';
import { renderTopicFile, type FrontmatterForm } from '../memory/durable/topicFile.js';
import { RECORD_CONSOLIDATION_TOOL } from './agentReport.js';
import type { ClaudeMdInstruction } from './claudeMdInstruction.js';
import type { MemoryCandidate } from './memoryCandidate.js';

/** The consolidation agent's instructions: written for memlog, after the four steps Claude Code 2.1.332's dream follows. */
export const CONSOLIDATION_SYSTEM = `You look after the long-term memory of a software project, kept for the coding assistant that works on it. The memory is a folder of Markdown files: MEMORY.md, an index the assistant reads at the start of every session, one line per memory; and one topic file per memory, with a frontmatter block (name, description, type) above the memory itself. Over many sessions it drifts: the same thing gets saved twice in other words, facts change and the old version stays, "next week" stops meaning anything. Your job is to make it one tight, current memory again. Work in four steps.

1. Orient. Read MEMORY.md and the topic files, so that you improve what is there instead of adding beside it.
2. Gather what is new. Search the project's recent session transcripts with Grep for what bears on the memories: a preference said again, a fact that changed, a memory that no longer holds. Use narrow patterns (a name, a term, a short phrase); transcripts are long, so you see only excerpts and never read one whole. New statements may also be handed to you below.
3. Consolidate. Merge memories that say the same thing into one file: keep the better file, rewrite it to say everything worth keeping, delete the others. When a later statement contradicts a memory, fix the memory where it is written: rewrite it, or delete it when nothing of it holds any more. The later statement wins. Turn relative dates into absolute ones (YYYY-MM-DD), counted from when they were said.
4. Prune and index. MEMORY.md gets exactly one line per memory, "- [Title](file.md) — what it is about", each under about ${INDEX_LINE_TARGET} characters (put detail in the topic file, not the index), and no line for a file that is gone. The whole index stays under ${MAX_INDEX_LINES} lines and ${MAX_INDEX_CHARS} characters.

Rules:
- You may write, edit and delete only .md files at the top of the memory folder. Never touch CLAUDE.md or any other file.
- Change only what the files, the transcripts and the statements given to you support. Do not invent facts. Leave a memory that is fine as it is.
- Keep each topic file's frontmatter, in the form it has; a new file follows the example you are given.
- A memory that contradicts a CLAUDE.md instruction: when CLAUDE.md is plainly the maintained source, rewrite the memory to agree or delete it; when the memory is plainly newer, leave it and add as its last line: > Contradicts CLAUDE.md (<file>:<line>): "<instruction>" — verify which is current.

When you are done, call ${RECORD_CONSOLIDATION_TOOL} once, listing every file you added, updated, merged into another (deleted) or removed (deleted), and every contradiction you noted, each with its reason and, when it rests on a session or a statement given to you, its session id, message uuid and timestamp. A file you deleted without a reason in that list is put back. Then stop. If nothing needs changing, call it with no changes and say so.`;

/** A memory file as the first message lists it. */
export interface ListedMemory {
  readonly filename: string;
  readonly type: string;
  readonly description: string;
}

/** A session the agent may search: its id and when it was last written. */
export interface ListedSession {
  readonly id: string;
  readonly modified: string;
}

export interface ConsolidationBrief {
  readonly memoryDir: string;
  readonly sessionsDir: string;
  /** ISO time of the run: "today" for dates that have no other anchor. */
  readonly now: string;
  readonly memories: readonly ListedMemory[];
  readonly hasIndex: boolean;
  /** Files left as they are, with why. */
  readonly kept: readonly { readonly filename: string; readonly reason: string }[];
  readonly sessions: readonly ListedSession[];
  /** When the directory was last consolidated (ISO), or null when never. */
  readonly since: string | null;
  readonly instructionFiles: readonly string[];
  readonly instructions: readonly ClaudeMdInstruction[];
  readonly candidates: readonly MemoryCandidate[];
  readonly form: FrontmatterForm;
}

/** Sessions listed by id at most; the rest are counted (all stay searchable). */
const MAX_LISTED_SESSIONS = 50;

const EXAMPLE = {
  name: 'short-kebab-case-name',
  description: 'One specific line: it decides when the memory is recalled',
  type: 'feedback',
  body: 'The rule or fact itself.\n\n**Why:** what it rests on.\n**How to apply:** when it matters.',
} as const;

/** The agent's first message: where everything is, what it may search, and what is new. */
export function consolidationBrief(brief: ConsolidationBrief): string {
  const parts: string[] = [`Memory folder: ${brief.memoryDir}`, `Now: ${brief.now}`];
  parts.push(
    brief.memories.length === 0
      ? 'It holds no memories yet.'
      : [
          `It holds ${brief.hasIndex ? 'MEMORY.md and ' : 'no MEMORY.md yet, and '}these memories (file — type — description):`,
          ...brief.memories.map((m) => `- ${m.filename} — ${m.type} — ${m.description}`),
        ].join('\n'),
  );
  if (brief.kept.length > 0)
    parts.push(['Left as they are (not memories you may change):', ...brief.kept.map((k) => `- ${k.filename}: ${k.reason}`)].join('\n'));
  const since = brief.since === null ? 'the memory was never consolidated' : `since the last consolidation, ${brief.since}`;
  const listed = brief.sessions.slice(0, MAX_LISTED_SESSIONS);
  parts.push(
    brief.sessions.length === 0
      ? `No session of the project was written ${brief.since === null ? 'beside the memory' : `since the last consolidation (${brief.since})`}: there is nothing to search.`
      : [
          `Sessions of the project (${since}), searchable with Grep at ${brief.sessionsDir}:`,
          ...listed.map((s) => `- ${s.id} (last written ${s.modified})`),
          ...(brief.sessions.length > listed.length ? [`- and ${brief.sessions.length - listed.length} more`] : []),
        ].join('\n'),
  );
  parts.push(
    brief.instructions.length === 0
      ? 'No CLAUDE.md instructions were found for this project.'
      : [
          `The project's CLAUDE.md instructions (read-only; the files: ${brief.instructionFiles.join(', ')}):`,
          ...brief.instructions.map((i) => `- ${i.file}:${i.line}: ${i.text}`),
        ].join('\n'),
  );
  if (brief.candidates.length > 0)
    parts.push(
      [
        'New statements from earlier sessions, not yet in memory; merge them in (cite their sources):',
        '```json',
        JSON.stringify(brief.candidates, null, 2),
        '```',
      ].join('\n'),
    );
  parts.push(['A new topic file looks like this:', '```markdown', renderTopicFile(EXAMPLE, brief.form).trimEnd(), '```'].join('\n'));
  return parts.join('\n\n');
}
