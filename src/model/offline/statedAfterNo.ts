import type { MemoryType } from '../../memory/durable/topicFile.js';
import type { MemoryStatement } from './memoryStatement.js';

/**
 * What a "no" to the assistant's question goes on to state when no finder reads the rest (decision 124, amended
 * 2026-12-07): how things of a kind are done ("no, that's not how we do it, tests hit the real database") or how a thing
 * of the project is ("no, prettier runs in the pre-commit hook") corrects the assumption behind the question and is kept;
 * a bare answer ("no, not yet", "no, that's fine", "no, the first one is enough") is the question's.
 */

/** The denial before the statement: "that's not how we do it,", "we don't do that here:". */
const DENIAL_LEAD =
  /^(?:(?:that|this|it)(?:'s|’s| is)\s+not\s+how\s+(?:we|it|things|this)\b[^,;:\u2013\u2014]*|(?:we\s+)?don['’]?t\s+do\s+(?:that|it|this)(?:\s+here)?)\s*[,;:\u2013\u2014]\s*/i;

/** A rest that points back at the question's matter or only answers it: no subject of its own. */
const BARE_ANSWER =
  /^(?:it|it's|this|that|that's|these|those|they|there|here|you|i|i'm|i'd|just|not|only|one|both|neither|either|none|thanks|thank|please|sorry|go|leave|skip|the\s+(?:first|second|third|last|other|same|one)|all\s+good)\b/i;

/** A state of the moment said of the subject: "the tests are fine", "the branch is ready". */
const STATE_OF_THE_MOMENT =
  /\b(?:is|are)\s+(?:(?:already|still|all|now)\s+)?(?:fine|ok|okay|good|enough|ready|done|broken|failing|correct|right|wrong|working|there|up|down)\b/i;

/** Things of a kind and what they do, in the plain present: "tests hit …", "our commits follow …". */
const KIND_DOES = /^(?:(?:all|our)\s+)?(?:[a-z][\w-]*\s+)?[a-z][\w-]*[^s'’\s]s\s+(?!(?:is|was|were|had|did)\b)[a-z]+\b/i;

/** The person's team and what it does: "we squash every branch", never what it could or will do. */
const WE_DO = /^we\s+(?!(?:could|should|might|may|can|will|would|need|want|were|had|did|don['’]?t)\b)[a-z]+\b/i;

/** A thing of the project and how it is, in the present: "prettier runs in …", "the changelog is generated …". */
const THING_IS = /^(?:(?:the|our)\s+)?(?:[\w@./-]+\s+){1,3}(?:is|are|[a-z]{2,}[^su\s'’]s)\s+\S/i;

/** The rest of a "no" without the denial it opens with: "that's not how we do it, tests hit …" is "tests hit …". */
export const withoutDenial = (rest: string): string => rest.replace(DENIAL_LEAD, '').trim();

/** An object that points back at the question's matter: "the release script bumps it". */
const POINTS_BACK = /\b(?:it|them|that|this)\s*[.!]*$/i;

/** The statement a "no" to a question goes on to make, as a convention or a fact; undefined for a bare answer. */
export function statedAfterNo(
  rest: string,
): { readonly type: MemoryType; readonly cue: MemoryStatement['cue']; readonly text: string } | undefined {
  const said = withoutDenial(rest);
  if (said.split(/\s+/).length < 4 || said.endsWith('?') || BARE_ANSWER.test(said) || POINTS_BACK.test(said)) return undefined;
  if (STATE_OF_THE_MOMENT.test(said)) return undefined;
  // A thing said with its verb in the singular is how it is; things of a kind are how they are done.
  if (THING_IS.test(said)) return { type: 'project', cue: 'project-fact', text: said };
  return KIND_DOES.test(said) || WE_DO.test(said) ? { type: 'feedback', cue: 'preference', text: said } : undefined;
}
