import type { DecidedKind } from './decisionKinds.js';
import { ELSEWHERE, FILE_OR_PATH, FOLDER, HOLDER, JOINED_NAME, LOOKED_UP_IN, STATE_WORDS } from './placeWords.js';
import { traced } from './statementTrace.js';

/**
 * Where a kind of thing of the project is kept (decision 128): "Migrations live in db/migrations, one file per change",
 * "Design notes go in docs/adr/", "The deploy scripts are in the infra repo, not here", "Create issues in issues/
 * following the template". Written from kinds of statement with invented sentences as tests, never from a corpus
 * sentence.
 *
 * What is placed is a kind (a plural or a mass noun of a closed list of what projects hold), or one thing said to be in
 * another repository: one file the checkout holds ("the config file lives in src/config/index.ts") is what the code
 * shows. The place is named: a path, a file, a holder of code with a word of its own ("the infra repo"), or a name
 * joined with a dash. The verb is said in the present, as how things are: a modal ("must live in") is a rule's words
 * and stays with the rule finders.
 */

/** The kinds of thing a project keeps in one place, plural. */
const KINDS = String.raw`(?:migrations|tests|specs|fixtures|mocks|stubs|seeds|scripts|docs|notes|plans|designs|decisions|adrs|rfcs|templates|assets|images|icons|fonts|styles|stylesheets|components|helpers|utils|utilities|handlers|routes|controllers|views|pages|models|schemas|types|typings|hooks|workflows|pipelines|jobs|manifests|charts|modules|packages|prompts|translations|locales|examples|samples|benchmarks|reports|issues|tickets|todos|changelogs|screenshots|diagrams|queries|artifacts|artefacts|binaries|dockerfiles|definitions|configs|settings|playbooks|runbooks|guides|tutorials|recipes|experiments|notebooks|datasets|dashboards|agents|skills|commands|rules)`;

/** The mass nouns of the same: what a project has some of, not a number of. */
const MASS = String.raw`(?:logic|code|source|source code|config|configuration|documentation|infrastructure|infra|tooling|deployment|data|styling|copy|content)`;

/** One thing of the project, placed only when the place is another repository: "the deploy script is in the infra repo". */
const ONE_THING = String.raw`(?:script|config|pipeline|workflow|frontend|backend|api|server|service|worker|library|lib|package|module|schema|spec|chart|site|website|app|cli|sdk|client|deployment|deploy|dashboard|docs|documentation|runbook|playbook|template|plan|roadmap|changelog)`;

/** The words before a head noun, none of them a pointer, pronoun or article: "deployment", "the billing", "our e2e". */
const MODIFIERS = String.raw`(?:(?!(?:this|that|these|those|it|its|my|your|his|her|their|which|what|a|an|some|no|one|each|every|all|there|here)\b)[\w.@-]+\s+){0,3}`;

/** A date in a place names one run's output ("reports/2026-06-01/"), not where a kind of thing lives. */
const DATED = /\d{4}-\d{2}/;

/** The words that point at things at hand before a kind in an order: "put these scripts…", "save the images…". */
const NOT_AT_HAND = String.raw`(?!(?:this|that|these|those|the|my|your|his|her|its|their|it)\b)`;

/** The subject, a kind or one thing, opening the sentence after a word or two that lead in. */
const LEAD = String.raw`^(?:(?:so|and|also|fyi|btw|note|ps|oh|and also),?:?\s+)?`;
const KIND_SUBJECT = String.raw`(?<kind>(?:(?:all\s+(?:of\s+)?)?(?:our|the)\s+|all\s+)?${MODIFIERS}(?:${KINDS}|${MASS}))`;
const THING_SUBJECT = String.raw`(?<thing>(?:the|our)\s+${MODIFIERS}${ONE_THING})`;
const EACH_SUBJECT = String.raw`(?<each>(?:each|every)\s+${MODIFIERS}[\w-]+)`;

/** Kept there, said in the present: "live in", "go under", "are kept in", "get generated into", "is in". */
const KEPT = String.raw`(?:live|lives|sit|sits|reside|resides|go|goes|belong|belongs|(?:is|are|get|gets)(?:\s+(?:all|always|usually|now))?(?:\s+(?:kept|stored|located|found|put|placed|saved|written|maintained|tracked|managed|versioned|generated|filed|collected|gathered))?)\s+(?:in|under|inside|into|within|on)`;

/** A place named: a path or file, a holder of code with a word of its own, or a name joined with a dash. */
const PLACE = [
  String.raw`(?<path>(?:the\s+)?${FILE_OR_PATH}(?:\s+(?:${HOLDER}|file))?)`,
  String.raw`(?<holder>(?:another|(?:the|our|a|an)\s+${ELSEWHERE})\s+(?:[\w.@-]+\s+){0,2}${HOLDER}|(?:the|our|a|an)\s+(?:[\w.@-]+\s+){1,2}${HOLDER}|(?:its|their)\s+own\s+(?:[\w.@-]+\s+)?${HOLDER})`,
  String.raw`(?<file>(?:a|an|one)\s+(?:[\w.-]+\s+){0,2}(?:file|doc|document)\s+(?:referenced|linked|listed|mentioned|pointed to)\s+(?:from|in)\s+(?:the\s+)?${FILE_OR_PATH})`,
  String.raw`(?<named>${JOINED_NAME}(?:\s+${HOLDER})?)`,
].join('|');

/** What may follow the place: the end, a clause after a comma or a dash, or a word that goes on about it. */
const AFTER = String.raw`(?=\s*$|\s*[,;:.!()\u2013\u2014]|\s+-\s|\s+(?:not|and|but|with|following|per|one|so|because|since|as|for|which|that|where|instead|rather|too|also|now|from|named|called|like|using|next|while|when|whenever|each|every|at)\b)`;

const WHERE_KEPT = new RegExp(
  String.raw`${LEAD}(?:${KIND_SUBJECT}|${THING_SUBJECT}|${EACH_SUBJECT})\s+${KEPT}\s+(?<place>${PLACE})${AFTER}`,
  'i',
);

/**
 * An order that places a kind where it goes, a way of working as decision 93's "put all scripts in tools/" is, and typed
 * as it is (`feedback`): "create issues in issues/ following the template", "put new scripts under
 * tools/". The kind is bare (no "this", "the helper") and the place a folder: a file is where one thing goes now, and
 * moving a thing is a step of the work at hand (decision 123).
 */
const PLACED_BY_ORDER = new RegExp(
  String.raw`^(?:please\s+)?(?:always\s+)?(?:create|put|keep|store|save|write|place|file|add)\s+(?<kind>(?:all\s+|new\s+|any\s+|the\s+new\s+)?(?:${NOT_AT_HAND}[\w-]+\s+)?${KINDS})(?:\s*\([^)]*\))?\s+(?:in|under|into|inside)\s+(?:the\s+)?(?<folder>${FOLDER})${AFTER}`,
  'i',
);

/**
 * What follows an order and ties it to the work at hand (decision 128, amended): a pointer, a moment, "for the new
 * route", "for both tables", "while we work on this". A way of working names none of them.
 */
const OF_THE_MOMENT_AFTER =
  /\b(?:this|these|those|here|now|today|for\s+(?:the\s+new|both|my|your|our\s+new)|while\s+(?:we|you|i)|until)\b/i;

/**
 * A branch or a fork holds work in progress, the state of the moment, not where a kind of thing lives (decision 128,
 * amended): "the config is in another branch", "the new script is in my-fork".
 */
const BRANCH_OR_FORK = /\b(?:branch|branches|fork|forks)\b/i;

/** A first-person plan after the place ("…, I'll merge it later") says where work sits until then. */
const PLAN_AFTER = /\b(?:i|we)(?:'ll|\s+will|\s+am\s+going\s+to|'m\s+going\s+to|\s+need\s+to)\b/i;

/** A path that ends in a file name with an extension: one file, which the code shows, is no place of a kind. */
const ONE_FILE = /(?:^|\/)[^/]*\w\.[a-z0-9]{1,8}\x60?[.,;:!]*$/i;

/** A symptom said with the place ("tests are in tests/ but they fail"): how things go wrong there, not where they live. */
const SYMPTOM = /\b(?:fail\w*|broken|crash\w*|missing|wrong|stale|outdated|flaky|doesn't|don't|isn't|aren't|can't|won't|shouldn't)\b/i;

/** Whether the place is outside this checkout: another repository, a repository by name, a sibling path, a joined name. */
function isElsewhere(groups: Readonly<Record<string, string | undefined>>, sentence: string): boolean {
  if (groups.named !== undefined) return true;
  if (
    groups.path
      ?.trimStart()
      .replace(/^the\s+/i, '')
      .startsWith('../') === true
  )
    return true;
  if (groups.holder !== undefined && new RegExp(String.raw`\b(?:${ELSEWHERE}|repo|repos|repository)\b`, 'i').test(groups.holder))
    return true;
  return /,\s*not (?:here|in this repo)\b/i.test(sentence);
}

/** The kind of a statement of where a kind of thing is kept, if the sentence is one (decision 128). */
export function whereThingsLive(sentence: string): DecidedKind | undefined {
  const said = sentence.trim();
  if (SYMPTOM.test(said)) return undefined;
  const ordered = PLACED_BY_ORDER.exec(said);
  const order = ordered?.groups;
  if (
    ordered !== null &&
    order !== undefined &&
    !LOOKED_UP_IN.test(order.folder ?? '') &&
    !DATED.test(order.folder ?? '') &&
    !OF_THE_MOMENT_AFTER.test(said.slice(ordered[0].length))
  )
    return traced('kept-by-order', { type: 'feedback', cue: 'preference' });
  const groups = WHERE_KEPT.exec(said)?.groups;
  if (groups === undefined) return undefined;
  const place = groups.place ?? '';
  if (LOOKED_UP_IN.test(place) || DATED.test(place) || (groups.named !== undefined && STATE_WORDS.test(groups.named.split(/\s+/)[0] ?? '')))
    return undefined;
  if (BRANCH_OR_FORK.test(place) || PLAN_AFTER.test(said)) return undefined;
  if (groups.thing !== undefined && !isElsewhere(groups, said)) return undefined;
  if (groups.kind !== undefined && ONE_FILE.test(groups.path?.trim() ?? '') && !isElsewhere(groups, said)) return undefined;
  return traced('kept-in-place', { type: 'project', cue: 'project-fact' });
}
