import { LASTING } from './lastingWords.js';

/**
 * What one commit or pull request did, named by its hash or number (decision 106): "commit 5cf0…
 * accidentally committed two files that don't belong in the repo", "PR #482 moved the checks".
 * Git and the tracker keep that story; a rule word in it ("don't belong") is said of that one
 * change. With a lasting word ("…so the handlers never check tokens") the sentence says more than
 * the story, and is read as before.
 */

/** A run of 7 to 40 hex digits standing alone (not part of a uuid or a longer word): a commit's hash when it holds both digits and letters. */
const HEX_RUN = /(?<![\w-])[0-9a-f]{7,40}(?![\w-])/gi;

/** The words that say a hex run is a commit's: an image digest or a dashboard's id in a link is none. */
const COMMIT_WORD = /\b(?:commit(?:s|ted)?|sha|revision)\b/i;

function namesCommit(sentence: string): boolean {
  if (!COMMIT_WORD.test(sentence)) return false;
  for (const [run] of sentence.matchAll(HEX_RUN)) if (/\d/.test(run) && /[a-f]/i.test(run)) return true;
  return false;
}

/** A pull or merge request by its number. */
const REQUEST_NUMBER = /\b(?:PR|pull request|MR|merge request)\s*#?\d+\b/i;

/** Whether a sentence tells what one change, named by its id, did or is. */
export function isOneChangeStory(sentence: string): boolean {
  return (namesCommit(sentence) || REQUEST_NUMBER.test(sentence)) && !LASTING.test(sentence);
}
