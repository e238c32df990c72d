import type { DecidedKind } from './decisionKinds.js';
import { holdsForOneOccasion } from './oneOccasionWords.js';
import { reportsRatherThanAsks } from './reportedNotAsked.js';

/**
 * A change asked to the default way work is handed over (decision 110, amended 2026-12-07): "adjust the default policy of
 * staging new files so I can review them", "change your default practice of committing to leaving changes unstaged". The
 * person sets how every later piece of work reaches them, a step of version control or review named by its gerund. A
 * default of the program ("set the default policy of retrying requests…", "change the default value of --timeout", "…of
 * merging in the sync engine to…") is a behaviour to build; one occasion ("…for this commit", "…until the migration
 * lands"), a symptom, a question without its mark and someone else's suggestion are none. Written from kinds of
 * statement, never from a corpus sentence.
 */
const DEFAULT_HANDOVER = new RegExp(
  [
    String.raw`^(?:please\s+)?(?:adjust|change|update|set|make|switch|amend|revise|flip)\s+(?:also\s+)?(?:the\s+|your\s+|our\s+)?`,
    String.raw`default\s+(?:policy|practice|workflow|routine|habit|procedure|convention|way)\s+(?:of|for|to|on)\s+`,
    // The steps by which work reaches the person: version control and review, never the program's own behaviour.
    String.raw`(?:staging|committing|pushing|merging|branching|rebasing|squashing|tagging|reviewing|leaving|handing)\b`,
    // The rest of one clause: no question, no second clause after a semicolon.
    String.raw`([^?;]{0,160})[.!]?$`,
  ].join(''),
  'i',
);

/** "…of merging in the sync engine to…": the step named is one a component of the program performs. */
const IN_A_COMPONENT = /^(?:\s+[\w-]+){0,3}?\s+in\s+(?:the|our|its|their)\s+[\w-]+(?:\s+[\w-]+){0,2}?\s+(?:to|from|so|with)\b/i;

/** Whether a sentence asks a change of a default way of handing work over, and whether that change lasts. */
function readHandover(sentence: string): 'lasting' | 'not-lasting' | undefined {
  const tail = DEFAULT_HANDOVER.exec(sentence.trim())?.[1];
  if (tail === undefined) return undefined;
  const notLasting = IN_A_COMPONENT.test(tail) || holdsForOneOccasion(sentence) || reportsRatherThanAsks(sentence);
  return notLasting ? 'not-lasting' : 'lasting';
}

/** The way of handing work over a sentence sets, or undefined. */
export const defaultHandover = (sentence: string): DecidedKind | undefined =>
  readHandover(sentence) === 'lasting' ? { type: 'feedback', cue: 'preference' } : undefined;

/**
 * Whether a sentence asks such a change for one occasion, of a component, as a symptom or as someone else's: it states
 * nothing else either ("…for the next release only" is no plan for that release).
 */
export const isHandoverChangeNotLasting = (sentence: string): boolean => readHandover(sentence) === 'not-lasting';
