import { LASTING } from './lastingWords.js';

/**
 * An order timed by the end of the work at hand (decision 123, amended): "push when you're done", "remember to update the
 * changelog after this". "When you're done" and "after this" name this task's end, so the order is a step of it; a
 * lasting word ("always run the linter when you're done") or a general occasion ("when you're done with a feature",
 * "after each change") makes it a rule again.
 */
const THIS_TASKS_END =
  /\b(?:when|once)\s+(?:you(?:'re|\s+are)\s+(?:done|finished|through)|you\s+(?:finish|are\s+finished|have\s+finished|'ve\s+finished)|(?:this|that|it)(?:'s|\s+is)\s+(?:done|finished|merged|in))\b(?!\s+(?:with|on)\s+(?:a|an|any|each|every)\b)|\bafter\s+(?:this|that)\s*[.!]?$/i;

export const isTimedByThisTasksEnd = (sentence: string): boolean => THIS_TASKS_END.test(sentence) && !LASTING.test(sentence);
