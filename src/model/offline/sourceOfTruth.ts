import type { DecidedKind } from './decisionKinds.js';
import { capitalise } from './capitalise.js';
import { FILE_OR_PATH } from './placeWords.js';
import { oneSlipAway } from './sessionSpelling.js';
import { traced } from './statementTrace.js';

/**
 * Which source is authoritative for what (decision 128): "The handlers are the source of truth for the API schema",
 * "git is authoritative for branch state, the state file only for rejected approaches", "the source of truth for
 * prices is the pricing table". Written from kinds of statement with invented sentences as tests, never from a corpus
 * sentence.
 *
 * The authority is named (never "it", "this" or "which"), and the clause may stand after a request or a remark
 * ("update the doc, the implementation is the source of truth"): then only the clause is kept. A source in the code or
 * the repository (the implementation, git, a schema, a file by its path) is a `project` fact; any other (a catalog, a
 * spreadsheet, a tracker) is a place things are looked up in, a `reference`, as before this decision.
 */

/** "truth" and the words one slip away from it, as a cue typed in a hurry is ("thruth", "turth"; decision 68, amended). */
const TRUTH = String.raw`(?:${['truth', ...oneSlipAway('truth')].filter((word) => /^[a-z]+$/.test(word) && word.length >= 5).join('|')})`;

/** Being the authority: "the (single) source of truth", "authoritative", "the canonical source". */
const AUTHORITY = String.raw`(?:(?:the|our|a|one)\s+)?(?:single\s+|only\s+|sole\s+|one\s+|ultimate\s+|real\s+|main\s+|primary\s+)?(?:source\s+of\s+${TRUTH}\b|canonical\s+(?:source|copy|version|reference)\b)|authoritative\b|canonical\b(?!\s+\w)`;

/** The words a named authority never opens with: a pronoun, a pointer, a possessive of a person, a question word. */
const NOT_A_NAME = String.raw`(?!(?:it|its|this|that|these|those|which|what|who|whatever|there|here|nothing|something|everything|anything|i|you|your|my|he|his|she|her|they|their|we|one|neither|either|none|both)\b)`;

/** A named source: up to five words that may hold a path or a name. */
const NAME = String.raw`${NOT_A_NAME}(?:[\w.@\x60/~'-]+\s+){0,4}?[\w.@\x60/~'-]+`;

/** Where the clause starts: the sentence's start, or after a comma, a semicolon, a colon or a joining word. */
const CLAUSE_START = String.raw`(?:^|[,;:]\s+|\s(?:and|but|since|because|as|so|while|whereas)\s+)`;

/** A word of time the clause may open with, left out of what is kept: "currently the code is the source of truth". */
const OPENING_TIME = String.raw`(?:(?:currently|now|today|still|anyway),?\s+)?`;

// "X should be the source of truth" is the same norm said as one (decision 141).
const IS = String.raw`(?:is|are|remains|remain|stays|stay|is still|are still|is now|are now|(?:should|must|shall|will)\s+(?:always\s+)?(?:be|remain|stay))(?:\s+not)?`;

/** What it is the authority for: "for the API schema", "on branch state". */
const TOPIC = String.raw`(?:for|on|of|about|over)\s+[^,;.!?]+`;

/** "X is the source of truth (for Y)", "X is authoritative for Y". */
const SOURCE_IS = new RegExp(
  String.raw`${CLAUSE_START}${OPENING_TIME}(?<clause>(?<source>${NAME})\s+${IS}\s+(?:${AUTHORITY})(?:\s+(?<topic>${TOPIC}))?)`,
  'i',
);

/** "The source of truth for Y is X": the authority after its topic. */
const TOPIC_FIRST = new RegExp(
  String.raw`${CLAUSE_START}${OPENING_TIME}(?<clause>(?:the\s+)?(?:single\s+|only\s+)?source\s+of\s+${TRUTH}\s+(?<topic>(?:for|of|on)\s+[^,;.!?]+?)\s+(?:is|are)\s+(?<source>${NAME}))\s*(?:$|[,;.!])`,
  'i',
);

/**
 * "That's the source of truth": the source only pointed at, as the sentence opens. It is kept as said, a reference as
 * the reference finder kept it before this decision, and the thing named before it leads it (decision 122).
 */
const POINTED_SOURCE = new RegExp(
  String.raw`^(?:it|this|that|these|those)(?:'s|\s+(?:is|are|remains|stays))(?:\s+not)?\s+(?:${AUTHORITY})`,
  'i',
);

/** Sources in the code or the repository: the authority is how this project works, not a place to look things up. */
const IN_THE_CODE = new RegExp(
  String.raw`\b(?:implementation|code|codebase|source|sources|handlers?|schemas?|types|models?|migrations|tests|git|repo|repository|database|db|config|configuration|changelog|lockfile|lock file|openapi|spec|commits?|branch|main|api|server|backend|frontend)\b|${FILE_OR_PATH}`,
  'i',
);

/**
 * Words that make the would-be source a condition, a doubt or a report, not a source named: "if the schema is…", "not
 * sure which is…", "the docs say the API is…".
 */
const NOT_STATED =
  /\b(?:if|whether|when|unless|once|which|what|who|not|sure|think|thinks|guess|maybe|probably|perhaps|say|says|said|claim|claims|claimed|assume|assumes|suppose)\b/i;

/** "Authoritative" and "canonical" said alone are also words of tone ("the tone is authoritative"): a topic or a source in the code tells. */
const SAYS_WHAT_FOR = /source\s+of\s+\w+/i;

/** A topic said before the clause ("For pricing, the database is…"): what the source is authoritative for (decision 128, amended). */
const TOPIC_LEAD = /^(?:for|as for|regarding|about|on|when it comes to)\s+[^,;:.!?]+$/i;

/**
 * The kind of a statement of which source is authoritative, if the sentence holds one (decision 128); when the clause
 * stands after other words, the clause alone is what the memory says.
 */
export function sourceOfTruth(sentence: string): DecidedKind | undefined {
  const said = sentence.trim();
  if (POINTED_SOURCE.test(said) && SAYS_WHAT_FOR.test(said)) return traced('source-pointed', { type: 'reference', cue: 'reference' });
  const match = SOURCE_IS.exec(said) ?? TOPIC_FIRST.exec(said);
  const { clause, source = '', topic } = match?.groups ?? {};
  if (match === null || clause === undefined || NOT_STATED.test(source)) return undefined;
  const inTheCode = IN_THE_CODE.test(source);
  if (!SAYS_WHAT_FOR.test(clause) && topic === undefined && !inTheCode) return undefined;
  const type = inTheCode ? 'project' : 'reference';
  const cue = inTheCode ? 'project-fact' : 'reference';
  // The clause opens the sentence, or only its topic comes before it: the sentence is kept whole, what follows it
  // included ("…, the state file only for…"), since the clause alone would make the source authoritative for everything.
  const whole = match.index === 0 || TOPIC_LEAD.test(said.slice(0, match.index));
  return traced('source-of-truth', whole ? { type, cue } : { type, cue, said: `${capitalise(clause.trim())}.` });
}
