import type { DecidedKind } from './decisionKinds.js';
import { NAMED } from './environmentFacts.js';
import { traced } from './statementTrace.js';

/**
 * The tools a project is built with, said plainly (decision 125): "we use pnpm as the package manager", "our test
 * runner is vitest", "this project uses Astro", "use ruff for linting", "switch to uv as the package manager". Written
 * from kinds of statement with invented sentences as tests, never from a corpus sentence. What is used must be a name
 * and, in an order, the role it plays must be said: "use the helper in utils.ts for this" and "we use a map here" are
 * the work at hand or what code does, and end up in no shape below.
 */

/**
 * The kinds of tool a project picks once and keeps, as a role said after "as" or after "our"/"the": a closed list,
 * because a role word is what tells a lasting choice of tool from a thing used for the work of the moment ("use the
 * staging database for this test" names a thing, not a kind of tool). They are the tools people work with (install,
 * run, test, lint, build with) and what a part of the project stands on: an agent needs them before it opens a file. A
 * library the code uses inside it (for styling, logging, state) is what the code says (decision 104), and a service
 * outside the code (a tracker, CI, a host) is decision 104's own kind.
 */
const ROLE = String.raw`(?:package manager|dependency manager|version manager|test runner|test framework|testing framework|(?:web |frontend |backend |front-end |back-end )?framework|database|db|datastore|data store|orm|linter|formatter|bundler|build tool|build system|task runner|type checker|typechecker|monorepo tool|runtime|programming language|static site generator|site generator|migration tool)`;

/**
 * The kinds of work a tool is kept for, said after "for": "use ruff for linting", "we use Astro for the site". A part
 * of the project ("the site", "the backend") is one too; "for this", "for now", "for the test" are not in the list.
 */
const WORK = String.raw`(?:linting|formatting|testing|tests|unit tests|e2e tests|end-to-end tests|type ?checking|bundling|builds|packaging|package management|dependency management|migrations|(?:the|our)\s+(?:site|website|frontend|front-end|backend|back-end|docs|api|ui|cli|server|client|blog|landing page|dashboard|mobile app))`;

const ROLE_SAID = String.raw`\s+(?:as\s+(?:(?:the|our|a|an)\s+)?(?<role>${ROLE})|for\s+(?:all\s+(?:our\s+)?|(?:our|the)\s+(?=${ROLE}\b))?(?<work>${ROLE}|${WORK}))`;

/** Where the choice holds, after it: the project as a whole, never one file or this time. */
const WHOLE_PROJECT = String.raw`(?:\s+(?:here|everywhere|in this (?:repo|project|codebase)|across the (?:repo|project|codebase)))?`;

/** What is used: a backticked name, or up to three words, read for whether they are a name by `isToolName`. */
const WORD = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}.+#@/_-]*[\p{L}\p{N}+#])?`;
const THING = String.raw`(?<thing>\x60[^\x60]{1,40}\x60|${WORD}(?:\s+${WORD}){0,2}?)`;

const END = String.raw`\s*[.!]?$`;
const LEAD = String.raw`^(?:(?:so|and|also|yeah|yes|ok|okay|fyi|note),?\s+)?(?:(?:in|for|on)\s+this\s+(?:repo|project|codebase|app),?\s+)?`;
const WHO = String.raw`(?:we|the team|our team|the project|this project|this repo|the repo|this codebase|the codebase|our (?:app|project|repo|codebase|stack|site|backend|frontend))`;
/** "Is written in", "is built with": the verb says the kind of tool (a language, a framework), as a role would. */
const USES = String.raw`(?:'re\s+(?:now\s+)?using|\s+(?:now\s+)?(?:use|uses|are using|is using|rely on|relies on|(?:have\s+)?standardi[sz]ed on|(?<kindSaid>(?:is|are)\s+built\s+(?:with|on)|build with|(?:is|are)\s+written\s+in)|runs? on))`;

/** "We use pnpm as the package manager", "this project uses Astro": a fact of the project (decision 47's project kind). */
const STATED = new RegExp(`${LEAD}${WHO}${USES}\\s+${THING}(?:${ROLE_SAID})?${WHOLE_PROJECT}${END}`, 'iu');

/** "Our package manager is pnpm", "the test runner here is vitest": a fact of the project. */
const ROLE_IS = new RegExp(
  `${LEAD}(?:our|the)\\s+(?<role>${ROLE})(?:\\s+(?:here|in this (?:repo|project|codebase)|for this (?:repo|project)))?\\s+(?:is|will be)\\s+(?:now\\s+)?${THING}${WHOLE_PROJECT}${END}`,
  'iu',
);

/** "Use vitest as the test runner", "use ruff for linting": how to work (decision 47's "use X, not Y"), the role said. */
const ORDERED = new RegExp(
  `^(?:please\\s+)?(?:always\\s+)?(?:use|go with|stick with|stick to|prefer)\\s+${THING}${ROLE_SAID}${WHOLE_PROJECT}(?:,?\\s+please)?${END}`,
  'iu',
);

/** "Switch to uv as the package manager": a move to another tool, a decision of the project (decision 110), the role said. */
const MOVED = new RegExp(
  `^(?:please\\s+|let's\\s+|lets\\s+|we(?:'ll| will| should)\\s+)?(?:switch|move|migrate)\\s+(?:over\\s+)?to\\s+${THING}${ROLE_SAID}${WHOLE_PROJECT}${END}`,
  'iu',
);

const NAME = new RegExp(`^${NAMED}$`, 'u');

/** Words that stand where a name would and name nothing: a determiner, a pronoun, a quantity or a plain medium. */
const NOT_A_NAME =
  /^(?:a|an|the|this|that|these|those|it|its|them|my|your|our|their|his|her|some|any|all|each|every|both|either|neither|one|same|other|another|more|less|much|many|too|so|just|only|also|still|now|then|here|there|something|anything|nothing|everything|memory|disk|ram|files?|folders?|code|scripts?|tabs|spaces|time|whatever|whichever)$/i;

/**
 * Products that are services outside the code, never a tool the project is built with, whatever role is said after
 * them: a chat, an AI assistant, a tracker, a CI service (decision 104's kind, decision 125 amended). "We use Jira as
 * the database" is no fact of the stack.
 */
const SERVICE_PRODUCT =
  /^(?:slack|discord|teams|zulip|mattermost|linear|jira|trello|asana|clickup|shortcut|youtrack|claude(?: code)?|chatgpt|gpt-?\d*|copilot|cursor|gemini|codex|github actions|gitlab ci|circleci|travis(?: ci)?|buildkite|jenkins|teamcity)$/i;

/**
 * Whether the words name a tool: backticked; a name by its shape (a capital, a dot or slash inside, a version, a
 * lower-case tool people write so) with more words only capitalised or versions ("GitHub Actions", "Postgres 16");
 * or, when the role is said, one lower-case word that is no determiner, pronoun or plain medium ("ruff", "uv").
 */
export function isToolName(thing: string, roleSaid: boolean): boolean {
  if (/^\x60[^\x60]+\x60$/.test(thing)) return true;
  if (SERVICE_PRODUCT.test(thing)) return false;
  const [first = '', ...rest] = thing.split(/\s+/);
  if (NOT_A_NAME.test(first) || !rest.every((word) => /^(?:\p{Lu}[\p{L}\p{N}.+#-]*|v?\d+(?:\.\d+)*)$/u.test(word))) return false;
  if (NAME.test(first)) return true;
  return roleSaid && rest.length === 0 && /^\p{Ll}(?:[\p{Ll}\p{N}.+-]*[\p{Ll}\p{N}])?$/u.test(first);
}

const SHAPES: ReadonlyArray<readonly [string, RegExp, DecidedKind]> = [
  ['tool-stated', STATED, { type: 'project', cue: 'project-fact' }],
  ['tool-role-is', ROLE_IS, { type: 'project', cue: 'project-fact' }],
  // Its cue is no rule's and it is an order: among numbered steps, an order to use a tool is one of the steps.
  ['tool-ordered', ORDERED, { type: 'feedback', cue: 'project-fact', order: true }],
  ['tool-moved', MOVED, { type: 'project', cue: 'project-fact' }],
];

/**
 * Whether a name tells by itself that it is a tool, with no role said (decision 125, amended): backticked, written
 * lower-case ("pnpm", "next.js"), with a dot or slash inside ("Node.js") or a version ("Postgres 16"). A capital
 * alone ("We use Slack", "We use GitHub Actions") names a product of any kind, a chat, a tracker, a CI service, which
 * is decision 104's, and it is left to it and to decision 77.
 */
export function isToolByItsShape(thing: string): boolean {
  if (/^\x60[^\x60]+\x60$/.test(thing)) return true;
  const [first = '', ...rest] = thing.split(/\s+/);
  return /^\p{Ll}/u.test(first) || /\p{L}[./]\p{L}/u.test(first) || rest.some((word) => /^v?\d+(?:\.\d+)*$/.test(word));
}

/** The kind of a statement of a tool the project is built with, if the sentence is one (decision 125). */
export function toolOfTheProject(sentence: string): DecidedKind | undefined {
  for (const [name, shape, kind] of SHAPES) {
    const groups = shape.exec(sentence.trim())?.groups;
    if (groups === undefined) continue;
    const thing = groups.thing ?? '';
    // The role as the subject ("our linter is…") tells nothing of the word after "is": "the database is down".
    const roleSaid = shape !== ROLE_IS && (groups.role !== undefined || groups.work !== undefined);
    if (shape === STATED && !roleSaid && groups.kindSaid === undefined && !isToolByItsShape(thing)) continue;
    if (isToolName(thing, roleSaid)) return traced(name, { ...kind });
  }
  return undefined;
}
