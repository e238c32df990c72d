import type { DecidedKind } from './decisionKinds.js';
import { NAMED_THING } from './projectThings.js';
import { capitalise } from './capitalise.js';

/**
 * What a thing of the project is called (decision 110): a name that stays, a rename throughout, a rename said as
 * done. Written from kinds of statement, with invented sentences as their tests, never from a corpus sentence.
 */

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
    String.raw`\b${NAMED_THING}\b[^.;,]{0,30}?\b(?:stays|remains|is still|is now|will be|should be)\s+(?:called\s+|named\s+)(?:\x60?[\w@./-]*[\w@/-])`,
    String.raw`\b${NAMED_THING}\b[^.;,]{0,30}?\b(?:stays|remains|is still|is now)\s+${NOT_A_STATE}(?:\x60[^\x60]+\x60|(?=[\w@.]*?[a-z])[\w@.]+[-_/][\w@./-]*[\w@/])`,
  ].join('|'),
  'i',
);

/** "rename everything from agent-plugins to skills": one name for another throughout. */
const RENAME_THROUGHOUT = /\brename[sd]?\s+(?:everything|all(?:\s+\w+){0,2}|every\s+\w+)\s+from\s+\S+\s+to\s+\S+/i;

/** A name as people write one: in backticks, a word with a letter (`git-sync`, acme/core, @acme/core), or Capitalised Words. */
const NAME = String.raw`(?:\x60[^\x60\n]{1,80}\x60|[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,3}|(?=[\w@./-]*[a-z])[\w@./-]*[\w@/-])`;

/**
 * What may follow the new name: when it was done ("last week"), then the sentence's end, the work the rename brings
 * asked for ("…to b can you fix the names?") or what kept its name ("…but the binary is still gitsync"). Anything else
 * ("…to test-x locally", "…on my fork", "…but we are reverting it") says the rename is not the project's lasting name.
 */
const RENAME_END = String.raw`(?:\s+(?:last (?:week|month|year)|recently|yesterday))?(?=[.!:]?$|[.!:]\s+\S|[\s,;]+(?:(?:can|could|would|will)\s+you|please|pls)\b|,?\s+but\s+(?:the\s+)?[\w-]+\s+(?:is still|stays|remains)\b)`;

/**
 * "we renamed the repo from gitsync to git-sync", "the npm package has been renamed to acme-core": what a thing of
 * the project is called from now on, said as done by the person or their team, opening the sentence (after at most a
 * short lead ending in a colon). Asked ("can you rename…", "have we renamed…?"), denied, wished, supposed ("if we
 * renamed…"), said of others ("they renamed…") or of code and files ("the package variable", "the project folder"),
 * it is none.
 */
// Case matters for a name of Capitalised Words, so the words around it spell their capitals out.
const RENAMED = new RegExp(
  String.raw`^(?:[^:\n]{1,30}:\s*)?(?:(?:[Ss]o|[Aa]nd|[Aa]lso)\s+)?(?:` +
    [
      String.raw`(?:[Ww]e|I)(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|already\s+|finally\s+)?renamed\s+(?:the\s+|our\s+|my\s+)?(?:[\w.-]+\s+)?${NAMED_THING}`,
      String.raw`(?:[Tt]he\s+|[Oo]ur\s+)?(?:[\w.-]+\s+)?${NAMED_THING}(?:'s been|\s+(?:was|has been|got|is now|is))\s+renamed`,
    ].join('|') +
    String.raw`)(?:\s+(?:once more|once again|again))?(?:\s+from\s+${NAME})?\s+to\s+${NAME}${RENAME_END}`,
);

const MAX_RENAME_CHARS = 300;

/** Whether the sentence says what a thing is called: a name that stays, or a rename throughout. */
export const saysWhatItIsCalled = (sentence: string): boolean => NAME_STAYS.test(sentence) || RENAME_THROUGHOUT.test(sentence);

/** Whether the sentence renames one name to another throughout ("rename everything from a to b"). */
export const isRenameThroughout = (sentence: string): boolean => RENAME_THROUGHOUT.test(sentence);

/**
 * The rename said as done, as what the memory says ("We renamed the repo from a to b."), if the sentence opens with
 * one. It goes on with what is said of the names after it ("The binary is still fsync.").
 */
export function renameStated(sentence: string): DecidedKind | undefined {
  // A statement is short: past this, a run of spaces would be tried from each of its characters.
  if (sentence.length > MAX_RENAME_CHARS) return undefined;
  const match = RENAMED.exec(sentence);
  if (match === null) return undefined;
  const said = match[0].replace(/^[^:\n]{1,30}:\s*/, '').replace(/^(?:so|and|also)\s+/i, '');
  return { type: 'project', cue: 'project-fact', said: `${capitalise(said)}.`, naming: true };
}
