import { LASTING } from './lastingWords.js';

/**
 * A sentence that sets up a scenario: "Imagine the remediation prompt…", "Suppose the importer
 * gets…", "Picture a new hire…", "Let's say…" ("picture" and "say" followed by who or what: "Picture
 * quality matters" opens with a noun). The order said right after it describes what happens in that
 * scenario (what a designed prompt or job does, what would be true then), not how the person wants
 * the work done or how things are (decision 106).
 */
const SCENARIO = /^(?:imagine|suppose|let's say|lets say|(?:picture|say)\s+(?:we|you|yourself|a|an|the|this|someone|somebody|that)\b)/i;

/** Whether a sentence, after the sentence before it, describes an imagined scenario; a lasting word keeps it a rule. */
export function describesScenario(before: string | undefined, sentence: string): boolean {
  return before !== undefined && SCENARIO.test(before) && !LASTING.test(sentence);
}
