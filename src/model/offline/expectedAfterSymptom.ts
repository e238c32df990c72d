import { reportsWhatIsSeenNow } from './seenOfTheMoment.js';
import { reportsSymptom } from './symptomOfTheMoment.js';

/**
 * What the program should do instead, said right after a symptom of the moment (decision 143): "It seems to not pick up
 * the theme. The last segment should follow the gradient so that it's always right." The "should" is the fix asked for
 * now, said of a thing of the program, and its "always" belongs to that fix. A "should" said of the person, the team or
 * the assistant ("we should always reload after a theme change") is how work goes, and a word of from-now-on keeps it.
 */

/** A "should" whose subject is a thing, not a speaker: the first words before it name no one of the team. */
const THING_SHOULD = /^(?!\s*(?:I|we|you|they|claude|the agent|please|always|never)\b)[^,;:]*?\bshould\b/i;

/** Words that make it how work goes from now on. */
const FROM_NOW_ON = /\b(?:from now on|going forward|in future|every time we|whenever we|in this (?:repo|project|codebase))\b/i;

/** Whether a sentence is what a thing should do, said right after the sentence that reports a symptom of now. */
export const isExpectedAfterSymptom = (previous: string | undefined, sentence: string): boolean =>
  previous !== undefined &&
  (reportsSymptom(previous) || reportsWhatIsSeenNow(previous)) &&
  THING_SHOULD.test(sentence) &&
  !FROM_NOW_ON.test(sentence);
