/**
 * Another assistant's answer pasted into a prompt (decision 134): people copy what a chat assistant told them and hand it
 * to the coding agent, often with no line announcing it. Its advice ("Avoid CORS issues by proxying…", "Keep the POST
 * method.") is no rule of the person's. What gives it away is how assistants open and close an answer, which people
 * rarely type to one: "Let me analyze the issue…", "Looking at the error, I can identify…", "Here's an updated
 * version…", and "Let me know if you'd like me to…", "Would you like me to…?", "I hope this helps".
 */

/** How an assistant opens an answer, at the start of a paragraph or after the person's own words and a colon. */
const OPENER = new RegExp(
  [
    String.raw`let me (?:analy[sz]e|dig into)\b`,
    String.raw`I(?:'ll| will| can| would be happy to|'d be happy to) help you\b`,
    String.raw`(?:certainly|absolutely|of course|sure)[!,]\s+(?:here(?:'s| is| are)|I(?:'ll| can))\b`,
    String.raw`(?:great|good|excellent) (?:question|catch)\b`,
    String.raw`you(?:'re| are) (?:absolutely|completely|totally) right\b`,
    String.raw`here(?:'s| is) (?:a|an|the|your) (?:(?:updated|revised|corrected|fixed|complete|full|improved|refactored|step-by-step|detailed)\s+(?:version|implementation|solution|code|fix|guide|explanation|breakdown|walkthrough)|breakdown)\b`,
    String.raw`looking at your [^,.]{1,80},\s*I (?:can|see|notice|found|think)\b|looking at the [^,.]{1,80},\s*I can identify\b`,
    String.raw`based on your [^,.]{1,80},\s*(?:here(?:'s| is| are)|I(?:'ve| have| can| will|'ll)?)\b|based on the [^,.]{1,80},\s*here(?:'s| is| are)\b`,
    String.raw`the root cause (?:appears|seems|is likely|of (?:the|this|your))\b`,
  ].join('|'),
  'i',
);

const OPENS_PARAGRAPH = new RegExp(String.raw`^\s*(?:#+\s*|\*\*)?(?:${OPENER.source})`, 'i');
const OPENS_AFTER_COLON = new RegExp(String.raw`^([^\n]{0,120}?:)\s+(?:${OPENER.source})`, 'i');

/** How an assistant closes an answer; its question only as the last words of a paragraph, as an answer ends. */
const SIGN_OFF =
  /\b(?:let me know if you(?:'d| would) like(?: me)? to\b|let me know if you need anything else\b|I hope (?:this|that) helps\b|hope (?:this|that) helps\b|feel free to (?:ask|reach out|let me know)\b|happy coding\b)|\bwould you like me to\b[^?\n]{0,160}\?\s*$/i;

/**
 * A paragraph in which the person speaks again after a pasted answer (decision 134, reviewed): a rule of theirs for the
 * project ("For this repo, we always…", "From now on…") or what came of trying it ("That didn't work."). An answer
 * advises in the second person and does not speak of the repo as "this repo" of its own.
 */
const PERSON_AGAIN =
  /^\s*(?:(?:also|and|but|ok|okay|so),?\s+)?(?:from now on|going forward|(?:for|in) this (?:repo|repository|project|codebase),?\s+(?:we|I)\b|(?:we|I)\s+(?:always|never)\b|that (?:didn't|did not|doesn't|does not) work\b)/i;

/**
 * The paragraphs of a message without another assistant's answer: from a paragraph that opens as an answer (or its part
 * after the person's words and a colon) to the end or to where the person speaks again, as an answer asks its questions
 * ("Would you like me to…?") midway too; and, when only a sign-off shows, everything up to it, as the answer is what stands before its sign-off.
 */
export function withoutPastedAnswer(paragraphs: readonly string[]): string[] {
  const opened = paragraphs.findIndex((paragraph) => OPENS_PARAGRAPH.test(paragraph) || OPENS_AFTER_COLON.test(paragraph));
  if (opened < 0) {
    const signed = paragraphs.findIndex((paragraph) => SIGN_OFF.test(paragraph));
    // A sign-off that ends the person's own one-paragraph message is their own politeness, not an answer's end.
    const advises = /\byou(?:'ll| should| can| need| might| could| may)\b/i.test(paragraphs[0] ?? '');
    return signed < 0 || (signed === 0 && !advises) ? [...paragraphs] : paragraphs.slice(signed + 1);
  }
  // The person's words before the colon lead into the answer: they announce it, and say nothing alone.
  const head = OPENS_PARAGRAPH.test(paragraphs[opened] ?? '') ? undefined : OPENS_AFTER_COLON.exec(paragraphs[opened] ?? '')?.[1];
  // The person speaks again after it: a rule of theirs for the project, or what came of trying the answer.
  const back = paragraphs.findIndex((paragraph, i) => i > opened && PERSON_AGAIN.test(paragraph));
  return [...paragraphs.slice(0, opened), ...(head === undefined ? [] : [head]), ...(back < 0 ? [] : paragraphs.slice(back))];
}
