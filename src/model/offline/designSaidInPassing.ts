import type { DecidedKind } from './decisionKinds.js';
import { ONE_DAY_OR_VERSION, holdsForOneOccasion } from './oneOccasionWords.js';
import { type Word, wordsIn, wordsOf } from './sentenceShape.js';
import { traced } from './statementTrace.js';

/**
 * Design decisions said in passing (decision 121), read by their grammar: who speaks, the modal, what the object is.
 * Written from kinds of statement with invented sentences as their tests, never from a corpus sentence.
 *
 * - a naming decision: "I'd call fetch_rows loadRows", "let's name it `ingest-v2`";
 * - a layout set under a change of plan: "change of plan: all sources under src and the package at the root";
 * - a design kept: "let's keep per-request validation";
 * - a capability ruled out with its reason: "let's not ship a GUI, it's overkill".
 */

/** Words of the work of the moment: "for now", "first", "yet", "here", "this one", "…for this". */
const MOMENT = /\b(?:for now|right now|for the moment|first|yet|here|again|anymore|next|this one)\b|\bfor (?:this|that|it)\s*[.!]?$/i;
/** A day or a version, not inside a path or a name ("src/api/v2", "ingest-v2"). */
const DAY_OR_VERSION = new RegExp(String.raw`(?<![\w./-])${ONE_DAY_OR_VERSION}(?![\w/-]|\.\w)`, 'gi');
const VERSION = /^v?\d/i;
const BEFORE_AN_OCCASION = /(?:^|\b(?:in|for|by|until|before|after|from|since|on|at|with|this|next))\s*$/i;

/**
 * Whether a day or a version is said as an occasion: a day always, a version after a preposition or alone ("in v2",
 * "for 1.4.0"). A version right after the name of what it is a version of ("support Python 3.8") names the thing.
 */
function namesAnOccasion(sentence: string): boolean {
  return [...sentence.matchAll(DAY_OR_VERSION)].some(
    (found) => !VERSION.test(found[0]) || BEFORE_AN_OCCASION.test(sentence.slice(0, found.index)),
  );
}

const POINTER = new Set(['this', 'that', 'these', 'those']);

/**
 * Whether a sentence is held to the work at hand: a word of the moment, one occasion, a day or a version (the list of
 * `oneOccasionWords.ts`), or a thing pointed at ("in this function", "to that endpoint": a pointer before a noun).
 */
function atHand(sentence: string): boolean {
  if (MOMENT.test(sentence) || namesAnOccasion(sentence) || holdsForOneOccasion(sentence)) return true;
  const words = wordsOf(sentence);
  // After a preposition a pointer determines the noun whatever the tagger says ("to that endpoint" reads "that" as SCONJ).
  const determines = (at: number): boolean => words[at]?.pos === 'DET' || words[at - 1]?.pos === 'ADP';
  return words.some(
    (word, at) => POINTER.has(word.lower) && determines(at) && isNounLike(words[at + 1]) && !WHOLE_PROJECT.test(words[at + 1]?.lower ?? ''),
  );
}

/** The project as a whole pointed at is the lasting scope, not the work at hand: "in this project", "to this tool". */
const WHOLE_PROJECT = /^(?:project|repo|repository|codebase|app|application|tool|library|service|product)$/;

const isNounLike = (word: Word | undefined): boolean => word?.pos === 'NOUN' || word?.pos === 'PROPN' || word?.pos === 'ADJ';

/**
 * A name as code and configuration spell one: in backticks or quotes, or a word holding an underscore, a dot, a slash,
 * a hyphen or a digit between letters, or a capital after a lower-case letter (`snake_case`, `camelCase`, `CONST_CASE`).
 */
const NAME_SHAPED = String.raw`(?:\x60[^\x60\s]{1,60}\x60|"[^"\s]{1,60}"|'[^'\s]{1,60}'|[A-Za-z][\w]*(?:[_.\/-][\w]+|[a-z][A-Z]\w*|\d\w*)+)`;
const NAME_SHAPED_WHOLE = new RegExp(`^${NAME_SHAPED}$`);

/** The words of a phrase of the sentence, tagged as the tagger reads them in the whole sentence. */
function partsOf(sentence: string, phrase: string, from: number): readonly Word[] {
  const start = sentence.indexOf(phrase, from);
  return start < 0 ? [] : wordsIn(sentence, start, start + phrase.length);
}

/**
 * "I'd call X Y", "I would name it Z", "let's call it W": what the person would call a thing, said as a decision by
 * a modal of the speaker ("I'd", "we should", "let's"). The new name is shaped like a name, or it is one plain noun
 * for an old name shaped like one ("…call configured_items items"); several pairs may follow with "and".
 * "I'd call the API twice", "let's call it a day", "I would call init() first", "I'd call it production-ready",
 * "I'd call fetch_rows async" and "let's call it v2" call, judge or name one occasion, and name nothing.
 */
const PAIR = String.raw`(${NAME_SHAPED}|it|this|that|them)\s+(?:to\s+|as\s+|just\s+)?([\w\x60"'./-]+)`;
const NAMING = new RegExp(
  String.raw`^(?:(?:so|then|ok(?:ay)?|yeah|also)[,\s]+)?(?:I'd|I would|we'd|we would|let's|lets|let us|we should|we'll|we will)\s+(?:just\s+|rather\s+)?(?:call|name)\s+${PAIR}((?:\s*,\s*|\s+and\s+|\s*,\s*and\s+)${NAME_SHAPED}\s+(?:to\s+|as\s+)?[\w\x60"'./-]+)*\s*[.!]?$`,
  'i',
);

function namingDecision(sentence: string): DecidedKind | undefined {
  const match = NAMING.exec(sentence);
  if (match === null) return undefined;
  const [, old = '', said = ''] = match;
  const name = said.replace(/\.+$/, '');
  // The new name follows the old one: looked for from the old name's end, never inside it ("user_settings settings").
  const after = match.index + match[0].indexOf(old) + old.length;
  const named = NAME_SHAPED_WHOLE.test(name)
    ? isAName(sentence, name, after)
    : isNameOfAThing(sentence, old, after - old.length) && plainNoun(sentence, name, after);
  return named ? { type: 'project', cue: 'project-fact', naming: true } : undefined;
}

/**
 * A word spelled as a name is one unless it is a version ("call it v2": one occasion) or, unquoted, a judgement spelled
 * with a hyphen: its last part an adjective or a participle ("production-ready", "over-engineered"), where a name ends
 * on a noun ("sync-core").
 */
const DAY_OR_VERSION_WHOLE = new RegExp(`^${ONE_DAY_OR_VERSION}$`, 'i');

function isAName(sentence: string, name: string, from: number): boolean {
  if (/^[\x60"']/.test(name)) return true;
  if (DAY_OR_VERSION_WHOLE.test(name)) return false;
  const last = partsOf(sentence, name, from).at(-1)?.pos;
  return !(name.includes('-') && (last === 'ADJ' || last === 'VERB' || last === 'ADV'));
}

/**
 * An old name spelled as one that names a thing, not a function: "call fetch_rows async" calls the function its verb
 * names ("fetch"), and a plain word after it says how; "call user_settings settings" names the thing anew.
 */
function isNameOfAThing(sentence: string, old: string, from: number): boolean {
  return NAME_SHAPED_WHOLE.test(old) && partsOf(sentence, old, from)[0]?.pos !== 'VERB';
}

/** One word the tagger reads as a noun there, not a word of time or manner ("first", "twice", "directly"). */
function plainNoun(sentence: string, word: string, from: number): boolean {
  const words = partsOf(sentence, word, from);
  return words.length === 1 && (words[0]?.pos === 'NOUN' || words[0]?.pos === 'PROPN');
}

/**
 * "Change of plan: all modules under src and the CLI at the root": a heading that says the plan changed, then a layout
 * said with no verb, things placed in, under or at a place of the code: a path or a name, or a file, folder, package,
 * module or root. With a verb it is the work asked ("change of plan: let's fix the login first"); one occasion ("…in the
 * next PR") is the work at hand; a place of the day ("the standup in the small room") is no layout of the code.
 */
const PLAN_HEADING = /^(?:change (?:of|in) plans?|plan change|new plan)\s*:\s*/i;
// Case kept: a name's capitals tell it from a word ("camelCase"); the prepositions and places are said in lower case.
const PLACED = new RegExp(
  String.raw`\b(?:in|under|inside|into|at|on top of|next to|beside|alongside)\s+(?:the\s+)?(?:${NAME_SHAPED}|(?:[\w-]+\s+){0,2}(?:folder|directory|dir|package|module|repo|repository|root|workspace|crate|file|path)s?\b)`,
);

function layoutChange(sentence: string): DecidedKind | undefined {
  const heading = PLAN_HEADING.exec(sentence);
  if (heading === null) return undefined;
  const layout = sentence.slice(heading[0].length);
  if (!PLACED.test(layout) || atHand(layout)) return undefined;
  const words = partsOf(sentence, layout, heading[0].length);
  const opensWithThing = words[0]?.pos === 'DET' || words[0]?.pos === 'NOUN' || words[0]?.pos === 'PROPN';
  return opensWithThing && !words.some((word) => word.pos === 'VERB' || word.pos === 'AUX' || word.pos === 'PRON')
    ? { type: 'project', cue: 'project-fact' }
    : undefined;
}

/**
 * "Let's keep per-request validation", "we'll keep lazy loading": a design kept, named bare as a way of doing things
 * (no article, no pointer), ending the sentence or before its reason. "Let's keep going", "let's keep it", "let's keep
 * the old test", "let's keep main" go on with the work or keep a thing at hand.
 */
const KEEP =
  /^(?:(?:ok(?:ay)?|so|then|yeah|yes)[,\s]+)?(?:let's|lets|let us|we'll|we will|we should)\s+(?:just\s+)?keep\s+([^,;.!?]+?)\s*(?:[.!]?$|,?\s+(?:because|since|as)\s+\S)/i;
const BRANCH_OR_STEP = /^(?:main|master|develop|trunk|both|all|everything|track|in touch|on)\b/i;

function keptDesign(sentence: string): DecidedKind | undefined {
  const match = KEEP.exec(sentence);
  const design = match?.[1];
  if (match === null || design === undefined || BRANCH_OR_STEP.test(design) || atHand(sentence)) return undefined;
  const words = partsOf(sentence, design, match.index).filter((word) => word.lower !== '-');
  if (words.length === 0 || words.length > 4) return undefined;
  const opens = words[0]?.pos;
  const bare = opens === 'ADJ' || opens === 'NOUN' || opens === 'PROPN' || opens === 'ADP';
  const allOfAName = words.every((word) => ['ADJ', 'NOUN', 'PROPN', 'ADP'].includes(word.pos));
  // One bare noun is the things at hand ("keep tests"), the pace of the work ("keep momentum") or going on with it ("keep
  // testing"); a way of doing things is said with its kind ("separate clients", "lazy loading") or named as a process
  // ("pagination", "compression").
  const withItsKind = words.length > 1 || /[ts]ion$/i.test(words[0]?.lower ?? '');
  return bare && allOfAName && withItsKind && words.at(-1)?.pos === 'NOUN' ? { type: 'project', cue: 'project-fact' } : undefined;
}

/**
 * "Let's not ship a GUI, it's overkill", "we won't support Windows, not needed": a capability ruled out with the reason
 * it is not needed. "Let's not do that yet" and "let's not add it" are a step of the work, with nothing named or no
 * reason. "Unnecessary" is read as people type it (one n, one c).
 */
const RULED_OUT = new RegExp(
  String.raw`^(?:[a-z]+,?\s+)?(?:(?:let's|lets|let us)\s+not|we(?:'ll| will| should)\s+not|we won't|we shouldn't)\s+(?:add|support|ship|include|build|implement|offer|provide|bundle|expose)\s+([^,;.!?]+?)\s*(?:,|\s+-+|\s+(?:as|since|because))\s+(?:(?:it's|its|it is|that's|thats|that is|it would be|that would be)\s+)?(?:un{1,2}ec{1,2}es{1,2}ary|not (?:needed|necessary|required|worth it)|overkill|too much|redundant|out of scope)\b`,
  'i',
);

function ruledOut(sentence: string): DecidedKind | undefined {
  const match = RULED_OUT.exec(sentence);
  const what = match?.[1];
  if (match === null || what === undefined || atHand(sentence)) return undefined;
  // A thing pointed at or at hand ("the test", "it") or an amount of the work ("more logging") is a step, not a capability.
  if (/^(?:it|this|that|them|these|those|one|the|my|your|more|less|another|extra|any more)\b/i.test(what)) return undefined;
  const words = partsOf(sentence, what, match.index);
  return words.some((word) => word.pos === 'NOUN' || word.pos === 'PROPN') ? { type: 'project', cue: 'project-fact' } : undefined;
}

const KINDS: ReadonlyArray<readonly [string, (sentence: string) => DecidedKind | undefined]> = [
  ['naming-decision', namingDecision],
  ['layout-change', layoutChange],
  ['kept-design', keptDesign],
  ['ruled-out', ruledOut],
];

/** The design decision a sentence says in passing, by the kinds above, or undefined. */
export function designSaidInPassing(sentence: string): DecidedKind | undefined {
  if (sentence.endsWith('?') || sentence.length > 300) return undefined;
  for (const [name, find] of KINDS) {
    const kind = find(sentence);
    if (kind !== undefined) return traced(name, kind);
  }
  return undefined;
}
