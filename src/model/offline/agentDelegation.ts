/**
 * Which model, agent or skill does a kind of work (decision 104): "use Opus for planning and Sonnet
 * for the implementation", "use subagents for research", "use the /release-notes skill for
 * changelogs". How the person wants the work split holds for the next session too. Written from
 * kinds of statement with invented sentences as their tests, never from a corpus sentence.
 */

/** Models and agents by the names people give them. */
const WORKER = String.raw`(?:opus|sonnet|haiku|claude(?:\s+\w+)?|gpt-?[\w.]*|o\d(?:-\w+)?|gemini(?:\s+\w+)?|codex|subagents?|sub-agents?|parallel agents|explore agents|background agents)`;

/** Kinds of work, named as a kind: "planning", "the implementation", "reviews". */
const WORK = String.raw`(?:planning|plans|the plan|implementation|the implementation|implementing|reviews?|code reviews?|reviewing|the review|research|exploration|exploring|searching|searches|refactors|refactoring|tests|testing|docs|documentation|commit messages|changelogs?|release notes|summaries|triage)`;

/** "Use Opus for planning", "use Haiku to review the diffs". */
const MODEL_FOR_WORK = new RegExp(
  String.raw`^(?:please\s+)?(?:always\s+)?(?:use|have|let)\s+(?:a\s+|an\s+)?${WORKER}(?:\s+\d[\w.]*)?\s+(?:for\s+${WORK}(?=\s*[.!]?$|\s+and\s)|to\s+(?:do|write|make|review|plan|research|explore|implement|check|triage|summari[sz]e)\s+(?:the\s+|all\s+)?(?!(?:it|this|that|them|the|my|your)\b)[\w-]*[^\Ws]s\s*[.!]?$)`,
  'i',
);

/** "Use the /release-notes skill for changelogs", "use the writing-clearly skill when writing comments". */
const SKILL_FOR_WORK =
  /^(?:please\s+)?(?:always\s+)?use\s+(?:the\s+|our\s+)?(?:\/[\w-]+(?:\s+(?:skill|command))?|(?!(?:a|an)\s)[\w-]+\s+(?:skill|command|agent|subagent))\s+(?:for|when|whenever)\s+(?!(?:it|this|that|them|the|my|your)\b)\w+/i;

/** Said of the thing at hand or of the moment. */
const AT_HAND = /\b(?:now|today|this time|for now|on (?:this|that|it)\b|(?:this|that) (?:file|one|change|pr))/i;

/** Whether a sentence says which model, agent or skill does a kind of work. */
export const isAgentDelegation = (sentence: string): boolean =>
  (MODEL_FOR_WORK.test(sentence) || SKILL_FOR_WORK.test(sentence)) && !AT_HAND.test(sentence);
