import type { DecidedKind } from './decisionKinds.js';
import { holdsForOneOccasion } from './oneOccasionWords.js';
import { reportsRatherThanAsks } from './reportedNotAsked.js';

/**
 * How the tool finds a value when its option is not given (decision 110, amended 2026-12-07): "honor --config, but if not
 * given, look for it in the current folder", "If --root is not passed, deduce it by walking up to the repository's top".
 * Said as an instruction it is a design choice of the project's command line that every later command follows. The
 * clause must find the option's value: "find out which process holds the port", "figure out why" and "look at the log"
 * are a task for now. Told of what the program already does ("The CLI honors --root and…"), asked, said of another
 * program ("…like the gh CLI does"), for one occasion, or followed by a symptom ("…if not given it crashes") it is none.
 * Written from kinds of statement, never from a corpus sentence.
 */
const OPTION = String.raw`\x60?--[a-z][\w-]*\x60?(?:\s+(?:option|flag|argument|parameter))?`;
const MISSING = String.raw`(?:it\s+is\s+|it's\s+|is\s+)?(?:not|never)\s+(?:given|provided|specified|set|passed|supplied)\b`;
/** The way the value is found instead: worked out, looked for, or taken from a default. */
const FOUND_INSTEAD = [
  String.raw`(?:then\s+)?(?:(?:we\s+|you\s+)?(?:should\s+)?)?`,
  String.raw`(?:(?:deduce|infer|detect|derive|guess)\b(?!\s+(?:out|why|what|which|whether|if)\b)`,
  String.raw`|(?:look|search)\s+(?:for\s+(?:it|one|them)|it\s+up|up)\b`,
  String.raw`|find\s+(?:it|one|them)\s+(?:in|by|from|under|at)\b`,
  String.raw`|(?:walk|go)\s+up\b|fall\s+back\s+(?:to|on)\b|default\s+to\b|take\s+it\s+from\b|read\s+it\s+from\b)`,
].join('');

const OPTION_FALLBACK = new RegExp(
  [
    String.raw`^(?:please\s+)?(?:(?:honor|honour|respect|accept|support|take|use)\s+(?:the\s+)?${OPTION},?\s+(?:(?:but|and|otherwise)\s*,?\s*)?if\s+${MISSING}`,
    String.raw`|if\s+(?:the\s+)?${OPTION}\s+${MISSING})`,
    // The rest of one clause: no question, no second clause after a semicolon.
    String.raw`[\s,:\u2013\u2014-]*${FOUND_INSTEAD}[^?;]{0,160}[.!]?$`,
  ].join(''),
  'i',
);

/** Whether a sentence states how a missing option's value is found, and whether that holds for later commands. */
function readOptionFallback(sentence: string): 'lasting' | 'not-lasting' | undefined {
  if (!OPTION_FALLBACK.test(sentence.trim())) return undefined;
  return holdsForOneOccasion(sentence) || reportsRatherThanAsks(sentence) ? 'not-lasting' : 'lasting';
}

/** The design choice a sentence states of how a missing option's value is found, or undefined. */
export const optionFallback = (sentence: string): DecidedKind | undefined =>
  readOptionFallback(sentence) === 'lasting' ? { type: 'project', cue: 'project-fact' } : undefined;

/** Whether a sentence states such a way for one occasion, of another program, or before a symptom: it states nothing else either. */
export const isOptionFallbackNotLasting = (sentence: string): boolean => readOptionFallback(sentence) === 'not-lasting';
