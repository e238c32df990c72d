/**
 * Requests, as people make them in real sessions, sorted into the work of the moment and the
 * way work goes from now on (decision 77). Written from kinds of statement, like
 * statementKinds.ts, never from a corpus sentence.
 */
import { NAMED } from './environmentFacts.js';
import { isAgentDelegation } from './agentDelegation.js';
import { isCommunicationStyle } from './communicationStyle.js';
import { isFindingsOrder, isStandingPermission } from './standingPermission.js';
import { IMPERATIVE } from './statementKinds.js';
import { capitalise } from './capitalise.js';

/** "I want you to…", "I'd like you to…", "I need you to…": asking for something, said as a wish. */
const WISH_OPENER =
  /^(?:(?:ok(?:ay)?|so|now|then)[\s,]+)?(?:I|we)(?:'d|\s+would)?\s+(?:just\s+|really\s+|only\s+)?(?:want|need|like)\s+you\s+to\s+(?:also\s+|now\s+|first\s+|just\s+)?/i;

/**
 * A wish for work now: "I want you to add integration tests…". Said with a verb of how to work
 * ("I want you to use pnpm") it is a preference, which the caller decides by its other cues.
 */
export function isWorkWish(sentence: string): boolean {
  const opener = WISH_OPENER.exec(sentence);
  if (opener === null) return false;
  const rest = sentence.slice(opener[0].length);
  // "I just need you to know that staging is…" states a fact.
  return !IMPERATIVE.test(rest) && !/^(?:know|remember|keep in mind|be aware|understand|note)\b/i.test(rest);
}

/**
 * A symptom, not a rule: "we never get a reply", "the page never shows the draft". Something
 * the person saw not happen; a habit of theirs ("we never show stack traces") is a rule.
 */
export const SYMPTOM =
  /^(?![^.!?]*(?:\b(?:so|that's why|therefore)\b|[,;]\s*(?:always|never|please|make sure)\b))(?:the\s+|our\s+|my\s+)?(?:[\w.-]+\s+){1,3}(?:fails?|breaks?|hangs?|crash(?:es)?|times? out|gets? stuck|errors? out|blows? up|shows? up|goes down|dies)\b[^.!?]{0,60}?\b(?:when(?:ever)?|every time|each time|on every)\b|\b(?:started|starting|begun|began) (?:seeing|getting|noticing|hitting|having) (?:this|it|that|these|those|the same|an? (?:error|crash|warning|issue|problem))\b|\bnever\s+(?:get|gets|got|receive|receives|received|see|sees|saw|hear|hears|heard)\b|^(?!(?:we|you|i|please|just|and)\b)(?:\S+\s+){1,4}never\s+(?:shows?|loads?|returns?|works?|finish(?:es)?|arrives?|appears?|responds?|happens?|fires?|completes?|renders?|updates?|starts?|ends?|exits?|stops?)\b/i;

/** A status: "the job is currently hanging", "currently is stuck at 40%". True today, not tomorrow. */
export const STATUS = /\bcurrently\s+(?:is|are|isn't|aren't|seems?|looks?)\b|\b(?:is|are|isn't|aren't)\s+currently\b/i;

/** A polite question that asks for a lasting rule: "can you always use pnpm here?" */
const POLITE_OPENER = /^(?:please\s+)?(?:can|could|would|will)\s+you\s+(?:please\s+)?/i;
/** A pointer or a word of the moment in a suggested rule: what it suggests is for the work at hand. */
const POINTS_AT_HAND = /\b(?:it|this|that|these|those|them|here|(?<!from )now|today)\b/i;
const WHY_DONT_YOU = /^why\s+(?:don't|do not)\s+(?:you|we)\s+(?=(?:always|never|just\s+)?[a-z]+\s+(?!it\b|this\b|that\b|so\b)\S)/i;
const LASTING = /\b(?:always|never|from now on|going forward|in (?:the )?future|every time|each time|whenever|by default)\b/i;

/**
 * A change asked for after what prompted it, covering what comes later of a kind ("…could we change
 * this to use the maintainer key, also for future releases?"): a convention, decision 101.
 */
const CHANGE_OPENER = /(?:^|\s)(?:can|could|would)\s+(?:we|you)\s+(?:please\s+)?(?=(?:change|switch|make|move|update|set)\b)/i;
// "The following changes" are the ones at hand, listed next: things to come are named after "for", "in" or "on",
// or as "following commits" with no article.
const LATER_OF_A_KIND =
  /\b(?:for|in|on)\s+(?:all\s+)?(?:future|subsequent|upcoming|later)\s+[\w-]+s\b|(?<!\b(?:the|these|those|all the)\s+)\bfollowing\s+[\w-]+s\b/i;

/**
 * A way of writing named bare or with "a": "a switch", "early returns", "async/await". Never a thing
 * pointed at or owned ("that loop", "my branch"), a value ("port 3001") or a file ("`config.ts`").
 */
const WAY = String.raw`(?:(?:a|an)\s+)?(?!(?:the|this|that|these|those|my|your|our|its|it|them|one|other)\b)[a-z][\w/-]*(?:\s+(?!(?:the|this|that|these|those|it|one|please)\b)[a-z][\w/-]*){0,2}`;

/**
 * One general way asked for instead of another, as a question (decision 104): "can you use a switch
 * instead of chained if/else?", often the reason a person gives when they refuse an edit. Said of
 * things at hand ("instead of that loop", "for this"), it is the work of the moment.
 */
const WAY_INSTEAD = new RegExp(
  String.raw`^(?:please\s+)?(?:can|could|would|will)\s+(?:you|we)\s+(?:please\s+)?(use\s+${WAY}\s+(?:instead of|rather than)\s+${WAY})(?:\s+please)?\s*\?\s*$`,
  'i',
);

/**
 * Why a general way is not used, which proposes it (decision 104): "why aren't we using table-driven
 * tests for these parsers?", "why not use named exports?". Not what went wrong ("why didn't you…"),
 * nor a way for the spot at hand ("…here?").
 */
const WHY_NOT_WAY = new RegExp(
  String.raw`^(?:why\s+(?:aren't|are not|don't|do not)\s+(?:we|you)\s+(?:using|use)|why not use)\s+(${WAY}(?:\s+for\s+[^?]{2,60})?)\s*\?\s*$`,
  'i',
);

/** A way named as a kind, plural, paired or a branching construct ("early returns", "if/else", "a switch"); "a map", "curl", "git" are one tool for the task (decision 104, review). */
const KIND_OF_WAY = /[a-z][^\Ws]s\b|\w\/\w|\b(?:switch|ternary|if-?else|ifelse)\b/i;

/**
 * A question of its own after the request ("can you review this, are we safe to never send…?"): a lasting
 * word there is what is asked about, not what is asked for (decision 106, amended).
 */
const QUESTION_OF_ITS_OWN = /,\s*(?:are|is|do|does|did|can|could|will|would|should|am|have|has)\s+(?:we|i|they|there)\b/i;

/** Whether a lasting word belongs to the request itself, before any question of its own. */
function lastingInRequest(sentence: string): boolean {
  const lasting = LASTING.exec(sentence);
  if (lasting === null) return false;
  const question = QUESTION_OF_ITS_OWN.exec(sentence);
  return question === null || lasting.index < question.index;
}

/**
 * The rule a polite question asks for, as the person would have said it plainly ("Always use
 * pnpm here."), or undefined when it is no such question.
 */
export function ruleAskedFor(sentence: string): string | undefined {
  const way = WAY_INSTEAD.exec(sentence)?.[1];
  if (way !== undefined && KIND_OF_WAY.test(way)) return `U${way.slice(1)}.`;
  const proposed = WHY_NOT_WAY.exec(sentence)?.[1];
  if (
    proposed !== undefined &&
    KIND_OF_WAY.test(proposed.split(/\s+for\s+/)[0] ?? '') &&
    !/\b(?:here|now|instead|this time|for (?:this|that|it|the))\b/i.test(sentence)
  )
    return `Use ${proposed}.`;
  // "why don't you always use pnpm": a suggestion asked, the rule it suggests said plainly (decision 123, amended).
  const suggested = WHY_DONT_YOU.exec(sentence);
  if (suggested !== null && lastingInRequest(sentence)) {
    const rest = sentence.slice(suggested[0].length).replace(/\s*[?.!]*\s*$/, '.');
    // What it points at or says of now is the work at hand: "why don't you always do this?", "…use pnpm here?".
    if (rest.length >= 8 && !POINTS_AT_HAND.test(rest)) return capitalise(rest);
  }
  const polite = POLITE_OPENER.exec(sentence);
  const opener =
    polite !== null && lastingInRequest(sentence) ? polite : LATER_OF_A_KIND.test(sentence) ? CHANGE_OPENER.exec(sentence) : null;
  if (opener === null) return undefined;
  const rest = sentence.slice(opener.index + opener[0].length).replace(/\s*\?+\s*$/, '.');
  return rest.length < 8 ? undefined : capitalise(rest);
}

/**
 * A request tied to the person's standing setup: "run it on a different port for me, so I can
 * compare with my regular install". What it asks for holds as long as that setup does.
 */
export const SETUP_REQUEST = new RegExp(
  [
    String.raw`\bfor me\b[^.]*\b(?:my|our)\s+(?:regular|usual|normal|own|main|existing|daily|default|everyday|other)\s+\w+`,
    String.raw`\b(?:my|our)\s+(?:regular|usual|normal|own|main|existing|daily|default|everyday|other)\s+\w+[^.]*\bfor me\b`,
    // apart from what the person runs themselves: "on a separate port for me", "for me, serve it on port 3001"
    String.raw`\bon\s+(?:a\s+)?(?:different|another|separate|other|its own|port\s+\d{2,5})\b[^.]*\bfor me\b`,
    String.raw`\bfor me\b[^.]*\bon\s+(?:a\s+)?(?:different|another|separate|other|its own|port\s+\d{2,5})\b`,
  ].join('|'),
  'i',
);

/** "We use pnpm here": how things are done in this project. "We use a map here" says what the code does (decision 125). */
export const HOUSE_TOOL =
  /\bwe\s+(?:use|run|build with|test with|deploy with|install with)\s+(?!(?:a|an|the|this|that|these|those|some|my|your|its|their)\b)[\w.@/+#-]+(?:\s+[\w.@/+#-]+)?\s+(?:here|in this (?:repo|project|codebase|package))\b/i;

/**
 * A fact said with what it is not: "the uploads bucket is in eu-west-1, not us-east-1". Its
 * subject is a thing of the project, never a pronoun; a bug located this way is a fix story.
 */
export const FACT_NOT = new RegExp(
  [
    String.raw`^(?:the|our)\s+(?:[\w-]+\s+){0,3}(?:is|are|lives|live|runs|run|sits|goes|go)\b[^,.]{1,60},\s*not\s+\S+`,
    // Set against another quoted value, a comma is not needed: the trailer is just "Done:" not "Status:" (decision 101).
    String.raw`^(?:the|our)\s+[^"'\x60]{1,80}?\s(?:is|are)\s+(?:just\s+|only\s+)?(["'\x60])[^"'\x60]{1,40}\1,?\s+(?:and\s+)?not\s+(["'\x60])[^"'\x60]{1,40}\2`,
  ].join('|'),
  'i',
);

/**
 * A naming scheme with a placeholder: "name it py[ver] with [ver] being the Python version".
 * A convention for every such thing, not the one name of the moment.
 */
export const NAMING_SCHEME =
  /^(?:please\s+)?(?:name|call|prefix|suffix|label|tag)\s+(?:it|them|each\s+\w+|every\s+\w+|all\s+\w+|the\s+\w+)\s+\S*[[<{(][\w-]+[\]>})]\S*|^(?:please\s+)?(?:name|call)\s+(?:it|them|each\s+\w+|every\s+\w+|all\s+\w+|the\s+\w+)\s+\S+\s+(?:with|where)\s+\S+\s+(?:being|is|standing for)\b/i;

/** A statement that names its subject only by a pronoun after its verb ("Name it…", "Run them…"): the sentence before says what. */
export const NAMES_BY_PRONOUN = /^(?:please\s+)?\w+\s+(?:it|them|that|this|those|these)\b/i;

/** A plan or a change waits for the person: "get my approval on the plan first". */
const APPROVAL_FIRST = /\b(?:get|wait for|ask for|need|have)\s+my\s+(?:approval|ok|okay|sign-?off|go-ahead|green light)\b/i;

/** A practice started or stopped from now on: "I'd like to start committing the snapshots". Starting on a fix is the work of the moment. */
const PRACTICE_CHANGE =
  /\b(?:let's|lets|I'd like to|I would like to|I want to|we(?:'ll| will| should))\s+(?:start|begin|stop)\s+(?!(?:fixing|debugging|implementing|working|looking|investigating|refactoring|building|coding|reviewing|checking|with|on)\b)\w+ing\s+(?!(?:this|that|it|these|those|here|now)\b)/i;

/**
 * A convention asked for over a whole kind of thing, not the things at hand (decision 93): "put all
 * scripts in tools/", "keep functions under 40 lines", "let's keep pull requests small". "All the
 * files", "these functions" name the work of the moment.
 */
const CONVENTION_REQUEST = new RegExp(
  [
    String.raw`^(?:please\s+|let's\s+|lets\s+)?(?:put|keep|write|name|place|store)\s+(?:all|every|each|any)\s+(?!(?:the|these|those|of|my|your|our|this|that)\b)[\w-]+`,
    String.raw`^(?:please\s+|let's\s+|lets\s+)?keep\s+(?!(?:the|these|those|this|that|it|them|my|your|our)\b)(?:[\w-]+\s+)?[\w-]+s\s+(?:small|short|focused|simple|tiny|(?:under|below|within|at most|to|no (?:longer|more) than)\s+\d+)\b(?![^.]*\b(?:for now|right now|yet)\b)`,
  ].join('|'),
  'i',
);

/**
 * One tool over another for a kind of work: "write the tests in vitest, not jest", "manage the
 * packages with pnpm, not npm" (decision 93). Said of "it" or "this", it is about the work at hand.
 */
const TOOL_CHOICE = new RegExp(
  String.raw`^(?:please\s+)?(?:write|use|deploy|build|test|install|format|lint|package|publish|manage|run)\s+(?!(?:it|this|that|them)\b)[^,]{0,60}\b(?:in|with|using|via|through|on|from)\s+${NAMED},\s*(?:not|never)\s+(?:with\s+|in\s+)?(?:the\s+)?${NAMED}`,
  'u',
);

/** A request that says how work goes from now on, in the words of a request (decision 77). */
export const isLastingRequest = (sentence: string): boolean =>
  SETUP_REQUEST.test(sentence) ||
  HOUSE_TOOL.test(sentence) ||
  APPROVAL_FIRST.test(sentence) ||
  PRACTICE_CHANGE.test(sentence) ||
  CONVENTION_REQUEST.test(sentence) ||
  isStandingPermission(sentence) ||
  isFindingsOrder(sentence) ||
  isAgentDelegation(sentence) ||
  isCommunicationStyle(sentence) ||
  // Case-sensitive for the names, so the verb is read without its capital.
  TOOL_CHOICE.test(sentence.charAt(0).toLowerCase() + sentence.slice(1));
