import type { DecidedKind } from './decisionKinds.js';
import { isRenameThroughout, saysWhatItIsCalled } from './projectNames.js';
import { capitalise } from './capitalise.js';
import { traced } from './statementTrace.js';
import { optionReplaced } from './optionReplaced.js';

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
 * restart it") is the work; "a branch that might be…" goes on about the thing named, and points at nothing. A refusal or a
 * reply after the adverb ("I typically wouldn't", "we usually would, but", "we mostly agree") states no habit.
 */
const RELATIVE_VERB = String.raw`(?:might|may|can|could|will|would|should|must|is|are|was|were|has|have|had|holds|keeps|lives|runs)\b`;
const HABIT = new RegExp(
  String.raw`^(?:(?:so|also|and)\s+)?(we|i|the team|our team)\s+(?:usually|normally|typically|generally|tend to|mostly|habitually)\s+(?=\S)(?!(?:do not|don't|forget|miss|see|get|hit|notice|run into|run out|encounter|experience|end up|struggle|break|fail|lose|have (?:flaky|problems|issues|trouble)|would(?=[\s,.!?]*(?:$|,|but\b))|wouldn't|couldn't|can't|cannot|agree|disagree|mean)\b)(?![^.;!?]*\b(?:it|this|these|those|them|the same|that(?!\s+${RELATIVE_VERB}))\b)\w+`,
  'i',
);

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
    return traced('habit', {
      type: /^i$/i.test(habit[1] ?? '') ? 'user' : 'project',
      cue: habit[1]?.toLowerCase() === 'i' ? 'about-me' : 'project-fact',
    });
  if (saysWhatItIsCalled(sentence)) return traced('naming', { type: 'project', cue: 'project-fact', naming: true });
  if (DONE_WITH.test(sentence)) return traced('done-with', { type: 'project', cue: 'project-fact' });
  // An option ruled out with what replaces it (decision 142).
  const replaced = optionReplaced(sentence);
  return replaced === undefined ? undefined : traced('option-replaced', replaced);
}

/** A polite request's opening: "can you …", "could you please …". */
const POLITE = /^(?:please\s+)?(?:can|could|would|will)\s+you\s+(?:please\s+)?/i;

/** A rename throughout asked for politely: "can you rename everything from a to b". A tool asked for now is the work. */
export function choiceAskedFor(sentence: string): DecidedKind | undefined {
  const polite = POLITE.exec(sentence);
  return polite !== null && isRenameThroughout(sentence)
    ? traced('rename-asked', { type: 'project', cue: 'project-fact', naming: true })
    : undefined;
}

/**
 * Less of a quality of the work asked for again, or for good: "Again, reducing cognitive load.", "Less jargon from now
 * on.". Said once ("Reduce duplication.", right after code) or of a thing ("the complexity of this function") it is the
 * work at hand.
 */
const LESS_OF =
  /^(?=.*\b(?:again|always|in general|everywhere|from now on|going forward)\b)(?:(?:again|also|and|please|always)[,\s]+)*(?:reduce|reducing|minimi[sz]e|cut down on|keep down|less|fewer)\s+(?:the\s+)?(?:cognitive load|complexity|verbosity|jargon|boilerplate|noise|duplication|nesting|indirection|abstractions?)(?:\s*,?\s*(?:please|again|everywhere|from now on|going forward|in general))*\s*[.!]?$/i;

/** The manner asked for a kind of output, as what the memory says ("Do meaningful commits."), if the sentence asks for one. */
export function mannerAskedFor(sentence: string): DecidedKind | undefined {
  if (LESS_OF.test(sentence)) {
    // "Again, reducing cognitive load." says "reducing cognitive load" for good; "again" is how it was said.
    const said = sentence.replace(/^(?:(?:again|also|and|please|always)[,\s]+)+/i, '');
    return traced('less-of', { type: 'feedback', cue: 'preference', said: capitalise(said) });
  }
  const match = MANNER.exec(sentence);
  if (match === null) return undefined;
  const asked = sentence
    .slice(match.index)
    .replace(/^[,\s]+/, '')
    .replace(/^(?:also|and)\s+/i, '')
    .replace(/^(?:please|can you|could you|pls)\s+/i, '');
  const said = asked.replace(/\s*[?.!]+\s*$/, '');
  return traced('manner', { type: 'feedback', cue: 'preference', said: `${capitalise(said)}.` });
}
