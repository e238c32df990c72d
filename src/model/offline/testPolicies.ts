import { POINTS_BACK } from './openerWords.js';
import { LASTING } from './lastingWords.js';

/**
 * A test and quality policy (decision 130): how tests of a kind are written or run ("an integration test should cover
 * one endpoint and be skipped in CI unless asked for"), the checks that must pass at a time that comes again ("make
 * sure at the end we pass the linter and the tests"), and tests written before the code ("write the tests first, then
 * the feature"). Written from kinds of statement with invented sentences as their tests, never from a corpus sentence.
 *
 * A policy names a kind of test or a time that comes back; "make sure the tests pass" said alone, right after a
 * change, is a step of this task, and "this test should be faster" is about one test (decision 123). The kinds said
 * with "each", "every" or a bare plural before "should" are the norm's (statementKinds.ts) and stay with it.
 */

/** A kind of test named with an indefinite article: "an integration test", "a unit spec", "an end to end pytest". */
const A_KIND_OF_TEST = String.raw`an?\s+(?:(?!(?:this|that|the|my|your|its)\b)[\w-]+\s+){0,3}?(?:tests?|specs?|pytests?|test cases?|test suites?)`;

/**
 * What a kind of test should be or do, not what one test should have done or a step should give: never "should have",
 * "should pass", "should fail", "should be added / written / fixed" (work to do now) or "should exist".
 */
const SHOULD_AS_A_KIND = String.raw`(?:should|must|needs? to|has to|ought to)\s+(?:always\s+|never\s+|not\s+|only\s+)?(?!(?:have|pass|fail|work|break|exist|catch|be\s+(?:added|written|created|fixed|updated|here|there|green|red|passing|failing|run now))\b)[a-z]+`;

const KIND_SHOULD = new RegExp(String.raw`^(?:${A_KIND_OF_TEST})\s+${SHOULD_AS_A_KIND}\b[^?]*$`, 'i');

/**
 * A particular thing in what the test should do makes it one test to write now, not a policy (decision 130, amended):
 * "cover the empty upload case", "the bug I reported", "hit the real database here", "run against staging for the
 * demo". A policy's complement names no particular thing: "cover one endpoint and be skipped in CI".
 */
const ONE_TEST_NOW =
  /\b(?:here|now|today|the\s+(?:[\w-]+\s+){0,3}(?:case|bug|issue|fix|change|regression|scenario|edge case)|for\s+(?:the|my|our|your)\s+[\w-]+|(?:i|we|you)(?:\s+just)?\s+(?:(?!need\b)\w+ed|wrote|made|found|saw|broke|did))\b/i;

/** The checks a project runs: the linter, the type checker, the tests, the build, the formatter and their tools. */
const CHECK = String.raw`(?:(?:the\s+|all\s+(?:the\s+)?)?(?:lint(?:er|ers|ing|s)?|type[ -]?check(?:er|ers|ing|s)?|types|tests?|test suite|unit tests|pytests?|build|formatter|format check|ruff|mypy|pyright|eslint|tsc|prettier|clippy|rustfmt|gofmt|pre-commit(?:\s+hooks)?|ci|checks))`;

/**
 * A time that comes again: the end of every task, before one is called done, before a commit or push, after every
 * change. "At the end of this …" is this task's.
 */
const GENERAL_TIME = String.raw`(?:at the end(?!\s+of\s+(?:this|that|the|today))|before\s+(?:you\s+|we\s+)?(?:say|call|mark|declare|report|claim|consider)\b[^.;?]*?\b(?:done|finished|complete|ready)|before\s+(?:committing|pushing|merging|you\s+(?:commit|push|merge|finish|hand)|we\s+(?:commit|push|merge)|every|each|any)|after\s+(?:every|each|any)\s+(?:change|edit|commit)|every time|always|whenever|from now on|going forward|in (?:the )?future)`;

const AT_A_GENERAL_TIME = new RegExp(String.raw`\b${GENERAL_TIME}\b`, 'i');
const CHECKS = new RegExp(String.raw`\b${CHECK}\b`, 'i');
const PASS = /\bpass(?:es)?\b/i;

/** An order that checks pass, maybe after its time: "make sure…", "after every change, ensure…", "always be sure…". */
const ORDERS_A_CHECK = new RegExp(
  String.raw`^(?:${GENERAL_TIME},?\s+)?(?:please\s+)?(?:always\s+)?(?:make sure|ensure|be sure|check)\b(?:\s+that\b)?`,
  'i',
);

/**
 * "Make sure the tests pass", "check that lint passes now": the checks of this task, with no time that comes again and
 * no lasting word (decision 106).
 */
export function ordersChecksNow(sentence: string): boolean {
  const said = sentence.trim();
  return ORDERS_A_CHECK.test(said) && PASS.test(said) && CHECKS.test(said) && !AT_A_GENERAL_TIME.test(said) && !LASTING.test(said);
}

/** "Make sure at the end we pass the linter, the type checker and the tests", "always make sure lint and tests pass". */
const ordersChecksAtATime = (said: string): boolean =>
  ORDERS_A_CHECK.test(said) && PASS.test(said) && CHECKS.test(said) && AT_A_GENERAL_TIME.test(said);

/**
 * "Write the tests first, then the feature", "tests come first": the order of the work, said of its kind. "Then the fix"
 * is the fix at hand (review 20).
 */
const TESTS_FIRST =
  /^(?:please\s+)?(?:always\s+)?(?:(?:write|add)\s+(?:the\s+)?(?:(?:failing|unit|integration)\s+)?tests\s+first\b|tests\s+(?:come|go)\s+first\b|(?:work\s+)?test[ -]first\b)(?:[,;]?\s*(?:and\s+)?then\s+(?:write\s+|add\s+)?(?:the\s+)?(?:feature|code|implementation)s?)?\s*[.!]?$/i;

/** Whether a sentence states a test or quality policy. */
export function isTestPolicy(sentence: string): boolean {
  const said = sentence.trim();
  // A pointer makes the sentence about one test or this task (decision 123); "make sure that…" opens a clause, and
  // that "that" points at nothing.
  if (POINTS_BACK.test(said.replace(ORDERS_A_CHECK, ''))) return false;
  return ordersChecksAtATime(said) || (KIND_SHOULD.test(said) && !ONE_TEST_NOW.test(said)) || TESTS_FIRST.test(said);
}
