import type { DecidedKind } from './decisionKinds.js';

/**
 * An option of the project ruled out with what replaces it (decision 142): "docker isn't relevant here, we can solve
 * that with CI runners", "redis isn't needed, we'll use the in-process cache", "no need for a queue, cron does it". Both
 * the option and its replacement are named, so it settles how the project goes. A symptom ("the cache isn't working, we
 * can restart it") rules nothing out, and an option ruled out for one step ("the test isn't relevant to this PR", "…for
 * now") is the work at hand. Written from kinds of statement with invented sentences as tests, never from a corpus
 * sentence.
 */

/** A named option: up to four words, never a pointer, a pronoun or a thing of the person's. */
const OPTION = String.raw`(?!(?:it|its|this|that|these|those|which|what|there|here|you|your|my|we|i|they|one)\b)[\w.@/\x60'+#-]+(?:\s+[\w.@/\x60'+#-]+){0,3}?`;

/** Not wanted for the project: "isn't relevant", "is not needed", "aren't necessary", "isn't worth it". */
const NOT_WANTED = String.raw`(?:isn't|is not|aren't|are not)\s+(?:really\s+|even\s+|actually\s+)?(?:relevant|needed|necessary|required|worth it|the way to go)`;

/** How the option is ruled out, as the clause opens: "X isn't needed", "no need for X", "we don't need X". */
const RULED_OUT = new RegExp(
  String.raw`^(?:(?:ok(?:ay)?|so|also|yeah|no|honestly|actually)[,\s]+)?(?:(?<option>${OPTION})\s+${NOT_WANTED}|(?:there's\s+|there is\s+)?no need for\s+(?<needless>${OPTION})|we\s+(?:don't|do not)\s+(?:really\s+)?need\s+(?<unneeded>${OPTION}))(?:\s+(?:here|at all))?\s*(?:[,;:]|\s+-+)\s*`,
  'i',
);

/** A named replacement, never a pointer: "GitHub runners", "the in-process cache". */
const NAMED = String.raw`(?!(?:it|this|that|them|these|those|something|anything|one|another)\b)[\w.@/\x60'+#-]+`;

/**
 * What does the work instead, as the next clause says it: "we can solve that with X", "we'll use X", "X does it",
 * "X handles that", "use X instead".
 */
const REPLACEMENT = new RegExp(
  String.raw`^(?:(?:we|you)\s+(?:can|could|will|'ll|should)\s+(?:just\s+)?(?:solve|handle|do|cover|manage|get)\s+(?:that|it|this|them)(?:\s+done)?\s+(?:with|using|via|through|on|in|by)\s+(?:the\s+|a\s+|an\s+|our\s+)?${NAMED}|(?:we|you)\s*(?:can|could|will|'ll|should)\s+(?:just\s+)?(?:use|rely on|go with|stick with)\s+(?:the\s+|a\s+|an\s+|our\s+)?${NAMED}|(?:just\s+)?use\s+(?:the\s+|a\s+|an\s+|our\s+)?${NAMED}(?:\s+[\w.-]+){0,3}\s+instead\b|(?:the\s+|our\s+)?${NAMED}(?:\s+[\w.-]+){0,2}\s+(?:already\s+)?(?:does|do|handles|handle|covers|cover|takes care of)\s+(?:it|that|this|them)\b)`,
  'i',
);

/** An option ruled out for one step or for now: "…to this PR", "for this change", "yet", "for now". */
const FOR_THIS_STEP =
  /\b(?:(?:to|for|in)\s+(?:this|that|the current|these)\s+(?:pr|pull request|change|task|ticket|issue|commit|fix|test|step|branch|file|function|one|case)|for now|right now|yet|today|this time|anymore|any more)\b/i;

/** A symptom after the subject ("isn't working", "isn't loading") is no option ruled out. */
const SYMPTOM_WORDS = /\b(?:working|loading|running|showing|starting|responding|passing|failing|broken|down)\b/i;

/** The decision a sentence makes by ruling an option out with its replacement, or undefined. */
export function optionReplaced(sentence: string): DecidedKind | undefined {
  if (sentence.endsWith('?') || sentence.length > 240 || FOR_THIS_STEP.test(sentence) || SYMPTOM_WORDS.test(sentence)) return undefined;
  const ruled = RULED_OUT.exec(sentence);
  if (ruled === null) return undefined;
  const rest = sentence.slice(ruled[0].length).replace(/^(?:but|so|and)\s+/i, '');
  return REPLACEMENT.test(rest) ? { type: 'project', cue: 'project-fact' } : undefined;
}
