import type { MemoryType } from '../../memory/durable/topicFile.js';
import { isAccountName, isBranchFact } from './accountNames.js';
import { isEnvironmentFact } from './environmentFacts.js';
import { FACT_NOT } from './requestKinds.js';
import { isOneOffHistory } from './oneOffHistory.js';
import { isPeopleFact } from './peopleAroundTheProject.js';
import { isProjectCircumstance } from './projectCircumstances.js';
import { withoutUsersNavigation } from './programBehaviour.js';
import { isProjectNature } from './projectNature.js';
import { isProjectScope } from './projectScope.js';
import { serviceFact } from './serviceFacts.js';
import { isReference, MOVE, OWNERSHIP, PROJECT_FACT } from './statementKinds.js';

/**
 * The kind of fact a statement that is no rule states, in the order the kinds are tried: a move or
 * a fact set against what it is not; a place things are looked up in or an account's name; a fact
 * of the project, who owns what, one-off history, who is who, what the project is, its scope or its
 * circumstances; where things run (decision 93); a service doing a job outside the code. The kinds
 * of decision 104 are in their own files. `rule` says the sentence also reads as a rule, which the
 * facts said in passing give way to.
 */
export function factKind(sentence: string, rule: boolean): MemoryType | undefined {
  return factFound(sentence, rule)?.type;
}

/** The kind of fact a sentence states and the name of the finder that read it (decision 116), as factKind tries them. */
export function factFound(sentence: string, rule: boolean): { readonly type: MemoryType; readonly finder: string } | undefined {
  for (const [finder, find] of rule ? FACTS_BESIDE_A_RULE : FACTS) {
    const type = find(sentence);
    if (type !== undefined) return { type, finder };
  }
  return undefined;
}

type FactFinder = readonly [name: string, find: (sentence: string) => MemoryType | undefined];

const when =
  (type: MemoryType, ...tests: ReadonlyArray<(sentence: string) => boolean>) =>
  (sentence: string): MemoryType | undefined =>
    tests.some((test) => test(sentence)) ? type : undefined;

/** The kinds a sentence that also reads as a rule may state, in the order they are tried. */
const FACTS_BESIDE_A_RULE: readonly FactFinder[] = [
  [
    'move',
    when(
      'project',
      // The program's user switching to another tab moves nothing of the project (decision 137).
      (s) => MOVE.test(withoutUsersNavigation(s)),
      (s) => FACT_NOT.test(s),
    ),
  ],
  ['reference', when('reference', isReference, isAccountName)],
  [
    'project-fact',
    when(
      'project',
      (s) => PROJECT_FACT.test(withoutUsersNavigation(s)),
      (s) => OWNERSHIP.test(s),
    ),
  ],
  ['one-off-history', when('project', isOneOffHistory)],
  ['people', when('project', isPeopleFact)],
  ['branch', when('project', isBranchFact)],
  ['nature', when('project', isProjectNature)],
  ['scope', when('project', isProjectScope)],
  ['circumstance', when('project', isProjectCircumstance)],
];
/** Every kind, the facts said in passing last: they give way to a rule. */
const FACTS: readonly FactFinder[] = [
  ...FACTS_BESIDE_A_RULE,
  ['environment', when('project', isEnvironmentFact)],
  ['service', serviceFact],
];
