import type { MemoryCandidate } from '../../consolidation/memoryCandidate.js';
import { distinctiveTerms } from '../../consolidation/distinctiveTerms.js';
import { isSameSubject, qualifierKey } from '../../consolidation/sameSubject.js';
import { subjectTerms } from '../../consolidation/subjectTerms.js';
import { isClaudeMemoryPath } from '../../projections/extractionTrigger.js';
import type { ApiMessage } from '../../resume/apiView.js';
import { isToolUseBlock, toolInputFilePath } from '../../transcript/contentGuards.js';
import { INDEX_NAME } from '../../memory/durable/memoryIndex.js';
import { parseTopicFile } from '../../memory/durable/topicFile.js';

/** A memory file the session's own assistant wrote or edited, and the words it put there. */
export interface SavedMemory {
  readonly path: string;
  readonly text: string;
}

const isIndex = (path: string): boolean => path.replace(/\\/g, '/').split('/').at(-1) === INDEX_NAME;

const textInput = (input: unknown, key: string): string => {
  const value = typeof input === 'object' && input !== null ? (input as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : '';
};

/**
 * The memory files the assistant saved itself in these messages (a Write or an Edit of a path in
 * a memory directory; the index aside, which only points at them). Claude Code skips an
 * extraction when the main agent wrote memory since the cursor; backfill instead leaves out the
 * candidates these writes already hold, and keeps the rest of the chunk's statements.
 */
export function agentSavedMemories(messages: readonly ApiMessage[]): SavedMemory[] {
  const saved: SavedMemory[] = [];
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    for (const block of message.content) {
      if (!isToolUseBlock(block) || (block.name !== 'Write' && block.name !== 'Edit')) continue;
      const path = toolInputFilePath(block);
      if (path === undefined || !isClaudeMemoryPath(path) || isIndex(path)) continue;
      const text = block.name === 'Write' ? textInput(block.input, 'content') : textInput(block.input, 'new_string');
      if (text.trim() !== '') saved.push({ path, text });
    }
  }
  return saved;
}

/**
 * What a saved file is about, as consolidation reads a memory: its name, description and first
 * paragraph (its frontmatter's keys and its "Why" name no subject); an edit's text as it is.
 */
function savedSubject(saved: SavedMemory): string {
  const parsed = parseTopicFile(saved.text, '');
  if (!parsed.ok) return saved.text;
  const lead = parsed.file.body.split(/\n\s*\n|\*\*Why:?\*\*/)[0] ?? '';
  return `${parsed.file.name}\n${parsed.file.description}\n${lead}`;
}

/** Numbers as a statement gives them: a port, a count, a version ("8080", "3", "20.11"). */
const NUMBER = /(?<![\p{L}\p{N}.])\d+(?:\.\d+)*(?![\p{L}\p{N}])/gu;

/** The names (files, hosts, packages, tools) and numbers a text states: its values as words can read them. */
const statedValues = (text: string): string[] => [...distinctiveTerms(text), ...(text.match(NUMBER) ?? [])];

/**
 * Whether a saved file holds every name and number the statement gives: a file on the same subject
 * that gives another value ("a symlink to b.md" where the person said c.md, "port 8080" where they
 * said 9090) saved something else, and the person's words are still to be kept (decision 131).
 */
const holdsItsValues = (statement: string, saved: ReadonlySet<string>): boolean =>
  statedValues(statement).every((value) => saved.has(value));

/**
 * Candidates the assistant already saved itself (the same subject and the same qualifiers as a
 * memory file it wrote: decision 61, and every name and number they give: decision 131) are left out.
 */
export function withoutSaved(
  candidates: readonly MemoryCandidate[],
  saved: readonly SavedMemory[],
): { readonly kept: MemoryCandidate[]; readonly dropped: number } {
  if (saved.length === 0) return { kept: [...candidates], dropped: 0 };
  const savedSubjects = saved.map((s) => ({
    terms: subjectTerms(s.text),
    qualifiers: qualifierKey(savedSubject(s)),
    values: new Set(statedValues(s.text)),
  }));
  const kept = candidates.filter((c) => {
    const text = `${c.name}\n${c.description}`;
    const terms = subjectTerms(text);
    const qualifiers = qualifierKey(text);
    return !savedSubjects.some((s) => s.qualifiers === qualifiers && isSameSubject(terms, s.terms) && holdsItsValues(text, s.values));
  });
  return { kept, dropped: candidates.length - kept.length };
}
