import { BY_DESIGN_OR_LASTING } from './lastingWords.js';

/**
 * What the person sees of the moment, said as a change (decision 143): "I don't see the status bar anymore", "I can't
 * find the export button anymore", "it seems to not pick up the new theme", "the prompt doesn't seem to resolve the
 * colour". A verb of perceiving with "anymore", or "seems to (not) / doesn't seem to", reports a symptom of how the work
 * stands now, not a lasting fact or move of the project. A move said with a verb of doing ("we don't use Vercel
 * anymore", "we no longer deploy on Fridays") names no perception and stays.
 */

/**
 * What the person perceives: seeing, getting output, noticing, finding, spotting, hearing. Said by a team, getting and
 * finding are moves of how it works ("we don't get paged for it anymore", "we can't find Perl people anymore"): only
 * "I" perceives with them.
 */
const PERCEIVE_ALONE = String.raw`(?:see|get|notice|find|spot|hear)`;
const PERCEIVE_TOGETHER = String.raw`(?:see|notice|spot|hear)`;

/** A perceiving verb negated, or after "no longer": "don't see", "can't find", "no longer see". */
const NOT_PERCEIVING = (verb: string): string =>
  String.raw`(?:(?:still\s+|just\s+)?(?:don't|do not|can't|cannot|couldn't|could not|didn't|did not)\s+(?:even\s+|really\s+|actually\s+)?${verb}\b[^.;!?]*?\bany\s?more\b|(?:can\s+)?no\s+longer\s+${verb}\b)`;

/** "I don't see … anymore", "we can't see … any more", "I no longer see …". */
const NO_LONGER_PERCEIVED = new RegExp(
  String.raw`\bI\s+${NOT_PERCEIVING(PERCEIVE_ALONE)}|\bwe\s+${NOT_PERCEIVING(PERCEIVE_TOGETHER)}`,
  'i',
);

/**
 * "It seems to not resolve", "seems not to load", "the build doesn't seem to find the file", "seems like the CLI is now
 * broken": how something looks to behave now. "Doesn't seem to be" judges (a hedge about a choice) and is left alone.
 */
const SEEMS_TO_FAIL =
  /\b(?:seems?|seemed|appears?)\s+(?:to\s+not|not\s+to|to\s+no\s+longer|to\s+have\s+stopped)\b|\b(?:doesn't|does not|don't|do not|didn't|did not)\s+seem\s+to\s+(?!be\b)\w+|\bseems?\s+like\s+(?:\S+\s+){1,4}?(?:is|are)\s+(?:now\s+|still\s+)?(?:broken|gone|missing|stuck)\b/i;

/** A second clause that says what the team did or how things are now: "…, we removed it", "…; it's brew only". */
const SAYS_WHAT_IS = /[,;]\s*(?:so\s+)?(?:we|it's|it is|they|that's)\s/i;

/** Whether a sentence reports what the person sees of the moment, said as a change or as how it seems now. */
export const reportsWhatIsSeenNow = (sentence: string): boolean =>
  (NO_LONGER_PERCEIVED.test(sentence) || SEEMS_TO_FAIL.test(sentence)) &&
  !BY_DESIGN_OR_LASTING.test(sentence) &&
  !SAYS_WHAT_IS.test(sentence);
