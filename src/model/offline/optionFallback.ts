import type { DecidedKind } from './decisionKinds.js';

/**
 * How the tool finds a value when its option is not given (decision 110, amended 2026-12-07): "honor --config, but if not
 * given, look for it in the current folder", "If --root is not passed, deduce it by walking up to the repository's top".
 * Said as an instruction it is a design choice of the project's command line that every later command follows. Told of
 * what the program already does ("The CLI honors --root and…"), asked, or followed by a symptom ("…if not given it
 * crashes") it is none. Written from kinds of statement, never from a corpus sentence.
 */
const OPTION = String.raw`\x60?--[a-z][\w-]*\x60?(?:\s+(?:option|flag|argument|parameter))?`;
const MISSING = String.raw`(?:it\s+is\s+|it's\s+|is\s+)?(?:not|never)\s+(?:given|provided|specified|set|passed|supplied)\b`;
/** The way the value is found instead: worked out, looked for, or taken from a default. */
const FOUND_INSTEAD = String.raw`(?:then\s+)?(?:(?:we\s+|you\s+)?(?:should\s+)?)?(?:deduce|infer|detect|derive|guess|find|look|search|walk|go up|fall back|default to|figure)\b`;

const OPTION_FALLBACK = new RegExp(
  [
    String.raw`^(?:please\s+)?(?:(?:honor|honour|respect|accept|support|take|use)\s+(?:the\s+)?${OPTION},?\s+(?:(?:but|and|otherwise)\s*,?\s*)?if\s+${MISSING}`,
    String.raw`|if\s+(?:the\s+)?${OPTION}\s+${MISSING})`,
    String.raw`[\s,:;\u2013\u2014-]*${FOUND_INSTEAD}[^?]*$`,
  ].join(''),
  'i',
);

/** One occasion: this time, for this run. */
const ONE_OCCASION = /\b(?:this|that)\s+(?:time|run|once)\b|\b(?:for now|just once|today)\b/i;

/** The design choice a sentence states of how a missing option's value is found, or undefined. */
export const optionFallback = (sentence: string): DecidedKind | undefined =>
  OPTION_FALLBACK.test(sentence) && !ONE_OCCASION.test(sentence) ? { type: 'project', cue: 'project-fact' } : undefined;
