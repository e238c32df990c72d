import { make, type Found } from './foundStatement.js';
import { traced } from './statementTrace.js';

/**
 * A fact of the project the person sets right (decision 151): what the assistant took for true is not, and the person
 * says what is. A colleague keeps such a correction first, since the same mistake comes back in the next session.
 *
 * - In one sentence, a thing named is "not correct / not right / not how it works", then what it is: "the stop hook is
 *   not correct, that fires at the end of the turn".
 * - A statement of how things are, followed by "that's a (common) misconception / misunderstanding": the statement
 *   before the mark is the correction.
 *
 * A correction of the moment ("the count is not right, it is 26 now") says how the work stands and is none.
 */

/** A thing named (no pronoun), judged wrong, then a clause on a pointing subject that says what holds. */
const NAMED_THEN_SET_RIGHT =
  /^(?:no[,.!]?\s+)?(?!(?:that|this|it|they|these|those|which|what)\b)[\w`'"./ -]{2,48}?\s+(?:is\s+not|isn't|are\s+not|aren't|was\s+not|wasn't)\s+(?:quite\s+)?(?:correct|right|accurate|true|how (?:it|this|that) works)\s*[,;:\u2013\u2014-]+\s*(?:that|it|this|they|which)(?:'s|\s+(?:is|are|happens|comes|runs|fires|means|only))\b.{8,}$/i;

/** Words that make a correction one of the moment. */
const OF_THE_MOMENT = /\b(?:now|yet|still|today|anymore|again|currently)\b|\d/i;

/** The mark after a statement that says what was believed is wrong. */
const MISCONCEPTION_MARK =
  /^(?:that's|that is|this is|it's|it is)\s+(?:a\s+|an\s+)?(?:(?:very\s+)?(?:common|frequent|popular|widespread|classic|easy)\s+)?(?:misconception|misunderstanding|myth|mix-?up|confusion)\b/i;

/** A statement of how a thing is: present tense, no question, no modal. */
const HOW_THINGS_ARE = /\b(?:is|are)\b/i;
const NO_FACT = /\?|\b(?:should|must|need to|needs to|have to|has to|could|would|might|maybe|please)\b/i;

/** The correction a sentence makes of a fact, told whole, read before any answer to a question is; undefined when it is none. */
export function factSetRight(sentence: string, quote: string): Found | undefined {
  if (!NAMED_THEN_SET_RIGHT.test(sentence) || OF_THE_MOMENT.test(sentence)) return undefined;
  return traced('fact-set-right', make('project', 'project-fact', quote, quote));
}

/** Whether a sentence marks the one before it as the right version of a common mistake. */
export const marksMisconception = (sentence: string | undefined): boolean =>
  sentence !== undefined && MISCONCEPTION_MARK.test(sentence.trim());

/** The statement before a misconception's mark, quoted with the mark; undefined when it states no fact of how things are. */
export function factBeforeMark(statement: string, mark: string): Found | undefined {
  if (!HOW_THINGS_ARE.test(statement) || NO_FACT.test(statement) || OF_THE_MOMENT.test(statement)) return undefined;
  return traced('fact-set-right/misconception', make('project', 'project-fact', statement, `${statement} ${mark}`));
}
