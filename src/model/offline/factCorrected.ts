import { make, type Found } from './foundStatement.js';
import { traced } from './statementTrace.js';

/**
 * A fact of the project the person sets right (decision 151): what the assistant took for true is not, and the person
 * says what is, in one sentence — a thing named is "not correct / not right / not how it works", then what it is: "the
 * stop hook is not correct, that fires at the end of the turn". A colleague keeps such a correction first, since the
 * same mistake comes back in the next session.
 *
 * The thing named is the project's, never the work at hand: a pointing word or "your / my" anywhere before the verdict
 * ("sorry but that is not right, …"), or a name for the assistant's work ("the diff", "your answer", "the plan"), makes
 * it a correction of that work. A correction of the moment ("… it is 26 now", "it still fails") says how the work
 * stands and is none.
 */

/** A subject named in at most 60 characters, judged wrong, then a clause on a pointing subject that says what holds. */
const SET_RIGHT =
  /^(?:no[,.!]?\s+)?(?<thing>[\w`'"./ -]{2,60}?)\s+(?:is\s+not|isn't|are\s+not|aren't|was\s+not|wasn't)\s+(?:quite\s+)?(?:correct|right|accurate|true|how (?:it|this|that) works)\s*[,;:\u2013\u2014-]+\s*(?:that|it|this|they|which)(?:'s|\s+(?:is|are|happens|comes|runs|fires|means|only))\b.{8,}$/i;

/** Words that make the subject the work at hand: pointing words, the assistant's or the person's own, its artefacts. */
const WORK_AT_HAND =
  /\b(?:that|this|it|these|those|which|what|your|my|sorry|answer|reply|response|diff|patch|output|result|plan|option|draft|summary|suggestion|proposal|approach|change|changes|fix|implementation|version|attempt|edit)\b/i;

/** Words that make a correction one of the moment; a bare count ("it is 26") is a status too. */
const OF_THE_MOMENT = /\b(?:now|yet|still|today|anymore|again|currently)\b|\b(?:is|are)\s+\d+\s*[.!]?$/i;

/** The correction a sentence makes of a fact, told whole, read before any answer to a question is; undefined when it is none. */
export function factSetRight(sentence: string, quote: string): Found | undefined {
  const thing = SET_RIGHT.exec(sentence)?.groups?.['thing'];
  if (thing === undefined || WORK_AT_HAND.test(thing) || OF_THE_MOMENT.test(sentence)) return undefined;
  return traced('fact-set-right', make('project', 'project-fact', quote, quote));
}
