import { ONE_DAY_OR_VERSION, holdsForOneOccasion } from './oneOccasionWords.js';

/**
 * A want about delivering the work at hand, not about what the project is to do (decision 122, amended): a state the
 * work is to reach ("I want it merged", "we need the server restarted", "I need this done"), a deadline or an event it
 * is for ("before lunch", "for the demo", "tonight"), or a time after the assistant's work ("after you're done"). Such a
 * want gives no capability its reason.
 */

/** The wanted thing, then a state of the work as a participle: "it merged", "the server restarted", "this done". */
const WORK_STATE = new RegExp(
  String.raw`\b(?:want|need|like)\s+(?:it|this|that|them|these|those|(?:the|this|that|our|my)\s+(?:[\w-]+\s+){0,2}?[\w-]+)\s+` +
    String.raw`(?:(?:to\s+be|to\s+get)\s+)?(?:merged|restarted|deployed|shipped|released|pushed|landed|done|finished|fixed|reviewed|tested|committed)\b`,
  'i',
);

/** A deadline or an event the work is for: "before lunch", "by Friday", "for the finance demo", "in time for the launch". */
const DEADLINE =
  /\b(?:before|by|for|in time for|ahead of)\s+(?:the\s+|our\s+|this\s+|that\s+|tomorrow's\s+|today's\s+)?(?:[\w-]+\s+)?(?:lunch|noon|eod|end of (?:the\s+)?day|weekend|demo|hotfix|launch|meeting|presentation|deadline|standup|call|review|release|sprint|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b/i;

/** A time set by the assistant's own work: "after you're done", "once you have finished", "when you finish". */
const AFTER_THE_WORK =
  /\b(?:after|once|when)\s+(?:you(?:'re|'ve|\s+are|\s+have)?|it's|it\s+is|that's)\s+(?:done|finished|finish|through|merged|ready)\b/i;

const ONE_DAY = new RegExp(String.raw`\b${ONE_DAY_OR_VERSION}\b`, 'i');

/** Whether a sentence holds for one occasion: a day, a time or a version, or "this time", "for now", "this release". */
export const saidForOneOccasion = (sentence: string): boolean => holdsForOneOccasion(sentence) || ONE_DAY.test(sentence);

/** Whether a want asks for the work at hand to be delivered, by a state, a deadline, an event or the end of the work. */
export function wantsDelivery(want: string): boolean {
  return WORK_STATE.test(want) || DEADLINE.test(want) || AFTER_THE_WORK.test(want) || saidForOneOccasion(want);
}
