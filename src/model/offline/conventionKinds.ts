/**
 * Conventions people state inside requests, plans and conditions (decision 101), written from
 * kinds of statement with invented sentences as their tests, never from a corpus sentence:
 *
 * - a condition on a kind of thing named bare, then an order: "if payload is empty, do not send
 *   anything" (how the code is to behave whenever the condition holds);
 * - a naming convention in a request: "use prefix 'kd/' for the branch name", "prefix release tags
 *   with v";
 * - what the repository keeps out: "we should include that in the .gitignore", "add coverage/ to .gitignore";
 * - a limit over each thing of a kind: "at most one assertion per test", "maximum two sentences per
 *   bullet".
 */

/** "if payload is empty, do not send anything": its subject a bare noun, never a pronoun or a courtesy ("if possible"). */
const BARE_CONDITION =
  /^(?:if|when(?:ever)?)\s+(?!(?:it|this|that|these|those|they|he|she|i|you|we|possible|needed|necessary|so|not|ok|okay|yes|no|unsure|in)\b)[a-z][\w.-]*\s+(?:is|are|has|have|contains?|fails?|returns?|matches|exists?|includes?|lacks?)\b[^,]{2,80},\s*(?:please\s+|then\s+|just\s+)?(?:do not|don't|never|always)\b/i;

/** What a name is made of, for a kind of name: "use prefix 'kd/' for the branch name", "prefix release tags with v". */
const NAMING_CONVENTION = new RegExp(
  [
    String.raw`^(?:please\s+)?use\s+(?:the\s+|a\s+)?(?:prefix|suffix|format|pattern)\s+\S+\s+(?:for|in|on)\s+(?:the\s+|all\s+|every\s+|each\s+|our\s+)?(?:[\w-]+\s+)?(?:names?|titles?|tags?|branch(?:es)?|commit messages?|ids?|labels?|versions?)\b`,
    String.raw`^(?:please\s+)?(?:prefix|suffix)\s+(?:the\s+|all\s+|every\s+|each\s+|our\s+)?(?:[\w-]+\s+)?(?:names?|titles?|tags?|branch(?:es)?|commits?|ids?|labels?)\s+with\b`,
  ].join('|'),
  'i',
);

/** What an ignore file is to hold: "we should include that in the .gitignore", "add coverage/ to .gitignore". */
const KEPT_OUT =
  /(?:^(?:please\s+)?|\bwe\s+should\s+)(?:also\s+)?(?:include|add|put|list|keep)\b[^.?!]{0,80}?\b(?:in|to|into)\s+(?:the\s+|our\s+)?\.[a-z][\w-]*ignore\b/i;

/** "at most one assertion per test": a limit that holds for each thing of a kind, said alone or after a comma in a request. */
const LIMIT_PER_KIND =
  /(?:^|,\s+)(?:(?:a|the)\s+)?(?:max(?:imum)?|at most|no more than|min(?:imum)?|at least)\s+(?:[\w-]+\s+){1,3}per\s+(?!(?:second|minute|hour|day|run|request)\b)[\w-]+/i;

/** A condition on a kind of thing, then an order: a story of a fix said the same way ("if error is…") is not one. */
export const isStandingCondition = (sentence: string): boolean => BARE_CONDITION.test(sentence);

/** Whether a sentence states one of these conventions. */
export const isConvention = (sentence: string): boolean =>
  BARE_CONDITION.test(sentence) || NAMING_CONVENTION.test(sentence) || KEPT_OUT.test(sentence) || LIMIT_PER_KIND.test(sentence);
