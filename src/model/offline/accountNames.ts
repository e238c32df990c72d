/**
 * Names of accounts and identifiers outside the code, where pull requests go and which file keeps
 * credentials (decision 104): "my GitHub username is jdoe",
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

/** "Mi usuario de GitHub es jdoe", "nuestra organización en GitHub es acme-inc". */
const ACCOUNT_NAME_ES =
  /^(?:mi|nuestro|nuestra|el|la)\s+(?:usuario|cuenta|organización|org|scope|rama principal|rama por defecto)\s+(?:(?:de|en)\s+\S+\s+)?es\s+([\w@/:-]+(?:\.[\w@/:-]+)*)\s*[.!]?$/i;

/** A state rather than a name: "wrong", "missing", "growing". */
const STATE =
  /^(?:wrong|right|correct|broken|missing|empty|invalid|valid|fine|ok|okay|set|unset|different|same|new|old|outdated|null|undefined|required|optional|gone|private|public|locked|full|down|up|blocked|suspended|disabled|enabled|green|red|ready|small|big|frozen|protected|review|admin|owner|member|incorrecto|incorrecta|\w+ly|\w+ed|\w+ing)$/i;

/** Where pull requests go: "PRs go against next", "the base branch for PRs is next". */
const PR_TARGET =
  /^(?:(?:all|our|the)\s+)?(?:prs|pull requests|merge requests|mrs)\s+(?:(?:go|should go|are opened|are made|merge)\s+(?:against|into|to|on)|target)\s+(?:the\s+)?([\w/-]+(?:\.[\w/-]+)*)(?:\s+branch)?\s*[.!]?$|^the\s+(?:base|target)\s+branch\s+(?:for\s+(?:prs|pull requests)\s+)?is\s+([\w/-]+(?:\.[\w/-]+)*)\s*[.!]?$/i;

/** Where credentials and settings are kept, by a file or a path: "the API key is in .env.local". */
const KEPT_IN_FILE =
  /^(?:the|our)\s+(?:[\w-]+\s+){0,2}(?:key|keys|token|tokens|secret|secrets|credentials|password|passwords|env vars?|environment variables)\s+(?:is|are|lives?)\s+(?:kept\s+|stored\s+)?in\s+~?[\w-]*[./][\w./-]*[\w]\s*[.!]?$/i;

/** A branch of the repository named: "the default branch", "la rama principal". */
const BRANCH_SUBJECT = /^(?:my|our|the)\s+(?:[\w-]+\s+){0,2}?(?:default|main|release)\s+branch\b|^(?:mi|nuestro|nuestra|el|la)\s+rama\b/i;

const accountValue = (sentence: string): string | undefined => (ACCOUNT_NAME.exec(sentence) ?? ACCOUNT_NAME_ES.exec(sentence))?.[1];

/**
 * Which branch work starts from or goes to ("the default branch is main", "PRs go against next"): a
 * fact of the project, not a place things are looked up in (decision 104, amended after review).
 */
export function isBranchFact(sentence: string): boolean {
  const target = PR_TARGET.exec(sentence);
  const branch = target?.[1] ?? target?.[2] ?? (BRANCH_SUBJECT.test(sentence) ? accountValue(sentence) : undefined);
  return branch !== undefined && !STATE.test(branch);
}

/** Whether a sentence names an account or an identifier outside the code, or where credentials are kept. */
export function isAccountName(sentence: string): boolean {
  const value = BRANCH_SUBJECT.test(sentence) ? undefined : accountValue(sentence);
  return (value !== undefined && !STATE.test(value)) || KEPT_IN_FILE.test(sentence);
}
