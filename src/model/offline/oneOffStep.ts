import { LASTING } from './lastingWords.js';
import { pointsAtOneOccasion } from './oneOccasionWords.js';

/**
 * A step of the task at hand said the way a rule is (decision 106): "don't create a PR, just a
 * commit" trades one deliverable for another, and "only run the unit tests this time" says itself
 * that it holds once. Neither tells how work goes from now on. Said of a kind of thing ("don't
 * create PRs, only commits") or with a lasting word ("never", "from now on"), it is a rule.
 */

/**
 * "Don't <make> a / an / the / this / that <one thing>…, just / only …": one deliverable traded for
 * another. The verb makes or ships something (create, open, write, push…): "don't use an ORM, just
 * plain SQL" or "don't mock the clock, only the network" says how to work. The thing given up is
 * one thing, named with an article or pointed at; a plural ("PRs") or a bare name is a kind, and
 * the contrast then a rule. So is "a new / custom / separate… <thing>" or "this kind of <thing>" (a
 * kind said with an article), and a "just" followed by a way of working ("just use zod", "just call
 * the API", "just fail fast"): what is given up only tells a step when what replaces it is one too.
 * A version is bumped by the release's procedure: "don't bump the version, just add a changeset"
 * tells that procedure.
 */
const ONE_THING_TRADED =
  /^(?:please\s+)?(?:don't|do not|dont|no need to)\s+(?:create|open|make|write|add|file|raise|submit|send|draft|start|do|build|push|merge|cut|tag|release|publish|run|deploy)\s+(?:(?:a|an|the|this|that)\s+(?!(?:new|custom|separate|extra|own|kind|sort|type)\b)(?:[\w.-]+\s+){0,2}?[\w.-]*[^s\s,;]|it|this|that)(?:\s+(?:for|in|on)\s+(?:this|that|it)\b)?\s*[,;:\u2013\u2014-]\s*(?:but\s+)?(?:just|only|simply)\b(?!\s+(?:use|call|reuse|extend|inline|let|leave|keep|fail|work|put|fix)\b)/i;

/**
 * A sentence that says it holds this once: "this time" (not "this time-consuming step"), "just this once", "for this one",
 * "for this PR" (not "for this release branch", decision 110, amended), "this chat", "this conversation" (decision 139). "For this branch" is one occasion too: the branch
 * at hand ends when it is merged, and a rule for it would mislead work on the next one.
 */
const THIS_ONCE = /\b(?:this time(?!-)|this once|for this one|(?:this|the current) (?:chat|conversation|thread|session))\b/i;
const saysItHoldsThisOnce = (sentence: string): boolean => THIS_ONCE.test(sentence) || pointsAtOneOccasion(sentence, 'for (?:this|that)');

/**
 * A request for a sample of something, to look at now (decision 106, amended): "generate an
 * example changelog for the changes since 2.3.0, at most one line per entry", "draft a sample
 * guide…". The limits it sets are the sample's. A request for the thing itself ("draft release
 * notes for me to check, at most one line per change") still carries its convention (decision 101).
 */
const SAMPLE_ASKED_FOR =
  /^(?:please\s+|can you\s+|could you\s+|now\s+)?(?:generate|write|draft|create|make|produce|prepare|propose|put together|build|give me)\s+(?:me\s+)?(?:an?\s+)?(?:example|sample|dummy|mock-?up|rough draft)\b/i;

/** Whether a sentence read as a rule is a step of the work at hand. */
export function isOneOffStep(sentence: string): boolean {
  if (LASTING.test(sentence)) return false;
  return ONE_THING_TRADED.test(sentence.trim()) || saysItHoldsThisOnce(sentence) || SAMPLE_ASKED_FOR.test(sentence.trim());
}

/** The steps of shipping a change: said bare, they ask for it now. */
const SHIP_STEP = String.raw`(?:commit|push|merge|rebase|squash|amend|stage|tag|pull|deploy|ship|release)(?:\s+(?:it|this|that|them|everything|all|the changes|now))?`;

/**
 * "no just commit and push", "ok, push it": an order to commit, push or merge now, and nothing else
 * (decision 106, amended). With a lasting word or a condition ("always commit and push when a task
 * is done") it is a rule, and the sentence says more than the bare steps.
 */
const BARE_SHIP_ORDER = new RegExp(
  String.raw`^(?:(?:no|ok|okay|yes|yeah|yep|then|now|so|great|good)[,.!]?\s+)*(?:please\s+)?(?:just\s+)?${SHIP_STEP}(?:\s*(?:,|and|&|then|and then)\s+(?:just\s+)?${SHIP_STEP})*\s*[.!]*$`,
  'i',
);

/**
 * "push and make sure it is linked to the ticket": an order to ship now and a check of what it ships is a step too,
 * unless a lasting word or a condition makes it the way every change ships (decision 123, amended).
 */
const SHIP_THEN_CHECK = new RegExp(
  String.raw`^(?:(?:no|ok|okay|yes|yeah|yep|then|now|so|great|good)[,.!]?\s+)*(?:please\s+)?(?:just\s+)?${SHIP_STEP}(?:\s*(?:,|and|&|then|and then)\s+(?:just\s+)?${SHIP_STEP})*\s*(?:,|and|&|then|and then)\s+(?:make sure|ensure|check|verify|confirm)\b`,
  'i',
);

export const isBareShipOrder = (sentence: string): boolean =>
  BARE_SHIP_ORDER.test(sentence.trim()) ||
  (SHIP_THEN_CHECK.test(sentence.trim()) && !LASTING.test(sentence) && !/\b(?:if|when|whenever|before|after|once)\b/i.test(sentence));

/**
 * A link to one issue, pull request, merge request or commit after a verb of work ("work on …/issues/47", "analyse
 * this issue: …", "review this PR for me …"): one item pointed at to be worked on now (decision 106, amended; the verbs
 * of looking into and settling one item, decision 110, amended 2026-12-07). "Flaky tests are tracked in …/issues/88"
 * says where a thing is kept, and a tracker's own address ("…/issues") is a reference.
 */
const ONE_ITEM_LINK =
  /\b(?:work on|look at|look into|take|fix|handle|address|implement|review|check|do|start on|start with|continue with|pick up|analy[sz]e|investigate|solve|resolve|debug|triage|reproduce|tackle|summari[sz]e|go through)\s+(?:\S+\s+){0,4}?https?:\/\/[^\s/]+(?:\/[^\s/]+){0,8}?\/(?:issues|pull|pulls|merge_requests|commit|commits)\/[0-9a-f]+\b/i;

export const pointsAtOneItem = (sentence: string): boolean => ONE_ITEM_LINK.test(sentence) && !LASTING.test(sentence);
