import { LASTING } from './lastingWords.js';
import { DONT, IMPERATIVE } from './statementKinds.js';

/**
 * What one commit or pull request did, named by its hash or number (decision 106): "commit 5cf0…
 * accidentally committed two files that don't belong in the repo", "PR #482 moved the checks".
 * Git and the tracker keep that story; a rule word in it ("don't belong") is said of that one
 * change. With a lasting word ("…so the handlers never check tokens") or an order ("…, so don't run
 * npm install", "…: use pnpm", "handlers shouldn't check tokens") the sentence says more than the
 * story, and is read as before.
 */

/**
 * A hash named as a commit's, the word right next to it: "commit 3fa91c2", "sha 1234abcd", "3fa91c2
 * commit". A hash elsewhere in a sentence that says "commit" is an example ("commit messages must
 * reference the ticket, like abc1234"), and an image digest or a dashboard's id is none.
 */
const COMMIT_HASH = /\b(?:commit|sha|revision)\s+([0-9a-f]{7,40})(?![\w-])|(?<![\w-])([0-9a-f]{7,40})\s+commit\b/gi;

/** Whether a sentence names a commit by its hash (one holding both digits and letters). */
function namesCommit(sentence: string): boolean {
  for (const match of sentence.matchAll(COMMIT_HASH)) {
    const run = match[1] ?? match[2] ?? '';
    if (/\d/.test(run) && /[a-f]/i.test(run)) return true;
  }
  return false;
}

/** A pull or merge request by its number. */
const REQUEST_NUMBER = /\b(?:PR|pull request|MR|merge request)\s*#?\d+\b/i;

/** Words that say what must be: a rule, whatever change it came with. */
const MUST_BE = /\b(?:must|mustn't|should|shouldn't|need to|needs to|have to|has to)\b/i;

/** Where a clause that may give an order starts: after "so", a colon or a semicolon. */
const CLAUSE_START = /(?:\bso|[:;])\s+/gi;

/** A text that opens by naming the change: "Commit 3fa91c2 added…" opens with no order to commit. */
const OPENS_WITH_CHANGE = /^(?:commit|sha|revision)\s+[0-9a-f]{7,40}(?![\w-])|^(?:PR|pull request|MR|merge request)\s*#?\d/i;

const opensWithOrder = (text: string): boolean =>
  !OPENS_WITH_CHANGE.test(text) && (/^please\b/i.test(text) || IMPERATIVE.test(text) || DONT.test(text));

/** Whether a sentence gives an order or says what must be, in itself or in a clause ("…, so don't run…", "…: use pnpm"). */
function givesOrder(sentence: string): boolean {
  if (opensWithOrder(sentence) || MUST_BE.test(sentence)) return true;
  for (const match of sentence.matchAll(CLAUSE_START)) if (opensWithOrder(sentence.slice(match.index + match[0].length))) return true;
  return false;
}

/** Whether a sentence tells what one change, named by its id, did or is. */
export function isOneChangeStory(sentence: string): boolean {
  return (namesCommit(sentence) || REQUEST_NUMBER.test(sentence)) && !LASTING.test(sentence) && !givesOrder(sentence);
}
