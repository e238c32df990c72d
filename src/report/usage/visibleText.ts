import { codePointEscape } from '../../memory/durable/memoryPathLint.js';

/**
 * Control characters (C0, DEL, C1) and the bidirectional overrides a terminal obeys instead of showing: a tab jumps
 * to a stop, a carriage return rewrites the line, an escape sequence colours everything after a cut.
 */
const OBEYED = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu;

/** The text with each character a terminal would obey written as `\uXXXX`, so a table measures and shows it as is. */
export const visibleText = (text: string): string => text.replace(OBEYED, codePointEscape);
