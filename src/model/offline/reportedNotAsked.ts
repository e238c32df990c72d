/**
 * An instruction-shaped clause that the rest of its sentence turns into a report (decision 110, amended 2026-12-07):
 * a symptom ("…fall back to the home folder crashes on Windows", "…to squash failed with a 403"), how another program
 * does it or what its docs say ("…; that is how ripgrep does it", "…like the gh CLI does", "…, the upstream docs say",
 * "(this is what the old script did)"), or someone else's suggestion ("…, is what Bob suggested, but I am not
 * convinced"). What is told is a fact of the moment or of someone else, not a way the person sets.
 */
const SYMPTOM =
  /\b(?:fail(?:s|ed)|crash(?:es|ed)|breaks|broke|throws|threw|errors?\s+out|errored|hangs|hung|timed?\s+out|segfaults?|panics|panicked)\b/i;
/** An HTTP status or an errno code said of what happened: "with a 403", "with EPERM". */
const ERROR_CODE = /\bwith\s+(?:an?\s+)?(?:[45]\d\d|E[A-Z]{3,})\b/;

/**
 * A failure named as the condition of a rule, in the present: "fall back to the home folder when that lookup fails", "if
 * the push fails with a 403, retry once", "in case a hook breaks, …". It says what to do whenever it happens, not what
 * happened, so it is no symptom; the condition ends at its clause's comma. A clause whose subject is the person ("every
 * time I try that it crashes"), or one after "but", "though" or "which" ("…, but when I run it on Windows it fails"),
 * tells what they saw: it stays a symptom (decision 110, reviewed).
 */
const FAILURE_AS_CONDITION = new RegExp(
  String.raw`(?<!\b(?:but|though|although|which)\s+)` +
    String.raw`\b(?:if|when|whenever|in\s+case|each\s+time|every\s+time)\s+(?!(?:I|we)\b)[^,.;!?]{0,80}?` +
    String.raw`\b(?:fails|breaks|crashes|throws|errors\s+out|times\s+out|hangs|panics)\b` +
    String.raw`(?:\s+with\s+(?:an?\s+)?(?:[45]\d\d|E[A-Z]{3,})\b)?`,
  'gi',
);

const ATTRIBUTED = new RegExp(
  [
    // Another program's way: "that is how ripgrep does it", "like the gh CLI does", "as git does".
    String.raw`\b(?:that's|that\s+is|this\s+is|which\s+is)\s+(?:how|what)\s+(?:the\s+)?[\w.-]+(?:\s+[\w.-]+){0,2}\s+(?:does|did|do|handles?|handled)\b`,
    String.raw`\b(?:like|as)\s+(?:the\s+)?[\w.-]+(?:\s+[\w.-]+){0,2}\s+(?:does|did)\b`,
    // What documentation or a person said: "the upstream docs say", "is what Bob suggested".
    String.raw`\b(?:docs?|documentation|readme|manual|man\s+page|spec)\s+(?:says?|said|suggests?|recommends?)\b`,
    String.raw`\b(?:is|was)\s+what\s+[\w.-]+(?:\s+[\w.-]+){0,2}\s+(?:suggested|suggests|proposed|proposes|said|says|recommended|recommends|wants|wanted|asked\s+for)\b`,
    String.raw`\b(?:suggested|proposed|recommended)\s+by\b`,
    String.raw`\bnot\s+(?:convinced|sure\s+about\s+(?:it|that|this))\b`,
  ].join('|'),
  'i',
);

/** Whether the rest of a sentence tells a symptom or someone else's way rather than asking for one. */
export function reportsRatherThanAsks(sentence: string): boolean {
  const told = sentence.replace(FAILURE_AS_CONDITION, ' ');
  return SYMPTOM.test(told) || ERROR_CODE.test(told) || ATTRIBUTED.test(sentence);
}
