import { BY_DESIGN_OR_LASTING } from './lastingWords.js';

/**
 * A report that something does not happen, show, appear, load or work (decision 136): "it's still not showing", "nothing
 * happens when I click", "no, the tests still fail", "no bubbles are appearing". It says how the work stands now, a
 * status, never a rule or a correction, even after a "no". A correction that says how to work ("no, use pnpm", "no,
 * don't mock the database") names no such failure and stays one.
 */

/** What a thing fails to do when the person looks: the verbs of showing, happening, loading and working. */
const SYMPTOM_VERB = String.raw`(?:work|happen|show(?:\s+up)?|appear|load|render|display|open|respond|react|fire|trigger|run|start|compile|build|pass|change|update|refresh|pop(?:\s+up)?)`;

/** The same verbs in their "-ing", "-s", "-ed" forms, after "is / are / keeps". */
const SYMPTOM_VERB_FORMS = String.raw`(?:working|happening|showing(?:\s+up)?|appearing|loading|rendering|displaying|opening|responding|reacting|firing|triggering|running|starting|compiling|building|passing|changing|updating|refreshing|popping(?:\s+up)?|shown|displayed|loaded|rendered)`;

/** A negated verb of the list with a subject that is no one of the team: "the button doesn't appear", "it isn't loading". */
const NEGATED = new RegExp(
  String.raw`(?<!\b(?:I|we|you|they)\s+(?:still\s+)?)\b(?:doesn't|does not|don't|do not|didn't|did not|won't|will not|isn't|is not|aren't|are not|wasn't|weren't|can't|cannot)\s+` +
    String.raw`(?:still\s+|even\s+|really\s+|actually\s+|seem\s+to\s+|be\s+)?(?:${SYMPTOM_VERB}|${SYMPTOM_VERB_FORMS})\b`,
  'i',
);

/** Nothing at all, or none of a thing, showing: "nothing happens", "no bubbles are appearing", "I can't see any bubbles". */
const NOTHING = new RegExp(
  String.raw`\bnothing\s+(?:still\s+)?(?:${SYMPTOM_VERB}(?:s|ed)?|${SYMPTOM_VERB_FORMS}|is\s+${SYMPTOM_VERB_FORMS})\b|` +
    String.raw`\bno\s+(?:\S+\s+){1,3}?(?:is|are|was|were)\s+(?:still\s+)?${SYMPTOM_VERB_FORMS}\b|` +
    String.raw`\bI\s+(?:still\s+)?(?:can't|cannot|don't|do not)\s+see\s+(?:any|the|it|them|anything)\b`,
  'i',
);

/** A failure that holds now: "the tests still fail", "it still crashes", "still broken". */
const STILL_FAILING = /\bstill\s+(?:fail(?:s|ing)?|crash(?:es|ing)?|broken|blank|empty|the same|not\b|nothing\b|no\b)/i;

/** The words of the moment that make a plain "doesn't work" a report of now: "still", "anymore", "when I click". */
const OF_THE_MOMENT =
  /\b(?:still|now|yet|again|at all|either)\b|\bwhen\s+I\s+(?:click|tap|press|run|open|try|reload|refresh|start|load|go|hover|type|submit)\b/i;

/** A "no" or "still" that opens a reply: what follows it is said of what was just done. */
const REPLY_OPENING = /^(?:(?:no|nope|nah|still|hmm+|but|and)\b[\s,.!:;\u2013\u2014-]*)+/i;

/**
 * "The old endpoint doesn't work anymore; use /v2": a move said with "anymore", or a second clause that says what to do
 * or how things are, is the project's, not a symptom of now (decision 136, reviewed).
 */
const SAYS_MORE = /\b(?:any ?more)\b|[,;]\s*(?:use|we|it only|they only|so|which|that's how|you have to|you need)\b/i;

/** Where the person saw the failure (one page, browser or device), and states that show one ("still blank", "does nothing"). */
const WHERE_SEEN = String.raw`(?:on the [\w-]+ page|in (?:chrome|firefox|safari|edge)|on (?:mobile|desktop|ios|android))`;
const FAILED_STATE =
  /\b(?:is|are|looks?)\s+(?:still\s+)?(?:blank|broken|empty|the same|missing|gone)\b|\bdoes\s+nothing\b|\bkeeps\s+(?:spinning|loading|crashing|failing|reloading)\b|\bI\s+(?:still\s+)?(?:get|see)\s+(?:an?|the same)\s+error\b|\bstill\s+(?:returns|shows|throws|gives)\b/i;

/**
 * The negated verb ending its clause, or followed only by where the person looked: "no, the button doesn't appear", "…
 * doesn't show up on my screen". With a complement of its own ("no, the CI doesn't run on forks") a reply after "no"
 * corrects what the assistant said of the project.
 */
const NEGATED_ALONE = new RegExp(
  String.raw`${NEGATED.source}\s*(?:$|[.!,;:–—-]|\s*(?:for me|here|there|on (?:my|the) (?:screen|page)|in the (?:browser|ui|page)|${WHERE_SEEN})\s*(?:$|[.!,;]))`,
  'i',
);

const MAY_REPORT = /n't|\b(?:not|no|nothing|still|cannot|keeps?|blank|broken|empty|same|missing|gone)\b|\bI\s+(?:get|see)\b/i;

/** Whether a sentence reports a symptom of the moment: a failure to show or work said of now, or right after a "no". */
export function reportsSymptom(sentence: string): boolean {
  // Every symptom below holds a negation, "nothing", "still", or a failed state: most sentences hold none.
  if (!MAY_REPORT.test(sentence)) return false;
  if (BY_DESIGN_OR_LASTING.test(sentence) || SAYS_MORE.test(sentence)) return false;
  if (REPLY_OPENING.test(sentence) && FAILED_STATE.test(sentence)) return true;
  if (NOTHING.test(sentence) || STILL_FAILING.test(sentence)) return true;
  if (!NEGATED.test(sentence)) return false;
  return OF_THE_MOMENT.test(sentence) || (REPLY_OPENING.test(sentence) && NEGATED_ALONE.test(sentence.trim()));
}
