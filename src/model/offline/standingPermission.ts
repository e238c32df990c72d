/**
 * How far the agent may go on its own, and what to do with a kind of finding (decision 104): a
 * standing permission ("you can merge PRs yourself once CI is green", "feel free to commit without
 * asking") and a standing order for things of a kind that will come up again ("turn findings into
 * GitHub issues using the template"). Written from kinds of statement with invented sentences as
 * their tests, never from a corpus sentence.
 */

/** Granting leave: "you can", "feel free to", "you have my permission to". */
const PERMISSION =
  /^(?:you(?:\s+(?:can|may|are allowed to|have my (?:permission|ok|okay|blessing) to)|'re allowed to)|feel free to|it's (?:fine|ok|okay) (?:for you )?to)\s+(?:always\s+)?([a-z]+)\s+(.{3,100})$/i;

/**
 * What makes leave standing rather than for one thing: on its own ("yourself", "without asking"), on
 * a condition of a kind ("once CI is green", "whenever"), or over a kind of thing named bare and
 * plural ("feature branches", "for docs-only changes").
 */
const STANDING =
  /\b(?:yourself|without (?:asking|checking|my approval|waiting|confirmation|a review)|whenever|any ?time|every time|once (?!(?:the|this|that|these|those|it|they)\b)\w+)\b|(?:^|\s)(?!(?:the|this|that|these|those|my|your|its)\s)(?:[\w-]+\s+)?(?<!\b(?:the|this|that|these|those|my|your|its|our)\s+(?:(?!(?:for|to|in|on|of|with)\s)[\w-]+\s+){0,3})[\w-]*[^\Ws]s\s*(?:[.!]|$)/i;

/** Leave for the work at hand: "now", "this one", "it". */
const AT_HAND = /\b(?:now|today|this time|for now|it|this|that|these|those)\b/i;

/** Verbs of what the agent does, not of how it may be ("be wrong", "take a look"). */
const ACTION =
  /^(?:merge|commit|push|install|skip|run|deploy|release|publish|delete|remove|update|upgrade|bump|rename|refactor|edit|change|add|create|open|close|rebase|squash|tag|restart|use|fix|format|regenerate)$/i;

/** Whether a sentence grants a standing permission. */
export function isStandingPermission(sentence: string): boolean {
  const match = PERMISSION.exec(sentence);
  if (match === null || !ACTION.test(match[1] ?? '') || sentence.endsWith('?')) return false;
  const rest = match[2] ?? '';
  return !AT_HAND.test(rest) && STANDING.test(rest);
}

/**
 * An order over a kind of finding, from now on: "turn findings into GitHub issues", "file new bugs
 * as GitHub issues", "report flaky tests in the #ci channel". The kind is named bare and plural or
 * with "new", "all", "any"; "these findings", "the results" are at hand.
 */
const FINDINGS_ORDER =
  /^(?:please\s+)?(?:always\s+)?(?:turn|file|report|log|record|track|raise|write up|convert)\s+(?:(?:all|any|new|every)\s+)?(?:[\w-]+\s+)?(?:findings|bugs|issues|problems|regressions|flaky tests|flakes|failures|todos|ideas|feature requests|incidents|vulnerabilities|follow-?ups)\s+(?:as|into|in|on|to)\s+(?!(?:it|this|that|me|us|the (?:file|doc|list|readme))\b)\S/i;

/** Whether a sentence orders what to do with a kind of finding. */
export const isFindingsOrder = (sentence: string): boolean => FINDINGS_ORDER.test(sentence) && !AT_HAND.test(sentence);
