import { DONT, IMPERATIVE } from './statementKinds.js';

/**
 * Pasted material that reads like the person's sentences one line at a time (decision 124): the lines of a label or
 * category list ("perf - Causes slow queries"), which define names for a tracker and say nothing of the person, and a
 * product's own third-person blurb ("Acme Sync is a new service that …"), which announces it to its readers.
 */

/** A term of one to three lowercase words (a label: "good-first-issue", "area/backend"), a spaced dash, its description. */
const LABEL_LINE = /^\s*(?:[-*•]\s+)?[a-z][\w/.-]*(?:\s[a-z][\w/.-]*){0,2}\s+[-–—]\s+(\S)/;

/** A description that speaks as the person does ("deploys - we never run them on Fridays") is theirs, not a list's. */
const PERSONS_VOICE =
  /^\s*(?:[-*•]\s+)?[a-z][\w/.-]*(?:\s[a-z][\w/.-]*){0,2}\s+[-–—]\s+(?:always|never|we|i|i'm|our|my|please|don'?t|do not|make sure|use|keep)\b/i;

const isLabelShaped = (line: string): boolean => LABEL_LINE.test(line) && !PERSONS_VOICE.test(line);

/** A word that makes a description a rule: a list's definition of a label says what it is, never what always holds. */
const RULE_WORD = /\b(?:always|never|only)\b/i;

/**
 * Whether a line is one of a pasted label list: label-shaped among at least one other such line of its paragraph, or
 * alone with its description capitalised, as lists are written, and no rule word in it ("naming - Branch names are
 * always kebab-case" is the person's rule, decision 124 amended 2026-12-07).
 */
export function isLabelListLine(line: string, paragraph: readonly string[]): boolean {
  if (!isLabelShaped(line)) return false;
  if (paragraph.filter(isLabelShaped).length >= 2) return true;
  const description = LABEL_LINE.exec(line);
  const said = description === null ? '' : line.slice(description.index + description[0].length - 1);
  return /^\p{Lu}/u.test(said) && !RULE_WORD.test(said);
}

/**
 * A product introduced in the third person as something new ("Acme Sync is a new service that …", "Acme introduces
 * Checkpoints, …"): a name in capitals, then "is a new …" or "introduces"; the person's own voice ("we", "our", "I")
 * makes it theirs.
 */
const PRODUCT_INTRODUCED =
  /(?:^|[\s,.])(?:[A-Z][\w.-]*)(?:\s+[A-Z][\w.-]*){0,2}\s+(?:is|are)\s+(?:a|an)\s+(?:brand[\s-]+)?new\s+(?:[\w-]+\s+){0,3}?(?:platform|service|tool|product|app|application|framework|library|way|primitive|solution|system)\b|(?:^|[.!]\s+)[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*){0,2}\s+introduces\s/;
const OWN_VOICE = /\b(?:we|our|us|I|my|I'm|I've)\b/;

/** Whether a paragraph is a product's blurb: it introduces a product as new, in no voice of the person's. */
export const isProductBlurb = (paragraph: string): boolean => PRODUCT_INTRODUCED.test(paragraph) && !OWN_VOICE.test(paragraph);

/** An order the person gives: an imperative, or a rule said as one ("Never call its API from tests"). */
const ORDER = /^(?:please\s+)?(?:never|always|don['’]?t|do not|avoid|only)\b/i;
const isOrder = (sentence: string): boolean => ORDER.test(sentence) || IMPERATIVE.test(sentence) || DONT.test(sentence);

/**
 * The orders the person gives beside a product's blurb in one paragraph, one a line ("Acme Sync is a new tool. Never call
 * its API from tests."): the blurb's sentences are its maker's, the order is theirs (decision 124, amended 2026-12-07).
 * None for a blurb alone.
 */
export const ordersBesideBlurb = (paragraph: string): string[] =>
  paragraph
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '' && isOrder(sentence));
