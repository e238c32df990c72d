import { LASTING } from './lastingWords.js';

/**
 * What one commit or pull request did, named by its hash or number (decision 106): "commit 5cf0…
 * accidentally committed two files that don't belong in the repo", "PR #482 moved the checks".
 * Git and the tracker keep that story; a rule word in it ("don't belong") is said of that one
 * change. With a lasting word ("…so the handlers never check tokens") the sentence says more than
 * the story, and is read as before.
 */

/** A commit's hash (7 to 40 hex digits, holding both digits and letters, not part of a uuid or a longer word). */
const COMMIT_HASH = /(?<![\w-])(?=[0-9a-f]{0,39}\d)(?=[0-9a-f]{0,39}[a-f])[0-9a-f]{7,40}(?![\w-])/i;

/** A pull or merge request by its number. */
const REQUEST_NUMBER = /\b(?:PR|pull request|MR|merge request)\s*#?\d+\b/i;

/** Whether a sentence tells what one change, named by its id, did or is. */
export function isOneChangeStory(sentence: string): boolean {
  return (COMMIT_HASH.test(sentence) || REQUEST_NUMBER.test(sentence)) && !LASTING.test(sentence);
}
