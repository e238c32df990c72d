import type { DecidedKind } from './decisionKinds.js';

/**
 * A change asked to the default way work is handed over (decision 110, amended 2026-12-07): "adjust the default policy of
 * staging new files so I can review them", "change your default practice of committing to leaving changes unstaged". The
 * person sets how every later piece of work reaches them, a step of version control or review named by its gerund. A
 * default of the program ("set the default policy of retrying requests…", "change the default value of --timeout") is a
 * behaviour to build, one occasion ("…for this commit") is the work at hand. Written from kinds of statement, never from a
 * corpus sentence.
 */
const DEFAULT_HANDOVER = new RegExp(
  [
    String.raw`^(?:please\s+)?(?:adjust|change|update|set|make|switch|amend|revise|flip)\s+(?:also\s+)?(?:the\s+|your\s+|our\s+)?`,
    String.raw`default\s+(?:policy|practice|workflow|routine|habit|procedure|convention|way)\s+(?:of|for|to|on)\s+`,
    // The steps by which work reaches the person: version control and review, never the program's own behaviour.
    String.raw`(?:staging|committing|pushing|merging|branching|rebasing|squashing|tagging|reviewing|leaving|handing)\b[^?]*$`,
  ].join(''),
  'i',
);

/** One occasion: this commit, this time, for now. */
const ONE_OCCASION =
  /\b(?:this|that|these|those)\s+(?:time|commit|change|file|pr|branch|session|task|once)s?\b|\b(?:for now|just once|only once|today)\b/i;

/** The way of handing work over a sentence sets, or undefined. */
export const defaultHandover = (sentence: string): DecidedKind | undefined =>
  DEFAULT_HANDOVER.test(sentence) && !ONE_OCCASION.test(sentence) ? { type: 'feedback', cue: 'preference' } : undefined;
