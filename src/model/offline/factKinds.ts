import type { MemoryType } from '../../memory/durable/topicFile.js';
import { isAccountName, isBranchFact } from './accountNames.js';
import { isEnvironmentFact } from './environmentFacts.js';
import { FACT_NOT } from './requestKinds.js';
import { isOneOffHistory } from './oneOffHistory.js';
import { isPeopleFact } from './peopleAroundTheProject.js';
import { isProjectCircumstance } from './projectCircumstances.js';
import { isProjectNature } from './projectNature.js';
import { serviceFact } from './serviceFacts.js';
import { isReference, MOVE, OWNERSHIP, PROJECT_FACT } from './statementKinds.js';

/**
 * The kind of fact a statement that is no rule states, in the order the kinds are tried: a move or
 * a fact set against what it is not; a place things are looked up in or an account's name; a fact
 * of the project, who owns what, one-off history, who is who, what the project is or its
 * circumstances; where things run (decision 93); a service doing a job outside the code. The kinds
 * of decision 104 are in their own files. `rule` says the sentence also reads as a rule, which the
 * facts said in passing give way to.
 */
export function factKind(sentence: string, rule: boolean): MemoryType | undefined {
  if (MOVE.test(sentence) || FACT_NOT.test(sentence)) return 'project';
  if (isReference(sentence) || isAccountName(sentence)) return 'reference';
  if (
    PROJECT_FACT.test(sentence) ||
    OWNERSHIP.test(sentence) ||
    isOneOffHistory(sentence) ||
    isPeopleFact(sentence) ||
    isBranchFact(sentence) ||
    isProjectNature(sentence) ||
    isProjectCircumstance(sentence)
  )
    return 'project';
  if (rule) return undefined;
  if (isEnvironmentFact(sentence)) return 'project';
  return serviceFact(sentence);
}
