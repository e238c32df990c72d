import type { DecidedKind } from './decisionKinds.js';

/**
 * Choices and habits of a project said in passing (decision 110), written from kinds of statement
 * with invented sentences as their tests, never from a corpus sentence:
 *
 * - what the team usually does: "we usually keep an orphan branch in each repo" (a habit is a fact of
 *   the project; "I usually…" one of the person);
 * - what a thing is called, and stays called: "the package name stays gitsync", "the binary is still
 *   git-sync", "rename everything from agent-plugins to skills";
 * - the tool a kind of work is done with: "we release with goreleaser", "…to publish versions using
 *   goreleaser";
 * - the manner asked for a kind of output: "can you do meaningful commits", "please write small
 *   functions" (a quality said of a plural kind, not of one thing at hand).
 */

/** Words that open a named thing's place but name nothing themselves: "to the next step" is no tool. */
const NOT_A_NAME = String.raw`(?!(?:the|a|an|this|that|these|those|it|them|my|your|our|next|another|other|new)\b)`;

/**
 * "We usually…", "the team normally…": a habit of the project or of the person. What one usually sees or
 * runs into, ends up doing or fails at is a symptom, and a habit said of a thing pointed at ("I usually just
 * restart it") is the work; "a branch that might be…" goes on about the thing named, and points at nothing.
 */
const RELATIVE_VERB = String.raw`(?:might|may|can|could|will|would|should|must|is|are|was|were|has|have|had|holds|keeps|lives|runs)\b`;
const HABIT = new RegExp(
  String.raw`^(?:(?:so|also|and)\s+)?(we|i|the team|our team)\s+(?:usually|normally|typically|generally|tend to|mostly|habitually)\s+(?=\S)(?!(?:do not|don't|forget|miss|see|get|hit|notice|run into|run out|encounter|experience|end up|struggle|break|fail|lose|have (?:flaky|problems|issues|trouble))\b)(?![^.;!?]*\b(?:it|this|these|those|them|that(?!\s+${RELATIVE_VERB}))\b)\w+`,
  'i',
);

/** How a thing is, not what it is called: "wrong", "up-to-date", "read-only", "work-in-progress", `latest`. */
const NOT_A_STATE = String.raw`(?!\x60?(?:wrong|right|fine|ok|okay|confusing|different|broken|ready|done|up-to-date|out-of-date|read-only|read-write|work-in-progress|in-progress|latest|stale|deprecated|private|public|empty|missing|unused|the same)\b)`;

/**
 * "the package name stays gitsync", "the cli binary is still git-sync", "the repo is now called git-sync". Said of a
 * name, or with "called", any word is the name; said of a thing, only a word shaped like a name ("git-sync",
 * "acme/sync", `gitsync`) is: "the app is still crashing", "the service is still down" say how it is now.
 */
const NAME_STAYS = new RegExp(
  [
    String.raw`\bname\b[^.;,]{0,30}?\b(?:stays|remains|is still|is now|will be|should be)\s+${NOT_A_STATE}\x60?[\w@./-]*[\w@/-]`,
    String.raw`\b(?:package|binary|module|repo|repository|project|command|cli|app|crate|image|bucket|service)\b[^.;,]{0,30}?\b(?:stays|remains|is still|is now|will be|should be)\s+(?:called\s+|named\s+)(?:\x60?[\w@./-]*[\w@/-])`,
    String.raw`\b(?:package|binary|module|repo|repository|project|command|cli|app|crate|image|bucket|service)\b[^.;,]{0,30}?\b(?:stays|remains|is still|is now)\s+${NOT_A_STATE}(?:\x60[^\x60]+\x60|(?=[\w@.]*?[a-z])[\w@.]+[-_/][\w@./-]*[\w@/])`,
  ].join('|'),
  'i',
);

/** The things a project's name is said of: renaming one of them renames the project's own words for it. */
const NAMED_THING = String.raw`(?:package|binary|module|repo|repository|project|command|cli|app|crate|image|bucket|service|org|organi[sz]ation|domain|product)`;

/**
 * "we renamed the repo from gitsync to git-sync", "the package has been renamed to acme-core": what a thing of the
 * project is called from now on, said as done. A rename asked for ("can you rename the repo…") is the work; one of
 * code ("I renamed getUser to fetchUser") is the change's story.
 */
const RENAMED = new RegExp(
  [
    String.raw`\b(?:we|i|they)\s+(?:just\s+|have\s+|'ve\s+|finally\s+)?renamed\s+(?:the\s+|our\s+|my\s+)?${NAMED_THING}\b(?:\s+(?!from\b|to\b)[\w-]+){0,2}?(?:\s+from\s+\S+)?\s+to\s+[^\s,;!?]+`,
    String.raw`\b(?:the\s+|our\s+)?${NAMED_THING}\s+(?:was|has been|got|is now)\s+renamed\s+(?:from\s+\S+\s+)?to\s+[^\s,;!?]+`,
  ].join('|'),
  'i',
);

/** The rename said as done, as what the memory says ("We renamed the repo from a to b."), if the sentence says one. */
export function renameStated(sentence: string): DecidedKind | undefined {
  const match = RENAMED.exec(sentence);
  if (match === null) return undefined;
  const said = match[0].replace(/[.:]+$/, '');
  return { type: 'project', cue: 'project-fact', said: `${said.charAt(0).toUpperCase()}${said.slice(1)}.`, goesOn: true };
}

/** "rename everything from agent-plugins to skills": one name for another throughout. */
const RENAME_THROUGHOUT = /\brename[sd]?\s+(?:everything|all(?:\s+\w+){0,2}|every\s+\w+)\s+from\s+\S+\s+to\s+\S+/i;

/**
 * "we release with goreleaser", "to publish versions using goreleaser": the tool a kind of work is done with, said of
 * who does it. An order ("deploy it with kubectl", "release with missing assets") is the work at hand.
 */
const DONE_WITH = new RegExp(
  String.raw`\b(?:we|they|you|i|to)\s+(?:\w+\s+)?(?:release|deploy|publish|distribute|package)\b(?:\s+(?!(?:it|this|that|them|now|again)\b)[\w-]+){0,3}?\s+(?:using|with|via|through)\s+${NOT_A_NAME}(?!(?:care|caution|confidence|ease|patience|love|help|approval|permission|sign-?off|review|reviews)\b)\x60?[a-z][\w@./-]*`,
  'i',
);

/** A quality of a kind of output: "meaningful commits", "small functions", "descriptive commit messages". */
const QUALITY = String.raw`(?:meaningful|small|smaller|atomic|descriptive|short|shorter|clear|clean|concise|focused|separate|frequent|granular|incremental|readable|conventional|proper|detailed|minimal|tiny|self-contained|typed|pure|explicit)`;
const KIND_OF_OUTPUT = String.raw`(?:commits|commit messages|prs|pull requests|functions|methods|tests|messages|names|comments|files|modules|components|changes|steps|diffs|branches|classes)`;

/**
 * "can you do meaningful commits", "please write small functions": said alone or after a comma in a request, the
 * kind ending the clause. "…separate commits for each fix", "Do small PRs get reviewed…" are not a manner asked for.
 */
const MANNER = new RegExp(
  String.raw`(?:^|,\s*)(?:(?:also|and)\s+)?(?:please\s+|can you\s+|could you\s+|pls\s+)?(?:always\s+)?(?:do|make|write|keep|create|use|prefer)\s+(?:more\s+)?(${QUALITY}(?:(?:,\s*|\s+and\s+|\s+)${QUALITY})*\s+${KIND_OF_OUTPUT})(?=\s*(?:[.;!?]|$|,?\s*(?:please|from now on|going forward|always)\b))`,
  'i',
);

/** The kind of a project's choice or habit said in passing, if the sentence states one. */
export function projectChoice(sentence: string): DecidedKind | undefined {
  const habit = HABIT.exec(sentence);
  if (habit !== null)
    return { type: /^i$/i.test(habit[1] ?? '') ? 'user' : 'project', cue: habit[1]?.toLowerCase() === 'i' ? 'about-me' : 'project-fact' };
  if (NAME_STAYS.test(sentence) || RENAME_THROUGHOUT.test(sentence) || DONE_WITH.test(sentence))
    return { type: 'project', cue: 'project-fact' };
  return undefined;
}

/** A polite request's opening: "can you …", "could you please …". */
const POLITE = /^(?:please\s+)?(?:can|could|would|will)\s+you\s+(?:please\s+)?/i;

/** A rename throughout asked for politely: "can you rename everything from a to b". A tool asked for now is the work. */
export function choiceAskedFor(sentence: string): DecidedKind | undefined {
  const polite = POLITE.exec(sentence);
  return polite !== null && RENAME_THROUGHOUT.test(sentence) ? { type: 'project', cue: 'project-fact' } : undefined;
}

/** The manner asked for a kind of output, as what the memory says ("Do meaningful commits."), if the sentence asks for one. */
export function mannerAskedFor(sentence: string): DecidedKind | undefined {
  const match = MANNER.exec(sentence);
  if (match === null) return undefined;
  const asked = sentence
    .slice(match.index)
    .replace(/^[,\s]+/, '')
    .replace(/^(?:also|and)\s+/i, '')
    .replace(/^(?:please|can you|could you|pls)\s+/i, '');
  const said = asked.replace(/\s*[?.!]+\s*$/, '');
  return { type: 'feedback', cue: 'preference', said: `${said.charAt(0).toUpperCase()}${said.slice(1)}.` };
}
