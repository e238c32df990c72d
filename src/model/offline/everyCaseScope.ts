import { withoutBracketedParts } from './bracketedStatements.js';
import { EVERY_APPLICABLE_CASE } from './lastingWords.js';

/**
 * An order scoped to every case it applies to (decision 141): "use table-driven tests where possible", "prefer pure
 * functions wherever it makes sense", "let's avoid mocks if at all possible". The order names a kind of thing and a way
 * of working; said of a thing at hand ("fix the typo where possible in this file", "merge it today if at all possible")
 * it is one step, which the checks of the work at hand after it also refuse. Written from kinds of statement with
 * invented sentences as tests, never from a corpus sentence.
 */

/** The verbs of a way of working, after politeness, "let's", "we should", "try to" or "always". */
const ORDER_OF_PRACTICE =
  /^(?:please\s+)?(?:(?:let's|lets|let us|we should|you should|try to|always)\s+)*(?:use|prefer|favou?r|avoid|keep|write|add|reuse|re-use|split|extract|make|put|name|inline|return|stick to|go for|type|document|comment|mock|cache|batch|validate|group|share|lean on|rely on|follow|apply|wrap|test|parameteri[sz]e|pin|co-locate|colocate)\b/i;

/** What points at the work of the moment: a thing at hand, a day, "now". */
const AT_HAND = /\b(?:it|this|that|these|those|them|here|now|today|tonight|tomorrow|yet|first|for now|right now|this time|my|your)\b/i;

/** Whether a sentence is an order of a way of working, scoped to every case it applies to. */
export function isPracticeInEveryCase(sentence: string): boolean {
  // A task detail in brackets ("(also for the e2e tests)") says where to start, not whether the order is a practice.
  const said = withoutBracketedParts(sentence);
  // The scope's own "it" ("where it makes sense") points at nothing.
  const rest = said.replace(EVERY_APPLICABLE_CASE, '');
  return !said.endsWith('?') && rest !== said && ORDER_OF_PRACTICE.test(said) && !AT_HAND.test(rest);
}
