import type { RuleStatement } from './ruleStatement.js';

/** A subject word one side negates and the other only affirms. */
function oppositeWord(memory: RuleStatement, instruction: RuleStatement): string | null {
  for (const term of instruction.negated)
    if (memory.affirmed.has(term)) return `CLAUDE.md rules out "${instruction.written.get(term) ?? term}", which the memory calls for`;
  for (const term of memory.negated)
    if (instruction.affirmed.has(term)) return `the memory rules out "${memory.written.get(term) ?? term}", which CLAUDE.md calls for`;
  return null;
}

/**
 * A value of one kind that differs where both give one: a clause of each about a shared subject
 * word, each with a value of the kind, and neither of the instruction's values anywhere in the
 * memory nor the memory's in the instruction ("Node 18" against "Node 18 or 20" is no conflict).
 */
function otherValue(memory: RuleStatement, instruction: RuleStatement, kind: 'numbers' | 'names'): string | null {
  for (const theirs of instruction.clauses) {
    if (theirs[kind].length === 0 || theirs[kind].some((v) => memory[kind].has(v))) continue;
    for (const ours of memory.clauses) {
      if (ours[kind].length === 0 || ours[kind].some((v) => instruction[kind].has(v))) continue;
      if (!ours.terms.some((term) => theirs.terms.includes(term))) continue;
      return `the memory says ${ours[kind].join(', ')} where CLAUDE.md says ${theirs[kind].join(', ')}`;
    }
  }
  return null;
}

/** How two statements about one subject differ the way two versions of a rule do, or null when they do not. */
export const conflictBetween = (later: RuleStatement, earlier: RuleStatement): string | null =>
  oppositeWord(later, earlier) ?? otherValue(later, earlier, 'numbers') ?? otherValue(later, earlier, 'names');
