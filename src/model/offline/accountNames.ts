/**
 * Names of accounts and identifiers outside the code (decision 104): "my GitHub username is jdoe",
 * "our GitHub org is acme-inc", "the npm scope is @acme", "our AWS account for production is
 * prod-eu", "the default branch is main". A later session needs them to run a command or write a
 * URL, and no file holds them. Written from kinds of statement with invented sentences as their
 * tests, never from a corpus sentence.
 */

/** What has a name outside the code. */
const IDENTIFIED = String.raw`(?:username|user name|handle|login|org|organization|organisation|account|account id|project id|scope|namespace|workspace|tenant|subscription|default branch|main branch|release branch|bundle id|app id|package name|team name)`;

/** "<my|our|the> [service] <what> [for <what>] is <value>.": the value one token at the end. */
const ACCOUNT_NAME = new RegExp(
  String.raw`^(?:my|our|the)\s+(?:[\w-]+\s+){0,2}?${IDENTIFIED}\s+(?:for\s+[\w-]+\s+)?(?:is|are)\s+([\w@/:-]+(?:\.[\w@/:-]+)*)\s*[.!]?$`,
  'i',
);

/** A state rather than a name: "wrong", "missing", "growing". */
const STATE =
  /^(?:wrong|right|correct|broken|missing|empty|invalid|valid|fine|ok|okay|set|unset|different|same|new|old|outdated|null|undefined|required|optional|gone|private|public|locked|full|down|up|blocked|suspended|disabled|enabled|\w+ed|\w+ing)$/i;

/** Whether a sentence names an account or an identifier outside the code. */
export function isAccountName(sentence: string): boolean {
  const value = ACCOUNT_NAME.exec(sentence)?.[1];
  return value !== undefined && !STATE.test(value);
}
