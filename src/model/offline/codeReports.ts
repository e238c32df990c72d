import { wordsOf } from './sentenceShape.js';

/**
 * What a review, a test plan or a bug report says of the code: it reads like a rule by its "always", "never" or
 * "should" and sets none (decision 116). Written from kinds of statement with invented sentences as their tests,
 * never from a corpus sentence:
 *
 * - a finding labelled with its severity: "High: the token is logged on every retry", "[P1] the cache…", where a sentence
 *   starts as a line does that personsWords.ts reads as pasted (a label then the person's voice, "nit: we always…",
 *   stays theirs);
 * - what the code does, said with a frequency word: a verb in the third person where an order has its bare form
 *   ("Always returns nil on a timeout", "it never closes the file"), or one thing that never or always undergoes
 *   something, after a contrast ("the job succeeds, but its lock is never released") or with a verb of what runs or
 *   is covered ("the fallback path is never exercised");
 * - what one thing did, said with a frequency word: a verb in the past after it ("the cleanup hook never actually ran",
 *   "the import has always failed on Windows") is history, where an order has its bare form and a convention its
 *   passive ("the main branch is never force-pushed" stays one; decision 150);
 * - the result a step is expected to give: "existing tests should pass", "— should print a warning", "Should see the
 *   login page", "you should see a prompt", "later runs should work normally".
 *
 * A lasting word keeps the sentence a rule: "tests should always pass before you push", "every endpoint should
 * return JSON".
 */

/** A severity or priority a finding opens with, before a colon or a dash, or in brackets. */
const SEVERITY_LABEL =
  /^(?:\*\*|\[)?(?:critical|high|medium|low|minor|major|blocker|nit|nitpick|p[0-4]|sev[0-4])(?:\s+(?:severity|priority|risk|issue|finding))?(?:\*\*|\])?\s*(?:[:\-\u2013\u2014]\s|(?<=\])\s)(?!\s*(?:always|never|we|i|please|don'?t|do not|make sure)\b)/i;

/** A frequency word then a verb in the third person singular: "always calls", "never returns" (not "always focus"). */
const THIRD_PERSON_HABIT =
  /^(?:(?:it|this|that|which|he|she)\s+)?(?:always|never)\s+(?!(?:is|was|has|does|needs|means)\b)([a-z]+[^su\W]s)\b/i;

/** One thing that never or always undergoes something: "the lock is never released". */
const ONE_THING_UNDERGOES =
  /\b(?:the|this|that|its|their|[\w.-]+'s)\s+(?:[\w/.-]+\s+){0,3}(?:is|was|gets|got)\s+(?:never|always)\s+([a-z]+(?:ed|en|wn|un|ne|t))\b/i;
/** Verbs of what runs, is reached or is covered: said of code, not of what someone does. */
const RUNS_OR_COVERED =
  /^(?:exercised|called|invoked|reached|triggered|executed|hit|tested|covered|awaited|freed|released|flushed|run|evaluated|visited|rendered|loaded|initiali[sz]ed)$/i;
const CONTRAST = /(?:,\s*|\s)(?:but|though|yet|however)\s/i;
/**
 * What one thing undergoes and then never does, said of it in one breath: "the list is created empty but never filled",
 * "the socket gets opened but never closed" (decision 134): a bug's cause, not how to work.
 */
const NEVER_AFTER_BUT =
  /\b(?:is|are|was|were|gets|got)\s+[a-z]+(?:ed|en|wn|un|ne|t)\b(?:\s+[a-z]+)?\s*,?\s+(?:but|and)\s+(?:then\s+)?never\s+[a-z]+(?:ed|en|wn|un|ne|t)\b/i;

/**
 * One thing named, then a frequency word and the word after it, when no passive's auxiliary stands before the frequency
 * word: "the session hook (onEnd) never actually worked" gives "worked"; "the branch is never pushed" gives nothing.
 */
const ONE_THING_THEN_FREQUENCY =
  /^(?:the|this|that|its|their|[\w.-]+'s)\s+(?:(?!(?:is|are|was|were|be|been|being|gets?|got)\s)[^\s,;:]+\s+){0,5}?(?:(?:has|have|had)\s+)?(?:never|always)\s+(?:actually\s+|really\s+|even\s+|once\s+|ever\s+)?([a-z]+)\b/i;
/** Verbs in the past that do not end in "-ed". */
const IRREGULAR_PAST = new Set([
  'ran',
  'went',
  'did',
  'got',
  'came',
  'broke',
  'wrote',
  'made',
  'took',
  'gave',
  'saw',
  'found',
  'left',
  'kept',
  'said',
  'threw',
  'fell',
  'caught',
  'built',
  'sent',
  'held',
  'lost',
  'shown',
  'done',
]);

/** Verbs in the present that end in "-ed" all the same. */
const PRESENT_IN_ED = /^(?:need|feed|seed|speed|bleed|breed|shed|proceed|exceed|succeed)$/;

/**
 * What "has always" or "has never" says history of: failing and working. "This repo has always used tabs" says how
 * things are done, and stays what it was.
 */
const FAILED_OR_WORKED = /^(?:failed|broke|broken|crashed|worked|succeeded|passed|ran|run|fired|triggered|loaded|finished|completed)$/;

/** An order or a rule word after the history ("…, keep it that way"): the sentence says how to work after all. */
const ORDER_AFTER = /(?:[,;]|\bso\b|\bbut\b)\s*(?:please\s+)?(?:keep|always|never|don't|do not|make sure|avoid)\b/i;

/** Whether a thing named did or has done something always or never: history, not how to work (decision 150). */
function oneThingDid(sentence: string): boolean {
  const found = ONE_THING_THEN_FREQUENCY.exec(sentence);
  const verb = found?.[1]?.toLowerCase();
  if (found === null || verb === undefined || ORDER_AFTER.test(sentence.slice(found.index + found[0].length))) return false;
  if (/\b(?:has|have|had)\s+(?:never|always)\b/i.test(found[0])) return FAILED_OR_WORKED.test(verb);
  if (IRREGULAR_PAST.has(verb)) return true;
  return /ed$/.test(verb) && !PRESENT_IN_ED.test(verb) && wordsOf(sentence).some((word) => word.lower === verb && word.pos === 'VERB');
}

/** What a step is expected to give, said with "should". */
const EXPECTED_RUN =
  /\bshould\s+(?:still\s+|now\s+|all\s+|also\s+)?(?:pass|succeed|fail|go green|be green|work (?:normally|again|fine|as expected|as before|correctly|properly))\b/i;
const EXPECTED_SIGHT =
  /(?:^|[-\u2013\u2014:>]\s*|\b(?:you|i|we|it|this|that)\s+)should\s+(?:still\s+|now\s+|also\s+)?(?:see|show|print|display|return|output|appear|render|exit|emit|say|read|log)\b/i;

/** A lasting word: the sentence says how things go every time, not what one run gives. */
const LASTING =
  /\b(?:always|never|every|each|all|any|whenever|(?:before|after)\s+(?:you|we|each|every|any|a|an)|from now on|going forward|by default)\b/i;

/**
 * A linter's or a compiler's finding at its position: "Line 8:29: 'x' is assigned a value but never used no-unused-vars",
 * "12:5  error  Unexpected any" (decision 137): its "never" is the tool's words about one line.
 */
const TOOL_FINDING_AT =
  /^\s*(?:line\s+\d+:\d+:?\s|\d+:\d+\s+(?:error|warning|warn)\b|\S+\(\d+,\d+\):\s+(?:error|warning)\b|\S+:\d+:\d+\s+-\s+(?:error|warning)\b|(?:error|warning)\s{2,}.*\s{2,}[@\w/-]+$)/i;

/** Whether the sentence is a finding a review labelled with its severity, or a tool's finding at its position. */
export const isLabelledFinding = (sentence: string): boolean => SEVERITY_LABEL.test(sentence) || TOOL_FINDING_AT.test(sentence);

/** Whether the sentence says what the code does, with a frequency word that makes it look like a rule. */
export function describesBehaviour(sentence: string): boolean {
  if (NEVER_AFTER_BUT.test(sentence) || oneThingDid(sentence)) return true;
  const habit = THIRD_PERSON_HABIT.exec(sentence);
  // "Always tabs, never spaces" names what is wanted: only a verb ("always calls") says what something does.
  if (habit !== null && wordsOf(sentence).some((word) => word.lower === habit[1]?.toLowerCase() && word.pos === 'VERB')) return true;
  const undergoes = ONE_THING_UNDERGOES.exec(sentence);
  return undergoes !== null && (RUNS_OR_COVERED.test(undergoes[1] ?? '') || CONTRAST.test(sentence.slice(0, undergoes.index)));
}

/** Whether the sentence gives the result a step is expected to give, with no lasting word. */
export function isExpectedOutcome(sentence: string): boolean {
  return (EXPECTED_RUN.test(sentence) || EXPECTED_SIGHT.test(sentence)) && !LASTING.test(sentence);
}
