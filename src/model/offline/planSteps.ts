/**
 * A line of a plan labelled with its place in it: "Step 4: implement the frame budget", "Phase 2 — migrate the data",
 * "Priority 1: render scale controller", "Line 97: change the threshold" (decision 134). Whoever wrote the plan, the
 * person or another assistant, each such line is a piece of work to do once, not how to work: a "budget", an "incident"
 * or a "never" in it makes no fact or rule of the project.
 */
const PLAN_LABEL =
  /^\s*(?:step|phase|priority|task|stage|milestone|part|line|lines|item|fix|issue|todo|action|change)\s*#?\d+[a-z]?(?:\s*[-–]\s*\d+)?\s*(?:[:.)]|\s[-–—])\s*\S/i;

/** Whether a sentence is a labelled step of a plan. */
const LASTING = /\b(?:always|never|every|all|from now on|in this (?:repo|project|codebase))\b/i;
export const isPlanStep = (sentence: string): boolean => PLAN_LABEL.test(sentence) && !LASTING.test(sentence);
