import { capitalise } from './capitalise.js';
import { make, type Found } from './foundStatement.js';
import { traced } from './statementTrace.js';
import { clip } from './conversationFacts.js';
import type { Piece } from './statementPieces.js';
import { MAX_STATEMENT_CHARS } from './statementPieces.js';
import { wordsOf } from './sentenceShape.js';
import { LASTING } from './lastingWords.js';
import { holdsForWorkAtHand, statesNothingLasting } from './nothingLasting.js';
import { saidForOneOccasion, wantsDelivery } from './wantOfDelivery.js';

/**
 * A want or a goal said right after a request that adds or changes what the project can do is that request's reason
 * (decision 122): "can you make the CLI able to read from stdin? I want the CLI to fit in shell pipelines" keeps
 * the capability, with the want as its why. Said alone, the want is a reason without the decision it explains.
 */

/** The words that ask, before the order: "ok, so can you please", "please", "could we", "let's". */
const ASKING =
  /^(?:(?:ok(?:ay)?|so|also|and|now)[,\s]+)?(?:please\s+)?(?:(?:can|could|would|will)\s+(?:you|we)\s+(?:please\s+)?|let's\s+|lets\s+)?/i;

/** A request, as a question or an order, to add or change something of the project. */
const CHANGE_ASKED = new RegExp(
  `${ASKING.source}(add|make|implement|support|enable|allow|extend|change|update|teach|build|set up|configure)\\b`,
  'i',
);

/**
 * What the project is to be able to do once the change is made: "is able to serve", "can read", "supports", "handles".
 * A request with no such words is a step at hand ("can you add a log line here").
 */
const ABILITY =
  /\b(?:(?:(?:is|are|be|becomes?)\s+)?able\s+to|(?:can|could)\s+(?!you\b|we\b)\w+|supports?|serves?|handles?|accepts?|understands?|works?\s+(?:with|on|offline|without)|lets?\s+(?:users?|people|agents?|\w+\s+users?)\b)/i;

/** A want or a goal over a thing, not over what the assistant is to do now ("I want you to…"). */
const WANT =
  /^(?:(?:and|so|because)\s+)?(?:(?:i|we)(?:\s+(?:really\s+)?(?:want|need)|(?:'d|\s+would)\s+(?:really\s+)?like)\s+(?!you\b|to\b)|(?:the\s+)?(?:goal|aim|point|idea)\s+(?:is|being)\s+(?:that|to|for)\b|so\s+that\b)/i;

/**
 * A question that offers its own alternative asks whether, not for: "would you make the parser read YAML, or is that
 * overkill?", "…, or not?", "…, or should we keep it simple?".
 */
const ALTERNATIVE_ASKED =
  /,?\s+or\s+(?:is|are|was|would|should|could|do|does|did|will|can|not|no|maybe|perhaps|what|how|something|whatever)\b[^?]*\?+\s*$/i;

/** Where a second order joins the first: "…, and also fix the typo", "…; then run the tests", "… and then deploy". */
const NEXT_ORDER = /\s*(?:;|,?\s+(?:and\s+)?(?:also|then|plus)\s+|,\s+and\s+(?:please\s+)?(?=\w+\s+the\b))/gi;

/** Whether a request asks for the project to be able to do something it does not do yet. */
export function asksForCapability(sentence: string): boolean {
  if (sentence.length > MAX_STATEMENT_CHARS || ALTERNATIVE_ASKED.test(sentence)) return false;
  const asked = CHANGE_ASKED.exec(sentence);
  return asked !== null && ABILITY.test(capabilityClause(sentence).slice(asked.index + asked[0].length));
}

/** The clause of a request that asks for the capability, without the other orders joined to it. */
function capabilityClause(request: string): string {
  const ability = ABILITY.exec(request);
  if (ability === null) return request;
  const from = ability.index + ability[0].length;
  for (const join of request.matchAll(NEXT_ORDER))
    if (join.index >= from) return `${request.slice(0, join.index)}${/\?\s*$/.test(request) ? '?' : '.'}`;
  return request;
}

/** Whether a want speaks of what the request named ("the CLI" after "make the CLI able to…"), or points back at it. */
export function wantFollowsRequest(want: string, request: string): boolean {
  if (!WANT.test(want.trim())) return false;
  const named = new Set(nouns(request));
  const wanted = wordsOf(want);
  const pointsBack = wanted.slice(0, 4).some((word) => ['it', 'this', 'that', 'them'].includes(word.lower) && word.pos !== 'SCONJ');
  return pointsBack || nouns(want).some((noun) => named.has(noun));
}

/** The nouns of a sentence, each as its stem: "docs" and "doc" meet. */
const nouns = (sentence: string): string[] =>
  wordsOf(sentence)
    .filter((word) => word.pos === 'NOUN' || word.pos === 'PROPN')
    .map((word) => word.lower.replace(/s$/, ''));

/**
 * The thing a request changes and what it is then to do: "make the CLI able to read stdin", "extend the importer so it
 * supports gzip", "add to the sync job that it handles a missing remote".
 */
const CHANGED_THING = [
  /^(?:make|teach|set up|configure)\s+(.+?)\s+((?:to\s+be\s+)?able\s+to\s+.+)$/i,
  /^(?:add|make|extend|change|update|teach|build|set up|configure)\s+(.+?)\s+so\s+(?:that\s+)?(?:it|they)\s+(.+)$/i,
  /^(?:add|implement)\s+to\s+(.+?)\s+that\s+(?:it|they)\s+(.+)$/i,
];

/** What a thing is to do, from what it does once changed: "supports gzip" is "should support gzip", "can read" "should be able to read". */
function isToDo(does: string): string {
  const rest = does.replace(/^(?:to\s+be\s+|(?:is|are|becomes?)\s+)?able\s+to\s+|^(?:can|could)\s+/i, '');
  if (rest !== does) return `should be able to ${rest}`;
  return `should ${does.replace(/^(\w+?)(?:e?s)\b/i, (verb: string, stem: string) => (/(?:ss|sh|ch|x)$/i.test(stem) ? stem : verb.replace(/s$/i, '')))}`;
}

/**
 * The request as the capability it asks for (decision 122, amended): without the asking words, "please" and "let's",
 * and without the question mark; a request that names the thing it changes is said as what that thing is to do ("the
 * CLI should be able to read stdin"), so that a later reader does not take the memory for work still asked of them.
 */
function capabilityOf(request: string): string {
  const bare = capabilityClause(request)
    .replace(ASKING, '')
    .replace(/\s*[?.!]+\s*$/, '');
  const changed = CHANGED_THING.map((shape) => shape.exec(bare)).find((match) => match !== null);
  const thing = changed?.[1];
  const does = changed?.[2];
  if (thing !== undefined && does !== undefined) return `${capitalise(`${thing} ${isToDo(does)}`)}.`;
  return `${addedToAThing(bare) ?? capitalise(bare)}.`;
}

/** "add to the docs app(,) that the webserver …": the thing added to, and a clause with a subject of its own. */
const ADDED_TO_A_THING = /^(?:add|implement)\s+to\s+(.+?),?\s+that\s+(?!(?:it|they)\b)(.+)$/i;

/** What a subject does now, said so that `isToDo` turns it: "is able to serve", "can answer", "serves" (not "has", "was"). */
const DOES_NOW = /^(?:(?:is|are)\s+able\s+to\s+|can\s+|(?!(?:has|was|does|is)\b)\w+s\s)/i;

/** The tags of a word that can be a clause's verb: "serves", "is" (able to), "can". */
const VERB_TAGS: ReadonlySet<string> = new Set(['VERB', 'AUX']);

/**
 * "Add to the docs app that the webserver is able to serve…" as "Docs app: the webserver should be able to serve…"
 * (decision 122, amended): the thing added to leads, and the clause's own subject is what should do it. Only a clause
 * whose verb says what its subject does now ("serves", "is able to", "can") is turned; any other stays as said.
 */
function addedToAThing(bare: string): string | undefined {
  const [, thing, clause] = ADDED_TO_A_THING.exec(bare) ?? [];
  if (thing === undefined || clause === undefined) return undefined;
  const verb = wordsOf(clause).find((word, at) => at > 0 && VERB_TAGS.has(word.pos));
  const at = verb === undefined ? -1 : clause.toLowerCase().indexOf(` ${verb.lower} `);
  if (at <= 0 || !DOES_NOW.test(clause.slice(at + 1))) return undefined;
  const named = thing.replace(/^(?:the|an?)\s+/i, '');
  return `${named.charAt(0).toUpperCase()}${named.slice(1)}: ${clause.slice(0, at)} ${isToDo(clause.slice(at + 1))}`;
}

/** A place in the code by its line ("the empty file on line 40"): the case at hand, not a capability. */
const AT_A_LINE = /\b(?:on|at|in|near)\s+lines?\s+\d+/i;

/**
 * Whether a request and its want say what the project is to do from now on: no step of the work at hand, nothing for
 * one occasion in either, no want about delivering the work, no want that is a lasting rule of its own (decision 122,
 * amended: the fold passes the guards any statement passes).
 */
function foldsAsCapability(request: string, want: string, wantsOwn: Found | undefined): boolean {
  const clause = capabilityClause(request);
  if (statesNothingLasting(clause) || holdsForWorkAtHand(clause) || saidForOneOccasion(clause) || AT_A_LINE.test(clause)) return false;
  // "We need the CLI to never print colors" after the request is a rule of its own, not the request's reason.
  if (LASTING.test(want) || wantsOwn?.cue === 'always-never' || wantsOwn?.cue === 'remember') return false;
  return !wantsDelivery(want) && wantFollowsRequest(want, clause);
}

/** What the message keeps of a statement found at a piece: the statement, or undefined when a guard of the message refuses it. */
export type KeptAt = (statement: Found, at: number) => Found | undefined;

/**
 * The pieces of a message and their statements with each want that gives a capability request its reason folded into
 * that request: the request becomes the statement, the want its reason, and the want's piece goes. The folded request
 * passes `kept`, the message's guards of every statement (a scenario, a task's step); refused, nothing is folded.
 */
export function withWantsAsReasons(
  said: readonly Piece[],
  statements: ReadonlyArray<Found | undefined>,
  kept: KeptAt = (statement) => statement,
): { said: Piece[]; statements: Array<Found | undefined> } {
  const outSaid: Piece[] = [];
  const outStatements: Array<Found | undefined> = [];
  for (let i = 0; i < said.length; i++) {
    const piece = said[i];
    if (piece === undefined) continue;
    const folded = foldedAt(said, statements, i, kept);
    outSaid.push(piece);
    outStatements.push(folded ?? statements[i]);
    if (folded !== undefined) i++;
  }
  return { said: outSaid, statements: outStatements };
}

/** The request at `at` with the next piece's want as its reason, when both say what the project is to do and the message keeps it. */
function foldedAt(said: readonly Piece[], statements: ReadonlyArray<Found | undefined>, at: number, kept: KeptAt): Found | undefined {
  const request = said[at]?.text;
  const want = said[at + 1]?.text;
  if (request === undefined || want === undefined || !asksForCapability(request)) return undefined;
  if (!foldsAsCapability(request, want, statements[at + 1])) return undefined;
  const reason = want.replace(/[.!]+$/, '').trim();
  const quote = clip(`${request} ${want}`, 400);
  const statement = traced('request-with-want', make('project', 'project-fact', capabilityOf(request), quote, { reason }));
  return statement === undefined ? undefined : kept(statement, at);
}
