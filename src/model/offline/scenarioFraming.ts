import { LASTING } from './lastingWords.js';

/**
 * A sentence that sets up a scenario: "Imagine the remediation prompt…", "Suppose the importer
 * gets…", "Picture a new hire…", "Let's say…" ("picture" and "say" followed by who or what: "Picture
 * quality matters" opens with a noun, "Say the word" is a request). The order said right after it
 * describes what happens in that scenario (what a designed prompt or job does, what would be true
 * then), not how the person wants the work done or how things are (decision 106).
 */
const SCENARIO =
  /^(?:imagine|suppose|let's say|lets say|(?:picture|say)(?=\s+(?:we|you|yourself|a|an|the|this|someone|somebody|that)\b)(?!\s+the word\b))\b(?!\s+(?:so|not)\b)/i;

/**
 * An opener that sets a condition for what follows rather than a scenario (decision 106, amended):
 * it puts "you" or "we" in a situation ("Suppose you are unsure…", "Imagine you're about to delete
 * files") or says how something is ("Let's say the API is down", "Suppose that's fine"). The order
 * after it is a rule for that case.
 */
const CONDITION =
  /^(?:imagine|suppose|let's say|lets say|say)\s+(?:that\s+)?(?:(?:you|you're|we|we're|I|I'm)\b|(?:[\w-]+\s+){0,3}?(?:[\w-]+'s|is|are|isn't|aren't|was|were)\b)/i;

/** Whether a sentence opens a scenario: not an exclamation ("Imagine how slow that was!"), not a condition. */
function opensScenario(sentence: string): boolean {
  return SCENARIO.test(sentence) && !sentence.endsWith('!') && !CONDITION.test(sentence);
}

/** Whether a sentence, after the sentence before it in its paragraph, describes an imagined scenario; a lasting word keeps it a rule. */
export function describesScenario(before: string | undefined, sentence: string): boolean {
  return before !== undefined && opensScenario(before) && !LASTING.test(sentence);
}
