import { capitalise } from './capitalise.js';
import type { DecidedKind } from './decisionKinds.js';
import { ONE_DAY_OR_VERSION } from './oneOccasionWords.js';

/**
 * A rule for an occasion of the routine, said first (decision 110, amended): "before creating a PR we want to run the
 * checks", "when cutting a release you should bump the changelog", "after merging we need to delete the branch". The
 * occasion is a step every change goes through, named by its gerund or with who does it; the rule is what "we" or "you"
 * should, want to, need to or must do then. Written from kinds of statement, never from a corpus sentence.
 */

/** A thing the routine makes: "a PR", "a new release", "pull requests". Never one pointed at ("this PR", "the release"). */
const ROUTINE_THING = String.raw`(?:(?:a|an|any|every|each)\s+)?(?:new\s+)?(?:pr|pull request|merge request|release|version|tag|commit|changeset|deploy(?:ment)?)s?`;

/** Making one of those things, as a gerund or said with who does it: "creating a PR", "we open a pull request". */
const MAKING = String.raw`(?:(?:creating|opening|making|cutting|tagging|submitting)|(?:we|you)\s+(?:create|open|make|cut|submit))\s+${ROUTINE_THING}`;

/** A step of the routine with no object: "publishing", "we merge", "releasing to npm". */
const STEPPING = String.raw`(?:(?:publishing|releasing|merging|pushing|committing|deploying|shipping)|(?:we|you)\s+(?:publish|release|merge|push|commit|deploy|ship))(?:\s+(?:to|on|into)\s+[\w./-]+)?`;

/** What "we" or "you" owe then: "we want to", "you should always", "we also need to". Never a past "should have". */
const OWED = String.raw`(?:we|you)\s+(?:also\s+|always\s+)?(?:should|want to|need to|have to|must|ought to)\s+(?:also\s+|always\s+)?(?!have\s+(?:been|run|done|made|set|put|kept|left|got|built|written|seen|\w+ed|\w+en)\b|be\s+(?:able|fine|ok)\b)`;

/** The occasion then the rule, opening the sentence or what someone is asked to write down ("…add to CLAUDE.md that before…"). */
const OCCASION_RULE = new RegExp(
  String.raw`(?:^|\bthat\s+)(?:(?:and|also|so)\s+)?(?:before|when(?:ever)?|after|every time|each time)\s+(?:${MAKING}|${STEPPING}),?\s+${OWED}[a-z]\w*\b[^?]*$`,
  'i',
);

/** One occasion, not the routine: a day, a time or a version ("…tomorrow", "…v2"), or a symptom told with it ("…but it fails"). */
const ONE_OCCASION = new RegExp(String.raw`\b${ONE_DAY_OR_VERSION}\b|\bbut\s+(?:it|they|this|that|nothing)\b`, 'i');

/** The rule an occasion of the routine is said with, from the occasion to the sentence's end, or undefined. */
export function occasionRule(sentence: string): DecidedKind | undefined {
  const match = OCCASION_RULE.exec(sentence);
  if (match === null) return undefined;
  const said = match[0].replace(/^that\s+/i, '').replace(/\s*[.!]*\s*$/, '');
  if (ONE_OCCASION.test(said)) return undefined;
  // Said as the whole sentence it is quoted as such, and goes on with what the person adds ("We also want…").
  if (match.index === 0) return { type: 'feedback', cue: 'always-never' };
  return { type: 'feedback', cue: 'always-never', said: `${capitalise(said)}.` };
}
