import { aboutLead } from './aboutLead.js';
import { capitalise } from './capitalise.js';
import type { DecidedKind } from './decisionKinds.js';
import { ARTEFACT, ARTEFACTS } from './processConventions.js';
import { MAX_STATEMENT_CHARS } from './statementPieces.js';

/**
 * A convention given as a clause of a one-off request (decision 130): "commit what's staged, one commit per module,
 * ticket id in the subject"; "write the commits, follow the usual pattern, split them by area"; "create the issues;
 * titles at most ten words". The request is a step of this task; the clause says how every artefact of its kind is
 * made, and is kept without the step. Written from kinds of statement with invented sentences as their tests, never
 * from a corpus sentence.
 *
 * The clause has one of a few shapes that only a way of making a kind of thing takes: one per something, divided by a
 * criterion, the usual pattern followed, a tracker's id in a named part, a part's length bounded by a number, earlier
 * ones read for their format. A clause bound to this occasion ("split this commit in two", "put the stack trace in the
 * description") has none of them (decision 123). The kinds of artefact are decision 126's closed list.
 */

/** What a kind of artefact is made into, said after it: "release notes", "changelog entries". */
const MADE_PART = String.raw`(?:\s+(?:notes?|entry|entries))?`;

/** The parts of an artefact a convention shapes: "the subject", "commit messages", "titles". */
const PART = String.raw`(?:message|subject|title|body|description|summary|name)s?`;

/** What a step is said with before its verb: consent, politeness, "now". */
const STEP_OPENING = String.raw`^(?:(?:yes|yeah|ok(?:ay)?|sure|great|now|then|so|please|go ahead and|can you|could you)[,.!]?\s+)*`;

/** A step that makes artefacts now: "write the commits", "commit the changes", "create issues from the board". */
const STEP = new RegExp(
  String.raw`${STEP_OPENING}(?:(?:write|create|make|open|file|draft|cut|prepare)\s+(?:the\s+|some\s+|a\s+|an\s+|new\s+|two\s+|three\s+|\d+\s+)*(?<made>(?:${ARTEFACTS}|${ARTEFACT})${MADE_PART})\b|(?<committed>commit)\b)`,
  'i',
);

/** A step that makes one artefact: "open a PR", "create the issue", "write the changelog entry". */
const ONE_MADE = new RegExp(String.raw`\b(?:a|an|the|one)\s+(?:new\s+)?${ARTEFACT}(?:\s+(?:note|entry))?$`, 'i');

/** The artefact of one kind as the plural a lead names: "PR" → "pull requests", "commit" → "commits". */
function kindOf(said: string): string {
  const word = said.toLowerCase().replace(/-/g, ' ');
  if (/^(?:pr|pull request)s?$/.test(word)) return 'pull requests';
  if (/^(?:mr|merge request)s?$/.test(word)) return 'merge requests';
  if (word.endsWith('entry')) return `${word.slice(0, -1)}ies`;
  if (word.endsWith('branch')) return 'branches';
  return word.endsWith('s') ? word : `${word}s`;
}

/** The kind of artefact a step of this task makes, or undefined when the clause is no such step. */
export function artefactOfStep(clause: string): string | undefined {
  const match = STEP.exec(clause.trim());
  // One artefact made ("open a PR", "create the issue") is this one: what is said of it is its own (decision 130, amended).
  if (match === null || ONE_MADE.test(match[0])) return undefined;
  // A bare "commit" makes commits.
  return kindOf(match.groups?.['made'] ?? 'commits');
}

/** "one commit per module", "one PR per feature": how work is cut into artefacts. Names its artefact. */
const ONE_PER = new RegExp(
  String.raw`^(?:and\s+)?(?:make\s+|do\s+|keep\s+)?one\s+${ARTEFACT}\s+(?:file\s+)?(?:per|for each)\s+(?!(?:this|that|these|those|it)\b)[\w-]+`,
  'i',
);

/** The artefacts a change is cut into: how they are divided is a convention, how tests or docs are grouped is a refactor. */
const CUT_INTO = String.raw`(?:commits|pull[ -]requests|merge[ -]requests|prs|mrs)`;

/** "split them by area", "divide the commits by domain", "commits grouped by type of change": a criterion of division. */
const BY_CRITERION = new RegExp(
  String.raw`^(?:and\s+)?(?:(?:split|divide|group|separate|organi[sz]e|break)\s+(?:up\s+)?(?:them|the\s+${CUT_INTO}|${CUT_INTO})\s+(?:up\s+)?|(?:${STEP_OPENING}(?:write|create|make|open)\s+)?(?:the\s+)?${CUT_INTO}\s+(?:split|divided|grouped|separated|organi[sz]ed)\s+)by\s+(?!(?:this|that|these|those|it|hand|me|you|tomorrow|today)\b)[\w-]+`,
  'i',
);

/** "follow the usual pattern", "stick to our commit format": the house way, not "the same pattern as X" of one change. */
const HOUSE_FORMAT =
  /^(?:and\s+)?(?:follow|stick to|keep to|stay with)\s+(?:the\s+|our\s+)?(?:usual|common|standard|established|conventional|house|normal|team's|project's|repo's)\s+(?:git\s+|commit\s+|naming\s+)?(?:pattern|format|style|conventions?|template)\b(?!\s+(?:of|in|from)\s+(?:this|that)\b)/i;

/** A tracker's id or link named in a part: "link the Jira ticket in the message", "ticket id in the subject". */
const ID_IN_PART = new RegExp(
  String.raw`^(?:and\s+)?(?:(?:link|reference|mention|include|put|add)\s+)?(?:the\s+|its\s+|their\s+)?(?:[\w-]+\s+)?(?:ticket|issue|tracker|story|task|jira|linear)(?:\s+(?:id|ids|number|numbers|key|keys|link|links|reference|references))?\s+(?:in|into|to)\s+(?:the\s+|each\s+|every\s+)?(?:${ARTEFACT}\s+)?${PART}\b`,
  'i',
);

/** A part's length bounded by a number: "titles at most 10 words", "the issue title should be under 80 characters". */
const PART_BOUNDED = new RegExp(
  String.raw`^(?:and\s+)?(?:keep\s+)?(?:(?:the|each|every|all|our)\s+)?(?:${ARTEFACT}\s+)?${PART}\s+(?:should\s+|must\s+|need\s+to\s+|needs\s+to\s+)?(?:be\s+|stay\s+|have\s+)?(?:at most|max(?:imum)?|under|below|less than|fewer than|no more than|no longer than|up to|within)\s+\d+\s+(?:words|characters|chars|lines|sentences)\b`,
  'i',
);

/** Earlier artefacts read for their format: "look at earlier commits for the message format". Names its artefact. */
const EARLIER_FOR_FORMAT = new RegExp(
  String.raw`^(?:and\s+)?(?:look at|check|read|see|follow)\s+(?:the\s+)?(?:earlier|previous|past|recent|existing|older|prior|last few|other)\s+${ARTEFACTS}\b[^.;]*?\b(?:format|style|pattern|conventions?|wording|shape)\b`,
  'i',
);

/** The shapes of a convention clause; each is about the kind of artefact it or the step before it names. */
const SHAPES = [ONE_PER, BY_CRITERION, HOUSE_FORMAT, ID_IN_PART, PART_BOUNDED, EARLIER_FOR_FORMAT];

const NAMED_KIND = new RegExp(String.raw`\b(?:${ARTEFACTS}|${ARTEFACT})\b`, 'i');

/** A pointer, a day or "for now" makes a clause this occasion's (decision 123). */
const THIS_OCCASION = /\b(?:this|these|those|for now|today|tomorrow|this time)\b/i;

/**
 * A clause that speaks of this change ("one commit per file I touched") or turns the manner down ("one PR per service
 * is too many though", "…would be nicer here") states no convention (decision 130, amended).
 */
const OF_THIS_CHANGE =
  /\b(?:(?:i|we|you)(?:'ve|\s+have|\s+just)?\s+(?:(?!need\b)\w+ed|wrote|made|did|broke)|here|right now)\b|\b(?:is|are|was|were|would be|seems?|feels?)\s+(?:too|overkill|excessive|a lot|nicer|better|worse|fine|enough)\b|\btoo\s+(?:many|much|few|granular|fine)\b|\bthough\b|\b(?:doesn't|don't|isn't|aren't|won't|wouldn't)\b/i;

/** A count of artefacts to make now ("open two PRs, one per service") splits this work, not every one. */
const COUNTED = new RegExp(String.raw`\b(?:two|three|four|five|both|\d+)\s+(?:separate\s+|new\s+)?${ARTEFACTS}\b`, 'i');

/** Where a request breaks into clauses: commas, semicolons, colons, and "and" before another order. */
const CLAUSE_BREAK =
  /\s*[,;:]\s+(?:and\s+)?|\s+and\s+(?=(?:then\s+)?(?:link|reference|mention|include|put|add|split|divide|group|follow|keep|look|push|open|create|write|make|commit)\b)/i;

/** Whether a clause states a convention, with the kind of artefact in scope when the clause needs one. */
function isConventionClause(clause: string, kind: string | undefined): boolean {
  if (THIS_OCCASION.test(clause) || OF_THIS_CHANGE.test(clause)) return false;
  return (kind !== undefined || namesItsKind(clause)) && SHAPES.some((shape) => shape.test(clause));
}

/** The kind a clause makes as a step, or names as a convention ("one commit per module"), for the clauses after it. */
function kindSaidIn(clause: string): string | undefined {
  const made = artefactOfStep(clause);
  if (made !== undefined || !SHAPES.some((shape) => shape.test(clause))) return made;
  const named = NAMED_KIND.exec(clause)?.[0];
  return named === undefined || !namesItsKind(clause) ? undefined : kindOf(named);
}

/** The kind in scope at each clause: the last one a clause before it said, or the step's before the sentence. */
function kindsInScope(clauses: readonly string[], kindBefore: string | undefined): (string | undefined)[] {
  let kind = kindBefore;
  return clauses.map((clause) => {
    const inScope = kind;
    kind = kindSaidIn(clause) ?? kind;
    return inScope;
  });
}

/** A step clause with its manner ("create commits divided by type") keeps the manner from the artefact on. */
const fromTheArtefact = (clause: string): string =>
  artefactOfStep(clause) === undefined ? clause : clause.replace(new RegExp(String.raw`^.*?\b(?=${ARTEFACTS}\s)`, 'i'), '');

/** A tracker's item named in a part is not the artefact the part belongs to: "the ticket in the commit message" is a commit's. */
const PART_OF_A_KIND = new RegExp(String.raw`\b${ARTEFACT}s?\s+${PART}\b`, 'i');

/** Whether a clause names the kind of artefact it speaks of, so it needs no lead: "one PR per service", "commit messages". */
const namesItsKind = (clause: string): boolean => (ID_IN_PART.test(clause) ? PART_OF_A_KIND : NAMED_KIND).test(clause);

/** A sentence's first word in lower case after a lead, unless it is a name ("PR", "Jira"). */
const uncapitalised = (said: string): string =>
  /^[A-Z][a-z]/.test(said) && !/^(?:Jira|Linear|GitHub|GitLab)\b/.test(said) ? `${said.charAt(0).toLowerCase()}${said.slice(1)}` : said;

/**
 * The convention a request's clauses state, without its steps: "One commit per module, ticket id in the subject."; led
 * by the kind of artefact when no clause kept names it ("About commits: follow the usual pattern, split them by area.").
 * `kindBefore` is the kind a step said just before this sentence makes. Undefined when no clause states one.
 */
export function conventionInRequest(sentence: string, kindBefore?: string): DecidedKind | undefined {
  // A clause list longer than a statement is no request read here (decision 130, amended): the split stays linear.
  if (sentence.length > MAX_STATEMENT_CHARS || COUNTED.test(sentence)) return undefined;
  const clauses = sentence
    .replace(/[.!]+\s*$/, '')
    .split(CLAUSE_BREAK)
    .map((clause) => clause.trim())
    .filter((clause) => clause !== '');
  const kinds = kindsInScope(clauses, kindBefore);
  const kindBy = (i: number): string | undefined => kinds[i];
  const keptAt = clauses.flatMap((clause, i) => (isConventionClause(clause, kindBy(i)) ? [i] : []));
  const first = keptAt[0];
  if (first === undefined) return undefined;
  const said = keptAt
    .map((i) => fromTheArtefact(clauses[i] ?? ''))
    .join(', ')
    .replace(/^and\s+/i, '');
  const kind = kindBy(first);
  const lead = kind !== undefined && !namesItsKind(clauses[first] ?? '') ? aboutLead(kind) : '';
  return { type: 'feedback', cue: 'preference', said: `${lead}${lead === '' ? capitalise(said) : uncapitalised(said)}.` };
}
