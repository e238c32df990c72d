/**
 * A lasting word, or a condition that makes a sentence hold beyond this once, in the languages the
 * cues know: what keeps a rule a rule however narrowly it names its thing (decision 106).
 */
export const LASTING =
  /\b(?:always|never|from now on|going forward|in (?:the )?future|every|each|whenever|unless|by default|anymore|any more|again|everywhere|siempre|nunca|a partir de ahora|toujours|jamais|désormais|immer|nie|niemals|ab jetzt)\b/i;
