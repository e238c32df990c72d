import type { MemoryType } from '../../memory/durable/topicFile.js';
import { clip } from './conversationFacts.js';
import { STATUS } from './requestKinds.js';
import {
  ABOUT_ME,
  CONFIRMATION,
  CORRECTION,
  DONT,
  IMPERATIVE,
  OWNERSHIP,
  PREFERENCE,
  PROJECT_FACT,
  QUESTION,
  isReference,
  REMEMBER,
  ROLE_OF_ME,
  RULE,
  TRANSIENT,
} from './statementKinds.js';
import { capitalise } from './capitalise.js';
import { type Found, make } from './foundStatement.js';
import { noise } from './statementNoise.js';
import { traced } from './statementTrace.js';
import { assistantAsked, assistantsWords } from './answerToQuestion.js';
import { statedAfterNo } from './statedAfterNo.js';
import { holdsForWorkAtHand } from './nothingLasting.js';
import { reportsWorkingNow } from './workingNow.js';

/*
 * What a sentence's own cue makes of it, read before its other words: the type its words say, an explicit "remember",
 * a reply that corrects or confirms what the assistant just said, and what is stated after a "no" to its question.
 */

/** The type a statement's words say, when a cue of its own (remember, a correction) does not fix one. */
export function classify(text: string, fallback: MemoryType): MemoryType {
  if (ABOUT_ME.test(text) || ROLE_OF_ME.test(text)) return 'user';
  if (isReference(text)) return 'reference';
  if (PROJECT_FACT.test(text) || OWNERSHIP.test(text)) return 'project';
  return fallback;
}

/** "Remember that…": what is to be remembered, a rule when it says how to work, else a fact. */
export function remembered(sentence: string, quote: string): Found | undefined {
  const match = REMEMBER.exec(sentence);
  if (!match) return undefined;
  const text = clip(capitalise(match[1] ?? ''), 400);
  // "the staging API runs on port 8080" and its later "now runs on port 9090" must be one type to meet.
  const asked = text.replace(/^to\s+/i, ''); // "remember to squash commits": an instruction
  // An instruction is kept as the order it gives ("Squash commits"), and one timed by this task's end is a step of it.
  if (asked !== text && holdsForWorkAtHand(asked)) return undefined;
  // "note: the retry seems to work" notes a try that came out right, not a fact (decision 148).
  if (reportsWorkingNow(text)) return undefined;
  const rule = asked !== text || RULE.test(text) || DONT.test(text) || PREFERENCE.test(text) || IMPERATIVE.test(asked);
  const said = asked === text ? text : capitalise(asked);
  return traced('remember', make(classify(said, rule ? 'feedback' : 'project'), 'remember', said, quote));
}

/**
 * "Well done, now use the sidebar for the agents page": praise for the step just done, then the next one (decision 137).
 * It confirms no way of working; the step after it is the work at hand.
 */
const PRAISE_THEN_NEXT =
  /^(?:well done|good job|great job|nice job|nice work|great work|good work|perfect|great|nice|awesome|excellent)\b[\s,.!:;-]*(?:(?:and|ok|okay|so)\s+)?(?:now|next|then)\b(?![^]*\b(?:always|never|from now on|going forward|every time|in future)\b)/i;

/**
 * A reply's first sentence that corrects or confirms what the assistant just said. A "no" to its question answers it and
 * corrects nothing (read on in `kindOfStatement`), and what is quoted is its words, never a tool call it made (decision 124).
 */
export function replyTo(sentence: string, quote: string, afterAssistant: string): Found | undefined {
  const said = assistantsWords(afterAssistant);
  const corrected = said === '' ? {} : { corrected: clip(said, 200) };
  if (CORRECTION.test(sentence)) {
    const text = clip(sentence.replace(CORRECTION, ''), 400);
    // After a question, only a "no" that orders another way ("no, just add the name") turns down what it proposed.
    const corrects = !assistantAsked(afterAssistant) || /^(?:just|instead|rather|only)\b/i.test(text) || IMPERATIVE.test(text);
    if (corrects && text.length >= 8 && !QUESTION.test(text) && !/^(?:let's|lets|can you|could you|also)\b/i.test(text))
      return traced('correction', make('feedback', 'correction', capitalise(text), quote, corrected));
  }
  // "Nice, now that is exactly how we structure services" confirms after its praise: read what follows "now" as one.
  const afterPraise = sentence.replace(/^[^,.!:;]*[,.!:;]\s*(?:now|next|then)\b\s*/i, '');
  const confirmsAfterPraise = afterPraise !== sentence && CONFIRMATION.test(`yes, ${afterPraise}`);
  if (CONFIRMATION.test(sentence) && !QUESTION.test(sentence) && (!PRAISE_THEN_NEXT.test(sentence) || confirmsAfterPraise))
    return traced('confirmation', make('feedback', 'confirmation', quote, quote, corrected));
  return undefined;
}

/** How things are or are done, said after a "no" to the question, which no finder read (decision 124, amended 2026-12-07). */
export function afterNo(rest: string, quote: string): Found | undefined {
  const stated = statedAfterNo(rest);
  if (stated === undefined || TRANSIENT.test(stated.text) || STATUS.test(stated.text) || noise(stated.text)) return undefined;
  return traced('stated-after-no', make(stated.type, stated.cue, clip(capitalise(stated.text), 400), quote));
}
