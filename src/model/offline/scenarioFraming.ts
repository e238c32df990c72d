import { LASTING } from './lastingWords.js';

/**
 * A sentence that sets up a scenario: "Imagine the remediation prompt…", "Suppose the importer
 * gets…", "Picture a new hire…", "Let's say…". The order said right after it describes what
 * happens in that scenario (what a designed prompt or job does, what would be true then), not how
 * the person wants the work done or how things are (decision 106).
 */
const SCENARIO = /^(?:imagine|suppose|picture|let's say|lets say|say (?:we|you|a|an|the|someone)\b)/i;

/** Whether a sentence, after the sentence before it, describes an imagined scenario; a lasting word keeps it a rule. */
export function describesScenario(before: string | undefined, sentence: string): boolean {
  return before !== undefined && SCENARIO.test(before) && !LASTING.test(sentence);
}
