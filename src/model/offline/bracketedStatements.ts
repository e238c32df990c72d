/**
 * A full statement typed in brackets inside or after a request or a question (decision 141): "can you align the two
 * parsers? (the server should be the source of truth)", "bump the client (we always pin exact versions)". The bracketed
 * part has a subject and a verb of its own, so it is read as a sentence of its own and must pass every check a sentence
 * typed alone passes. A bracketed task detail ("(also for the new tests)", "(see line 40)", "(e.g. the login page)") has
 * no subject of its own and is no statement. Written from kinds of statement with invented sentences as tests, never
 * from a corpus sentence.
 */

/** A bracket opened after a space or at the start, closed before any other bracket: code calls (`f(x)`) are not read. */
const BRACKETED = /(?:^|\s)\(([^()]{8,300})\)/g;

/**
 * Words a bracketed detail opens with that no subject does: "(also for…)", "(see…)", "(e.g.…)", "(like…)"; and what the
 * person sees or feels of the moment ("(I can see a step per cell)"), which explains a report, not how work goes.
 */
const DETAIL_OPENING =
  /^(?:also|see|e\.?g\.?|eg|i\.?e\.?|ie|cf\.?|like|for|as|which|that|who|or|and|not|but|except|including|with|without|in|on|at|from|to|via|per|just|only|maybe|probably|perhaps|if|when|where|same|optional|sorry|thanks|please|no|yes|ok|okay|unless|because|since|so|even|then|now|today|already|i\s+(?:can\s+|could\s+|still\s+)?(?:see|saw|notice|noticed|get|got|feel|felt|think|guess))\b/i;

/** A subject (a pronoun of the team, or a thing named in up to four words) and then its finite verb. */
const SUBJECT_AND_VERB =
  /^(?:(?:we|i|they)|(?:(?:the|our|my|all|every|each|no|any)\s+)?(?!(?:it|this|that|these|those|there|here|you)\b)[\w.@/`'-]+(?:\s+[\w.@/`'-]+){0,3}?)\s+(?:(?:always|never|usually)\s+[a-z]+|(?:(?:only|still|really|also)\s+)?(?:is|are|isn't|aren't|should|shouldn't|must|mustn't|shall|will|won't|'ll|can|cannot|can't|need|needs|has to|have to|don't|doesn't|do not|does not|use|uses|keep|keeps|run|runs|live|lives|go|goes|own|owns|prefer|prefers|want|wants|stay|stays|remain|remains|belong|belongs|follow|follows|deploy|deploys|release|releases))\b/i;

/**
 * A bracketed part that goes on with an order pointing back ("…is under docs/spec and grep there for X", "…and check it
 * first") tells how to do the request at hand: a task detail, whatever its subject.
 */
const GOES_ON_WITH_AN_ORDER =
  /\b(?:and|then)\s+(?:then\s+)?(?:[\w-]+\s+)?(?:grep|search|look|check|run|read|open|see|find|compare|try|copy)\b[^()]*?\b(?:there|it|them|that)\b/i;

/**
 * Code around the brackets: a call given a string (`print(f"…`, `log("…`) or an interpolation (`{value:.4f}`). A bracket
 * there is inside a string a program prints ("(inclination must not matter)"), not typed by the person as an aside.
 */
const CODE_AROUND = /\b[\w.]+\(\s*[fr]?["'`]|\{[\w.]+(?::[^{}\s]*)?\}/;

/** The bracketed parts of a sentence that state something with a subject and a verb of their own, in order. */
export function bracketedStatements(sentence: string): string[] {
  if (CODE_AROUND.test(sentence)) return [];
  return [...sentence.matchAll(BRACKETED)]
    .map((match) => (match[1] ?? '').trim())
    .filter((inner) => !DETAIL_OPENING.test(inner) && SUBJECT_AND_VERB.test(inner) && !GOES_ON_WITH_AN_ORDER.test(inner));
}

/** A sentence without its bracketed parts: what it says around a task detail typed in brackets. */
export const withoutBracketedParts = (sentence: string): string => sentence.replace(/\s*\([^()]*\)/g, '').trim();
