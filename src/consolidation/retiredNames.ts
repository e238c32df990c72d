import { distinctiveTerms } from './distinctiveTerms.js';

/** Words that say a thing is gone or given up: it was archived, replaced, moved away from. */
const RETIRED =
  /\b(?:archived|archive[sd]?|deprecated|retired|replaced|sunset|sunsetted|decommissioned|abandoned|dropped|removed|migrated|moved|switched|renamed|no longer|not used anymore|gone)\b/i;
/** What comes after one of these is the new thing: "replaced by Linear", "moved to GitHub", "archived for Linear", "in favour of". */
const SUCCESSOR = /\b(?:to|for|by|with|into|in favou?r of)\b/i;
/** "moved from Jira to …", "renamed the repo from acme/a to acme/b": what follows "from" is the old thing. */
const FROM = /\bfrom\b/i;
const MOVES = /^(?:migrated|moved|switched|renamed)$/i;

/**
 * The tool, file or host names a sentence says are gone (decision 70): named before the word
 * that says so ("Jira was archived"), or after it but before the successor ("we replaced Jira
 * with Linear"), or after "from". The names after "to", "for", "by", "with" are what replaced
 * them, current.
 */
export function retiredNames(sentence: string): string[] {
  const said = RETIRED.exec(sentence);
  if (said === null) return [];
  const before = sentence.slice(0, said.index);
  const after = sentence.slice(said.index + said[0].length);
  const successor = SUCCESSOR.exec(after);
  // "moved from Jira to …": after "from" is the old thing; "removed the flag from `deploy.sh`": the place it stays.
  const from = FROM.exec(after);
  const end = (at: number | undefined) => (at === undefined ? after.length : at);
  const old = MOVES.test(said[0])
    ? from === null
      ? after.slice(0, successor?.index)
      : after.slice(from.index, successor !== null && successor.index > from.index ? successor.index : undefined)
    : after.slice(0, Math.min(end(successor?.index), end(from?.index)));
  return [...new Set([...distinctiveTerms(before), ...distinctiveTerms(old)])];
}
