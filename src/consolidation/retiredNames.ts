import { distinctiveTerms } from './distinctiveTerms.js';

/** Words that say a thing is gone or given up: it was archived, replaced, moved away from. */
const RETIRED =
  /\b(?:archived|archive[sd]?|deprecated|retired|replaced|sunset|sunsetted|decommissioned|abandoned|dropped|removed|migrated|moved|switched|no longer|not used anymore|gone)\b/i;
/** What comes after one of these is the new thing: "replaced by Linear", "moved to GitHub", "archived for Linear", "in favour of". */
const SUCCESSOR = /\b(?:to|for|by|with|into|in favou?r of)\b/i;
/** "moved from Jira to …": what follows "from" is the old thing. */
const FROM = /\bfrom\b/i;
const MOVES = /^(?:migrated|moved|switched)$/i;

/**
 * A rename names its old name only: what follows "from", or what stands between "renamed" and "to" ("we renamed
 * acme.io/core to acme.io/base"). The names before it ("the api service in docker-compose.yml was renamed…"), the new
 * name, and a rename with no "to" ("when a package is renamed, update .github/labeler.yml") retire nothing.
 */
const RENAMED_FROM = /\brenamed\b(?:[^;!?]{0,80}?\bfrom\s+([^\s,;)]+)|\s+(?!the\b|our\b|my\b|a\b)(\S+)\s+to\b)/i;

/**
 * The tool, file or host names a sentence says are gone (decision 70): named before the word
 * that says so ("Jira was archived"), or after it but before the successor ("we replaced Jira
 * with Linear"), or after "from". The names after "to", "for", "by", "with" are what replaced
 * them, current.
 */
export function retiredNames(sentence: string): string[] {
  const renamed = RENAMED_FROM.exec(sentence);
  if (renamed !== null) return [...distinctiveTerms((renamed[1] ?? renamed[2] ?? '').replace(/[.:]+$/, ''))];
  if (/\brenamed\b/i.test(sentence)) return [];
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
