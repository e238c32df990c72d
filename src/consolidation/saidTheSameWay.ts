import { conflictBetween } from './ruleConflict.js';
import { readStatement, type RuleStatement } from './ruleStatement.js';

/** How a statement says a subject word: rules it out, bounds a rule to it ("only"), calls for it, or says it both ways. */
type Mood = 'ruled out' | 'only' | 'called for' | 'both ways';

function moodsOf(statement: RuleStatement): Map<string, Mood> {
  const bounded = new Set(statement.clauses.flatMap((clause) => (clause.only ? clause.terms : [])));
  const mood = (term: string): Mood => {
    if (statement.negated.has(term)) return 'ruled out';
    if (!statement.affirmed.has(term)) return 'both ways';
    return bounded.has(term) ? 'only' : 'called for';
  };
  return new Map(statement.terms.map((term) => [term, mood(term)]));
}

/**
 * Whether two statements say what they share the same way (decision 119): each word both say is
 * ruled out by both, bounded with "only" by both, or called for by both, and neither gives
 * another value for what they share. "We are prerelease, we only do patch" and "while in beta we
 * only ship patch releases" say "patch" the same way; "during the beta, document every patch" does not.
 */
export function saidTheSameWay(a: string, b: string): boolean {
  const [ra, rb] = [readStatement(a), readStatement(b)];
  if (conflictBetween(ra, rb) !== null || conflictBetween(rb, ra) !== null) return false;
  const theirs = moodsOf(rb);
  return [...moodsOf(ra)].every(([term, mood]) => (theirs.get(term) ?? mood) === mood);
}
