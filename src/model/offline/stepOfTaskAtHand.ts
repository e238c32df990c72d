import { LASTING } from './lastingWords.js';
import { TASK } from './statementKinds.js';
import { GENERAL_PLACE, worksOnAttachedFile } from './requestAtHand.js';
import { OCCASION_THINGS, pointsAtOneOccasion } from './oneOccasionWords.js';
import { wordsIn } from './sentenceShape.js';
import type { Piece } from './statementPieces.js';

/**
 * A rule's or a preference's words said among the steps of one task in the same message (decision 123): beside a step
 * on a thing of this moment (a file attached with "@", a link, "the latest review", "this PR"), a style word right after
 * the one piece of work it shapes ("Write the release note for 2.3. Keep it short."), and "after each section" of a
 * prompt that is itself in sections. A lasting word ("always", "every", "from now on") or a place that lasts ("in this
 * repo", "our …") keeps the rule (decision 106).
 */

/** What points at one thing of this moment: "this", "that", "the latest", "the current". */
const MOMENT_POINTER = String.raw`(?:the\s+(?:latest|last|current|new|open)|this|that)`;

/** The things of one moment: one occasion's (decision 110) and the documents of one piece of review. */
const MOMENT_THINGS = String.raw`(?:${OCCASION_THINGS}|code review|review|merge request|diff|plan|spec|draft)`;

/**
 * A step of the same message that works on a thing of this moment: a link, an attached file, "the latest code review",
 * "this branch". The thing word names it only as the head of its phrase: "that issue tracker" is a tracker that lasts.
 */
const pointsAtTheMoment = (piece: string): boolean =>
  /https?:\/\/\S/.test(piece) || pointsAtOneOccasion(piece, MOMENT_POINTER, MOMENT_THINGS) || worksOnAttachedFile(piece);

/** A word that points back at a thing just named: "it", "there", "for this", "the comments" of that review. */
const POINTS_BACK = /\b(?:it|its|them|there|this|that|these|those|the)\b/i;

/**
 * A rule without its relative clause: "comments that restate the code" name a kind by what it does, and the code of
 * that clause is any code. A "that" read before a verb opens the clause; "that approach" points.
 */
function withoutRelativeClause(rule: string): string {
  for (const match of rule.matchAll(/\s(?:that|which|who)\s+([\w'-]+)/gi)) {
    const end = match.index + match[0].length;
    const [next] = wordsIn(rule, end - (match[1]?.length ?? 0), end);
    if (next?.pos === 'VERB' || next?.pos === 'AUX') return rule.slice(0, match.index);
  }
  return rule;
}

/**
 * Whether a rule said beside a step is about that step's thing: it points back at it, or it is a style word with no
 * thing of its own. A rule with its own general object ("keep functions under 40 lines", "prefer small commits") is a
 * convention said beside the step: the object decides, not the neighbour (decision 106).
 */
const isAboutTheStep = (rule: string): boolean => STYLE_ALONE.test(rule) || POINTS_BACK.test(withoutRelativeClause(rule));

/** A style word with no thing of its own: "Keep it short.", "Avoid verbosity.", "Be concise.", "No emojis." */
const STYLE_ALONE =
  /^(?:please\s+)?(?:avoid\s+[\w-]+|keep\s+(?:it|them|this|that)\s+(?:\w+\s+)?[\w-]+|be\s+(?:\w+\s+)?[\w-]+|make\s+(?:it|them)\s+(?:\w+\s+)?[\w-]+|no\s+[\w-]+)\s*[.!]?$/i;

/** An order for a piece of work: the task openings, and the verbs that ask for a text ("describe the structure"). */
const asksForWork = (piece: string): boolean =>
  TASK.test(piece) ||
  /^(?:please\s+|now\s+|then\s+)?(?:describe|draft|summari[sz]e|rewrite|edit|outline|list|translate|prepare)\b/i.test(piece);

/** The parts of the prompt itself: "after each section", "for every question below". */
const EACH_PART = /\b(?:each|every)\s+(?:section|part|question|point|heading|item)\b/i;

/** A heading line: "## 1. Architecture review". */
const HEADING = /^\s*#{1,6}\s+\S/;

/** A short numbered line that may head a section: "1. Architecture review". */
const NUMBERED_HEAD = /^\s*\d+[.)]\s+[A-Z].{0,60}$/;

/** Any numbered line, a heading's or a list item's. */
const NUMBERED = /^\s*\d+[.)]\s/;

/**
 * A prompt laid out in sections: two headings or more. A numbered line heads a section only after a blank line and
 * when no numbered line follows it: "1. Update the parser\n2. Update the docs" is a list of steps, not two sections.
 */
function isSectioned(message: string): boolean {
  const lines = message.split('\n');
  const blank = (line: string | undefined): boolean => line === undefined || line.trim() === '';
  const headsSection = (line: string, i: number): boolean =>
    HEADING.test(line) || (NUMBERED_HEAD.test(line) && blank(lines[i - 1]) && !NUMBERED.test(lines[i + 1] ?? ''));
  return lines.filter(headsSection).length >= 2;
}

/** The person speaking of themselves: "I'd rather…", "my priorities" say what they hold, whatever the task beside it. */
const FIRST_PERSON = /\b(?:I|I'm|I'd|I've|my|me|we|we're|we'd|us)\b/i;

/** The pieces of the paragraph that holds piece `i`, without it. */
function sameParagraph(pieces: readonly Piece[], i: number): Piece[] {
  let start = i;
  while (start > 0 && pieces[start]?.opensParagraph !== true) start--;
  let end = i + 1;
  while (end < pieces.length && pieces[end]?.opensParagraph !== true) end++;
  return pieces.slice(start, end).filter((_, j) => start + j !== i);
}

/** Whether piece `i` of a message, read as a rule or a preference, is a step of the task that message asks for. */
export function isStepOfTaskAtHand(pieces: readonly Piece[], i: number, message: string): boolean {
  const said = pieces[i]?.text.trim();
  if (said === undefined || GENERAL_PLACE.test(said)) return false;
  if (EACH_PART.test(said) && isSectioned(message)) return true;
  if (FIRST_PERSON.test(said) || LASTING.test(said)) return false;
  if (isAboutTheStep(said) && sameParagraph(pieces, i).some((piece) => pointsAtTheMoment(piece.text))) return true;
  const before = pieces[i - 1];
  return STYLE_ALONE.test(said) && before !== undefined && pieces[i]?.opensParagraph !== true && asksForWork(before.text.trim());
}
