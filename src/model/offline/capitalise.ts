/** The text with its first letter in upper case: a statement or title as a sentence starts. */
export const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
