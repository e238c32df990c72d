import { TROUBLE } from './environmentFacts.js';

/**
 * The project's scope (decision 129): the level a quality is held to ("accessibility is best-effort, no formal WCAG
 * target"), what is put off to a later phase ("dark mode comes much later, after the current plans", "offline support
 * is for v2") and where the project runs ("it runs locally only"). None of it is in the code, and each decides how much
 * a change should do. Written from kinds of statement with invented sentences as their tests, never from a corpus
 * sentence.
 */

/** Qualities a project holds itself to at some level, named bare. */
const QUALITY = String.raw`(?:accessibility|a11y|seo|i18n|l10n|internationali[sz]ation|locali[sz]ation|performance|browser support|mobile support|responsiveness|test coverage|documentation|offline support|dark mode)`;

/**
 * A thing of the project named by a few words, never only pointed at ("it", "this", "that") nor a piece of the work at
 * hand ("the fix", "the rest", "the tests").
 */
const THING = String.raw`(?!(?:it|this|that|these|those|they|everything|something|anything)\b)(?!(?:the\s+)?(?:[\w'-]+\s+)?(?:fix|fixes|bug|bugs|change|changes|pr|commit|commits|refactor|review|cleanup|step|steps|task|tasks|rest|tests?|test suite|cleanup)\b)(?:the\s+)?[\w'-]+(?:\s+[\w'-]+){0,3}`;

/** "Accessibility is best-effort", "keep accessibility at best-effort level", "we target WCAG 2.2 AA". */
const QUALITY_LEVEL = new RegExp(
  [
    String.raw`^(?:(?:let's|lets|we(?:'ll| will)?)\s+)?(?:keep\s+)?${QUALITY}\s+(?:is|stays|remains|can be|will be|should be|at)\s+(?:a\s+|the\s+)?(?:best[- ]effort|basic|minimal)(?:\s+level)?\b`,
    String.raw`^${QUALITY}\s+(?:is|stays)\s+(?:not\s+a\s+(?:formal\s+)?(?:target|requirement|goal))\b`,
    String.raw`^(?:we\s+)?(?:target|aim for|commit to|must meet|need to meet|have to meet)\s+WCAG\s+\d`,
  ].join('|'),
  'i',
);

/** A later phase, named: "v2", "a later phase", "after the MVP", "after all the current plans". */
const LATER_PHASE = String.raw`(?:v2|version 2|phase (?:2|two)|a later (?:phase|version|release|milestone)|the next (?:phase|major version|milestone)|later (?:phases|versions|releases)|post-?mvp|after (?:the\s+)?(?:mvp|launch|v1|first release)|after (?:all\s+)?(?:the\s+|our\s+)?(?:current|other|existing)\s+(?:plans|work|features|milestones))`;

/**
 * What may follow "much later" for it to be a phase: the end, or when ("after all the current plans", "once we launch").
 * "Later in the pipeline" or "later than the parser" is a position in the code (decision 129, amended).
 */
const LATER_ENDS = String.raw`(?=\s*(?:[.!;]|$)|\s*,?\s*(?:after|once|when|in\s+${LATER_PHASE})\b)`;

/**
 * What may follow a phase: the end, or a clause that is no step. "v2 of the API" or "the v2 endpoint" names a version
 * of another thing, and ", call the v2 endpoint" is an order of the moment (decision 129, amended).
 */
const PHASE_ENDS = String.raw`(?!\s+(?:of|endpoints?|api|routes?|schema|client|server|format|branch)\b)(?!\s*,\s*(?:please\s+)?(?:call|use|hit|point|switch|add|fix|change|update|move|remove|write|make)\b)`;

/** "Dark mode comes much later", "offline support is for v2", "i18n can wait until after launch", "X is in the MVP". */
const DEFERRAL = new RegExp(
  [
    String.raw`^${THING}\s+(?:comes?|will come|can come|goes|can wait|waits|happens|will happen|is|are)\s+(?:much|a lot|way|far)\s+later(?:\s+on)?${LATER_ENDS}`,
    String.raw`^${THING}\s+(?:is|are|comes?|will come|can wait|goes|belongs?|is planned|are planned|is deferred|are deferred|is pushed|are pushed)\s+(?:for|in|to|until|till)?\s*${LATER_PHASE}\b${PHASE_ENDS}`,
    // "The old parser is in v1" says which version holds a piece of code, not what the first release holds.
    String.raw`^(?!the\s+(?:old|new|legacy|previous)\b)${THING}\s+(?:is|are|stays?|remains?)\s+(?:in|part of)\s+(?:the\s+)?(?:mvp|v1|first release|initial release)\b${PHASE_ENDS}`,
    String.raw`\bdecide\s+(?:on\s+)?${THING}\s+at\s+the\s+end\s+of\s+the\s+project\b`,
  ].join('|'),
  'i',
);

/** "It runs locally only", "the dashboard stays local-only", "this only runs on my machine". */
const WHERE_IT_RUNS =
  /^(?:it|this|the (?:project|app|tool|site|dashboard|service|bot))(?:'s|\s+(?:(?:only\s+)?(?:runs|will run|is run|lives|stays|is)|will\s+only\s+run))\s+(?:only\s+)?(?:locally|local-only|local)(?:\s+only)?(?:\s*,\s*(?:no|not|never)\s+[\w\s-]{1,40})?\s*(?:[.!]|$)/i;

/** Said of a change at hand or a report of the moment: "this button", "right now", "yet". */
const AT_HAND = /\b(?:right now|at the moment|today|yet|this (?!(?:project|repo|app)\b)\w+)\b/i;

/** Whether a sentence states the project's scope: a quality's level, a deferral to a later phase, where it runs. */
export const isProjectScope = (sentence: string): boolean =>
  (QUALITY_LEVEL.test(sentence) || DEFERRAL.test(sentence) || WHERE_IT_RUNS.test(sentence)) &&
  !AT_HAND.test(sentence) &&
  !TROUBLE.test(sentence);
