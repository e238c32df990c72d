/**
 * What stands for an apostrophe inside a word besides ' and ’: the marks other keyboards type (´ ` ′ ʼ ‛) and the
 * typographic ones read through the wrong encoding ("â€™", or "â" and two control characters, for ’). Left as they
 * are, a slug cuts a word at them ("they´re" → "they-re", "theyâ€™re" → "theya-re"), decision 68.
 */
const APOSTROPHE_LIKE = /(?<=\p{L})(?:[\u00b4`\u2032\u02bc\u02b9\u201b]|\u00e2(?:\u0080[\u0098\u0099]|\u20ac[\u2122\u02dc]))(?=\p{L})/gu;

/** The text with every apostrophe inside a word written as the straight one. */
export const withPlainApostrophes = (text: string): string => text.replace(APOSTROPHE_LIKE, "'");
