/**
 * A report that something works now (decision 148): "auto strategy seems to work", "the login flow works now", "the
 * shading is now correct". It says how the work stands at this moment, like a failure does (decision 136), even after
 * "note:": a fact to keep says how something is, not that a try just came out right.
 */
const WORKING_NOW = new RegExp(
  [
    String.raw`\b(?:seems?|looks?|appears?)\s+to\s+(?:work|be\s+(?:working|fixed|correct|right|fine|ok|okay|good|resolved))\b`,
    String.raw`\b(?:works|is\s+working|are\s+working|is\s+fixed|are\s+fixed|passes|pass|is\s+correct|looks\s+(?:good|right|correct|fine))\s+now\b`,
    String.raw`\b(?:is|are)\s+now\s+(?:correct|fixed|working|right|fine|ok|okay|good|resolved|passing|green)\b`,
    String.raw`\bnow\s+(?:works|passes|renders|loads|shows)\b`,
  ].join('|'),
  'i',
);

/** Whether a sentence reports that something works at this moment. */
export const reportsWorkingNow = (sentence: string): boolean => WORKING_NOW.test(sentence);
