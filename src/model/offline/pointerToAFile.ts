import type { DecidedKind } from './decisionKinds.js';
import { capitalise } from './capitalise.js';
import { FILE_OR_PATH } from './placeWords.js';
import { traced } from './statementTrace.js';

/**
 * A file to look in for a kind of information (decision 128): "For release steps, see docs/RELEASING.md", "refer to
 * docs/RUNBOOK.md for commands", "the deploy commands are documented in docs/deploy.md", "have the README point to
 * docs/SETUP.md for setup". Written from kinds of statement with invented sentences as tests, never from a corpus
 * sentence. A pointer is a `reference`: where to look something up.
 *
 * What is looked up is a kind of information of a closed list (commands, setup, conventions, the release process…):
 * "see src/db.ts for the bug" or "look at @notes.md for the existing issues" points at a thing of the moment, and no
 * such word is in the list. The file is named by its path or its name.
 */

/** The kinds of information a project keeps in a file of its own, named alone ("for commands", "for the architecture"). */
const INFORMATION = String.raw`(?:commands|setup|set-up|installation|conventions|guidelines|style guide|coding style|architecture|api|endpoints|schema|deployment|deploying|releasing|configuration|env vars|environment variables|troubleshooting|usage|examples|contributing|onboarding|glossary|terminology|roadmap|runbook|faq|how-tos?)`;

/**
 * Words of information that name a kind only after a word that sorts them ("release steps", "setup instructions"):
 * alone ("for the steps", "for the details") they are the steps or details of the task at hand.
 */
const SORTED_INFORMATION = String.raw`(?:instructions|steps|process|workflow|rules|plans|requirements|design|decisions|procedures?|checklists?|tips|recipes|scripts|options|flags|reference|docs|notes)`;

/** A topic: the information, maybe after "more", "the", "our" and up to two words that sort it ("more helpful commands"). */
const TOPIC = String.raw`(?:(?:more|all|the|our|any|further|extra|additional|other)\s+)*(?:(?:[\w-]+\s+){0,2}?${INFORMATION}|(?!(?:the|this|that|these|those|my|your|its)\b)(?:[\w-]+\s+){1,2}?${SORTED_INFORMATION})`;

/** The file, as the last word of a phrase: a path or a name with a document's extension. */
const FILE = String.raw`(?:the\s+)?${FILE_OR_PATH}`;

/** The end of the statement, a word of addition allowed: "…for more commands as well." */
const END = String.raw`(?:\s+(?:as well|too|also))?\s*[.!]?$`;

/**
 * "See docs/RUNBOOK.md for commands", "refer to …", "consult …": an order to look there, said of a topic. "Check" and
 * "look at" said mid-task mean "read it now for this task" ("check README.md for the setup"): they point only with a
 * lasting word or at more of the topic ("always check…", "look at X for more examples"; review 20).
 */
const SEE_FOR = new RegExp(
  String.raw`^(?:please\s+)?(?:(?:always\s+)?(?:see|refer to|consult|point (?:people |readers |agents |everyone )?(?:to|at))\s+${FILE}\s+for\s+${TOPIC}|always\s+(?:check|look (?:in|at))\s+${FILE}\s+for\s+${TOPIC}|(?:check|look (?:in|at))\s+${FILE}\s+for\s+(?:more|further|all)\s+${TOPIC})${END}`,
  'i',
);

/** "For release steps, see docs/RELEASING.md": the topic first. */
const FOR_TOPIC_SEE = new RegExp(
  String.raw`^for\s+${TOPIC},?\s+(?:please\s+)?(?:see|refer to|consult|check|read|look (?:in|at)|go to)\s+${FILE}${END}`,
  'i',
);

/** "The deploy commands are documented in docs/deploy.md": the topic as the subject. */
const DOCUMENTED_IN = new RegExp(
  String.raw`^${TOPIC}\s+(?:is|are)\s+(?:all\s+)?(?:documented|described|explained|listed|written (?:up|down)|covered|collected)\s+in\s+${FILE}(?=\s*(?:[,;]|[.!]?$))`,
  'i',
);

/**
 * "Have the README point to docs/SETUP.md for setup", "make CLAUDE.md refer to …": a file told to point at another for a
 * topic says where that topic is kept; the file told to is the one being edited, the one pointed at the reference.
 */
const MADE_TO_POINT = new RegExp(
  String.raw`^(?:please\s+)?(?:make|have|let|get)\s+(?:it|the\s+\w+|\S+\.md)\s+(?:refer|point|link)\s+(?:\w+\s+)?(?:to|at)\s+${FILE}\s+for\s+${TOPIC}${END}`,
  'i',
);

/** The kind of a statement of a file to look in for a kind of information, if the sentence is one (decision 128). */
export function pointerToAFile(sentence: string): DecidedKind | undefined {
  const said = sentence.trim();
  for (const [name, shape] of SHAPES) {
    if (!shape.test(said)) continue;
    if (shape === DOCUMENTED_IN) return documentedIn(said);
    // The file told to point is the one being edited: the memory is the pointer, from its verb on.
    const pointer =
      shape === MADE_TO_POINT ? /\b(?:refer|point|link)\b.*$/i.exec(said)?.[0].replace(/(\s)@(?=[\w.~-]*[./])/g, '$1') : undefined;
    return traced(name, { type: 'reference', cue: 'reference', ...(pointer === undefined ? {} : { said: capitalise(pointer) }) });
  }
  return undefined;
}

/** A file said to be out of date or wrong is no place to look things up. */
const NOT_TO_TRUST = /\b(?:out of date|outdated|stale|obsolete|wrong|broken|incomplete|missing)\b/i;

/**
 * "The deploy commands are documented in docs/deploy.md, add the new one there": the pointer is the clause before the
 * comma; what follows is an order of the moment, and a file said to be out of date is no pointer at all (review 20).
 */
function documentedIn(said: string): DecidedKind | undefined {
  const clause = DOCUMENTED_IN.exec(said)?.[0] ?? said;
  const tail = said.slice(clause.length);
  if (NOT_TO_TRUST.test(tail)) return undefined;
  const pointer = /^\s*[.!]?$/.test(tail) ? undefined : `${clause}.`;
  return traced('documented-in', { type: 'reference', cue: 'reference', ...(pointer === undefined ? {} : { said: pointer }) });
}

const SHAPES: ReadonlyArray<readonly [string, RegExp]> = [
  ['see-file-for', SEE_FOR],
  ['for-topic-see', FOR_TOPIC_SEE],
  ['documented-in', DOCUMENTED_IN],
  ['made-to-point', MADE_TO_POINT],
];
