/**
 * A lasting word, or a condition that makes a sentence hold beyond this once, in the languages the
 * cues know: what keeps a rule a rule however narrowly it names its thing (decision 106).
 */
export const LASTING =
  /\b(?:always|never|from now on|going forward|in (?:the )?future|every|each|whenever|unless|by default|anymore|any more|again|everywhere|siempre|nunca|a partir de ahora|toujours|jamais|désormais|immer|nie|niemals|ab jetzt)\b/i;

/**
 * A scope over every case a request applies to: "where possible", "wherever it makes sense", "where applicable", "if at
 * all possible" (decision 141). It makes an order a standing practice ("use table-driven tests where possible"); a bare
 * "if possible" does not, as it is mostly said of one step ("merge it today if possible").
 */
export const EVERY_APPLICABLE_CASE =
  /\b(?:(?:where|wherever|whenever)\s+(?:possible|feasible|practical|applicable|appropriate|it makes sense|that makes sense|it's possible|it is possible)|if at all possible)\b/i;

/**
 * What makes a failure or a sight said of now the product's instead ("the banner never shows on mobile, by design"): a
 * lasting word or a word of intent (decisions 136, 143, 149).
 */
export const BY_DESIGN_OR_LASTING =
  /\b(?:always|never|by design|on purpose|intentionally|from now on|going forward|by default|in production)\b/i;
