import { LASTING } from './lastingWords.js';

/**
 * A reply that only means something with the assistant's question before it (decision 124): nothing to add, no wish
 * of one's own ("no, I don't have one, surprise me"), an option picked by its letter or number ("Go with B for now,
 * since …"). The answer is the question's, and the question is not kept with it; an answer that states a rule of its
 * own ("B — and from now on we …", "No, we never deploy on Fridays") says a lasting word and is read as said.
 */

/** Where the assistant's own words end and a tool call it made starts, as the extraction's transcript writes one. */
const TOOL_CALL = /\[tool (?:call|result)\b/;

/** The assistant's words without the tool calls and results written after them; '' when it only called a tool. */
export const assistantsWords = (text: string): string => {
  const call = TOOL_CALL.exec(text);
  return (call === null ? text : text.slice(0, call.index)).trim();
};

/** Whether the assistant's words ask the person something: a sentence of them ends with a question mark. */
export const assistantAsked = (text: string): boolean => /\?["'’”*_)\]]*(?:\s|$)/.test(assistantsWords(text));

/** Nothing to add, said in the ways people say it. */
const NOTHING_TO_ADD =
  /^(?:no[,.!]?\s+)?(?:(?:I|we)\s+(?:don'?t|do not|haven'?t|have not)\s+(?:have|got)\s+(?:anything|nothing)|nothing)\s+(?:(?:more|else|further)\s+)?(?:to\s+(?:add|say|share)|from\s+(?:me|my side|our side))\b/i;

/** No wish of one's own, left to the assistant: "I don't have such, surprise me", "none in mind, up to you". */
const NONE_OF_MY_OWN =
  /^(?:no[,.!]?\s+)?(?:(?:I|we)\s+(?:don'?t|do not|haven'?t|have not)\s+(?:have|got)\s+(?:such|one|any|a favou?rite|a preference)\b|none\b|not really\b)/i;
const LEFT_TO_YOU =
  /\b(?:surprise me|(?:let it be|make it) a surpri[sc]e|let it be surpri[sc]e|up to you|your call|you (?:decide|choose|pick)|whatever you (?:think|like|prefer))\b/i;

/** An option named by its letter or number, picked: "B", "Go with B", "Keep A as the fix", "option 2 for now". */
const OPTION_PICKED =
  /^(?:(?:let'?s|I'?d|we'?ll|I'?ll)\s+)?(?:(?:go|going)\s+with|keep|take|pick|choose|stick\s+with|use)?\s*(?:option\s+)?([A-Ha-h]|\d)(?=\s*(?:$|[,.;:!\u2013\u2014-]|\s+(?:as|for now|since|because|then|please|is fine|works)\b))/i;

/** A reason that states what the person's team does, in the present: "since we squash merge everything". */
const PRACTICE_REASON =
  /\b(?:since|because|as)\s+(we\s+(?!(?:could|should|might|may|can|will|would|need|want|were|had|did|are|have)\b)[a-z]+\b[^.!?]*)/i;

/**
 * The practice an option picked by its letter or number gives as its reason ("B since we squash merge everything"): the
 * pick is the question's, the practice is lasting and is the statement (decision 124, amended 2026-12-07).
 */
export function practiceGivenForOption(sentence: string, asked: boolean): string | undefined {
  const said = sentence.trim();
  const picked = asked ? OPTION_PICKED.exec(said) : null;
  if (picked === null || !/^[A-H\d]$/.test(picked[1] ?? '')) return undefined;
  const practice = PRACTICE_REASON.exec(said.slice(picked[0].length))?.[1]?.trim();
  return practice === undefined ? undefined : `${practice}.`;
}

/** What is said after an answer's filler: "Nothing to add, but always …", "B, and we always …". */
const FILLER_THEN = /^[\s,;:\u2013\u2014-]*(?:but|and|also|though)\s+(\S.*)$/i;

/**
 * The statement said after an answer's filler (decision 124, amended 2026-12-07): nothing to add, or an option picked by
 * its letter or number after a question, then "but" or "and" and what the person goes on to say, which is the memory.
 */
export function saidAfterAnswer(sentence: string, asked: boolean): string | undefined {
  const said = sentence.trim();
  const nothing = NOTHING_TO_ADD.exec(said);
  if (nothing !== null) return FILLER_THEN.exec(said.slice(nothing[0].length))?.[1];
  const picked = asked ? OPTION_PICKED.exec(said) : null;
  if (picked === null || !/^[A-H\d]$/.test(picked[1] ?? '')) return undefined;
  return FILLER_THEN.exec(said.slice(picked[0].length))?.[1];
}

/** Whether a sentence only answers the question before it, and says nothing lasting of its own. */
export function onlyAnswers(sentence: string, asked: boolean): boolean {
  const said = sentence.trim();
  if (LASTING.test(said)) return false;
  if (NOTHING_TO_ADD.test(said)) return true;
  if (!asked) return false;
  // A lower-case letter is a word ("use a …"), not an option's name.
  const option = OPTION_PICKED.exec(said)?.[1] ?? '';
  return (NONE_OF_MY_OWN.test(said) && LEFT_TO_YOU.test(said)) || /^[A-H\d]$/.test(option);
}
