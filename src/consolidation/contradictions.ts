import type { TopicFile } from '../memory/durable/topicFile.js';
import type { ClaudeMdInstruction } from './claudeMdInstruction.js';
import { withoutNotes } from './claudeMdNote.js';
import { conflictBetween } from './ruleConflict.js';
import { readStatement, type RuleStatement } from './ruleStatement.js';
import { DEFAULT_SUBJECT_MATCH, isSameSubject, qualifierKey, type SubjectMatch } from './sameSubject.js';
import { toolKind } from './toolNames.js';

/** A memory found to contradict an instruction, and in what way. */
export interface FoundContradiction {
  readonly instruction: ClaudeMdInstruction;
  readonly reason: string;
}

/** An instruction read once, checked against every memory. */
export interface ReadInstruction {
  readonly instruction: ClaudeMdInstruction;
  readonly statement: RuleStatement;
  /** Which environment or which one of a thing it is about (qualifierKey). */
  readonly qualifiers: string;
}

export const readInstructions = (instructions: readonly ClaudeMdInstruction[]): ReadInstruction[] =>
  instructions.map((instruction) => ({
    instruction,
    statement: readStatement(instruction.text),
    qualifiers: qualifierKey(instruction.text),
  }));

/** The kinds of memory Claude Code checks against CLAUDE.md: the ones that say how to work (2.1.332 spec §1). */
const CHECKED = new Set<TopicFile['type']>(['feedback', 'project']);

/** What a memory states: its description and its body's first paragraph (the "Why" and the notes left out). */
const statementText = (memory: TopicFile): string => {
  const lead = withoutNotes(memory.body).split(/\n\s*\n|\*\*Why:?\*\*/)[0] ?? '';
  return `${memory.description}. ${lead}`;
};

/**
 * Two tools of one kind, one called for on each side, neither side naming the other's: "tests
 * run with jest" against "tests use vitest", backticks or not (decision 70). They must share a
 * subject word besides the tools, unless one side says nothing else ("Use vitest.").
 */
function otherTool(memory: RuleStatement, instruction: RuleStatement): string | null {
  const rest = (statement: RuleStatement) => statement.terms.filter((term) => toolKind(statement.written.get(term) ?? term) === undefined);
  const ours = rest(memory);
  const theirs = rest(instruction);
  if (ours.length > 0 && theirs.length > 0 && !ours.some((term) => theirs.includes(term))) return null;
  for (const their of instruction.tools.affirmed) {
    if (memory.tools.named.has(their)) continue;
    for (const our of memory.tools.affirmed) {
      const kind = toolKind(our);
      if (kind !== undefined && !instruction.tools.named.has(our) && kind === toolKind(their))
        return `the memory says ${our} where CLAUDE.md says ${their} (both a ${kind})`;
    }
  }
  return null;
}

/**
 * The instructions a memory contradicts, read lexically. A feedback or project memory and an
 * instruction about the same subject (the same test as two memories: `isSameSubject` on their
 * subject words, values left out, and the same qualifiers, decision 61) contradict when they
 * differ the way two versions of a rule differ: one negates what the other affirms ("never
 * commit to main" / "commit to main for typos"), or both give a number or version ("port 8080" /
 * "port 9090", "Node 18" / "Node 20"), or both name a tool, file or package (`vitest` / `jest`),
 * for the same thing, and they are not the same; or each calls for another tool of one kind
 * (`otherTool`). A word match cannot tell which one is current: the caller notes both.
 */
export function contradictionsOf(
  memory: TopicFile,
  instructions: readonly ReadInstruction[],
  match: SubjectMatch = DEFAULT_SUBJECT_MATCH,
): FoundContradiction[] {
  if (!CHECKED.has(memory.type) || instructions.length === 0) return [];
  const text = statementText(memory);
  const ours = readStatement(text);
  const qualifiers = qualifierKey(text);
  const found: FoundContradiction[] = [];
  for (const { instruction, statement, qualifiers: theirs } of instructions) {
    if (theirs !== qualifiers) continue;
    const reason = isSameSubject(ours.terms, statement.terms, match)
      ? (conflictBetween(ours, statement) ?? otherTool(ours, statement))
      : otherTool(ours, statement);
    if (reason !== null) found.push({ instruction, reason });
  }
  return found;
}
