import { LASTING } from './lastingWords.js';
import { TASK } from './statementKinds.js';
import { GENERAL_PLACE, worksOnAttachedFile } from './requestAtHand.js';
import type { Piece } from './statementPieces.js';

/**
 * A rule's or a preference's words said among the steps of one task in the same message (decision 123): beside a step
 * on a thing of this moment (a file attached with "@", a link, "the latest review", "this PR"), a style word right after
 * the one piece of work it shapes ("Write the release note for 2.3. Keep it short."), and "after each section" of a
 * prompt that is itself in sections. A lasting word ("always", "every", "from now on") or a place that lasts ("in this
 * repo", "our …") keeps the rule (decision 106).
 */

/** A link, or one review, pull request, commit or branch of this moment: "the latest code review in the PR", "this branch". */
const THING_OF_THE_MOMENT =
  /https?:\/\/\S|\b(?:the\s+(?:latest|last|current|new|open)|this|that)\s+(?:code\s+)?(?:review|pr|pull request|merge request|commit|branch|diff|ticket|issue|plan|spec|draft)\b/i;

/** A step of the same message that works on a thing of this moment. */
const pointsAtTheMoment = (piece: string): boolean => THING_OF_THE_MOMENT.test(piece) || worksOnAttachedFile(piece);

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
  if (sameParagraph(pieces, i).some((piece) => pointsAtTheMoment(piece.text))) return true;
  const before = pieces[i - 1];
  return STYLE_ALONE.test(said) && before !== undefined && pieces[i]?.opensParagraph !== true && asksForWork(before.text.trim());
}
