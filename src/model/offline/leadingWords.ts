import { capitalise } from './capitalise.js';
import { AGREEMENTS, oneOf, POINTS_BACK } from './openerWords.js';

/**
 * What a sentence says after the words that lead into it (decision 68, amended): a word people open with and no comma
 * ("Yeah let's migrate to cobra"), or work asked for now and a comma ("Review the changes, we release with goreleaser
 * from now on"). Written from kinds of statement, never from a corpus sentence.
 */

/**
 * A word people open with, without a comma, before a statement: "Yeah let's…", "Yes we usually…", "Yes but have it
 * checked first…" (what follows "but" is what they add). "Ok", "oh" and
 * "hmm" are gone before a sentence is read; "so" is not one, as it ties the clause to what came before ("…is hanging -
 * so do not run it").
 */
const OPENING_WORD = new RegExp(
  String.raw`^${oneOf(AGREEMENTS, ['ah'])}(?:\s+(?=(?:let's|lets|let us|we|i|i'm|i'd|our|the team|from now on|always|never|please|don't|do not)\b)|,?\s+but\s+(?=\S))`,
  'i',
);

/** Work asked for now, then a comma and what the person states: "Review the changes, I'm adding…", "Fix it, we never…". */
const LEADING_REQUEST =
  /^(?:please\s+)?(?:review|check|look at|take a look at|have a look at|read|fix|test|commit|push|run)\b[^,;.!?]{0,60},\s+(?=(?:i|i'm|we|we're|we've|our|the team)\b)/i;

/** The sentence after its lead, capitalised, or undefined when it has none (or what follows points back at it). */
export function afterLead(sentence: string): string | undefined {
  const opening = OPENING_WORD.exec(sentence);
  const request = opening === null ? LEADING_REQUEST.exec(sentence) : null;
  const lead = opening ?? request;
  if (lead === null) return undefined;
  const rest = sentence.slice(lead[0].length);
  if (request !== null && POINTS_BACK.test(rest)) return undefined;
  return capitalise(rest);
}

/**
 * A statement said as the opening clause of a request, and the request after it: "We're using Supabase for auth, can you
 * add the login page?", "I want to use FastAPI for the backend could you scaffold it?" (decision 133). The clause is
 * read alone; the request is work of the moment.
 */
const REQUEST_AFTER = /^(.{12,200}?)(?:,|\s+-+|\s*[\u2013\u2014])?\s+(?:so\s+|and\s+|now\s+)?(?:can|could|would|will)\s+you\b.*$/is;

/**
 * A clause of the moment before a request is the request's context, not the project's (decision 133, reviewed): a time of
 * now ("I'm on my phone right now", "I'm on a deadline tomorrow"), what just went on ("the build went red", "I had…"),
 * or someone's want of the thing at hand ("the client wants it blue").
 */
const OF_THE_MOMENT =
  /\b(?:right now|at the moment|currently|today|tonight|tomorrow|this (?:morning|afternoon|evening|week)|again|yet|on a (?:tight\s+)?deadline|wants? (?:it|this|that)|went|had)\b/i;

/** A clause that is itself a question: "is it ok, can you…". */
const ASKS = /^(?:please\s+)?(?:can|could|would|will|do|does|is|are|why|how|what|when|where|which|who)\b/i;

/** The clause before a trailing request, as a sentence of its own, or undefined when the sentence has none. */
export function beforeRequest(sentence: string): string | undefined {
  const match = REQUEST_AFTER.exec(sentence);
  const clause = match?.[1]?.trim();
  if (clause === undefined || /\?$/.test(clause) || OF_THE_MOMENT.test(clause) || ASKS.test(clause)) return undefined;
  return `${capitalise(clause.replace(/[,;:\s]+$/, ''))}.`;
}

/**
 * The change a rule came from, leading into it: "Since PR #482, the handlers must not…", "After v2.0 we use pnpm
 * workspaces, so…" (decision 138). The rule after it is read alone and kept with its origin.
 */
const CHANGE_ORIGIN =
  /^(?:since|after|as of|from|with)\s+(?:(?:the|our)\s+)?(?:pr|pull request|mr|merge request|commit|release|version|v)\s*#?(?=[\w.-]*\d)[\w.-]+(?:\s+on)?\s*,?\s+(?=\S)/i;

/** A reminder for the moment, which a change's name does not make a rule: "since PR #200, don't forget to rerun…". */
const REMINDER = /^(?:please\s+)?(?:don't|do not|dont)\s+forget\s+to\b|^(?:please\s+)?remember\s+to\b/i;

/** The rule after the change it came from, capitalised, or undefined when the sentence opens otherwise. */
export function afterChangeOrigin(sentence: string): string | undefined {
  const origin = CHANGE_ORIGIN.exec(sentence);
  const rest = origin === null ? undefined : sentence.slice(origin[0].length);
  return rest === undefined || REMINDER.test(rest) ? undefined : capitalise(rest);
}

/**
 * A rule given as the consequence of a fact: "We use pnpm workspaces, so don't run npm install in packages", "the API is
 * rate-limited, so always batch the calls" (decision 138). The rule after "so" is read alone and kept with its fact.
 */
const RULE_AFTER_SO = /^.{8,200}?,?\s+so\s+(?=(?:please\s+)?(?:don't|do not|dont|never|always|avoid|make sure|be sure|only)\b)/i;

/** The rule after "so", capitalised, or undefined when the sentence gives none. */
export function ruleAfterSo(sentence: string): string | undefined {
  const fact = RULE_AFTER_SO.exec(sentence);
  return fact === null ? undefined : capitalise(sentence.slice(fact[0].length));
}
