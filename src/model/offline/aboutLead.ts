/**
 * The lead that says what a pointing statement is about, "About the release process: " (decision 122), and its parts.
 * The lead names the thing, it is no rule: two statements led by one referent are two rules about one thing, so what
 * compares statements by their words compares them without it (decision 122, amended).
 */

/** The words that lead a statement with what it is about. */
export const aboutLead = (referent: string): string => `About ${referent}: `;

const LED = /^About ([^:]{1,80}): (?=\S)/;

/** The thing a text's opening lead names ("the release process"), or undefined when it opens with none. */
export const leadReferent = (text: string): string | undefined => LED.exec(text)?.[1];

/** A text without the lead it opens with: what the statement says. */
export const withoutLead = (text: string): string => text.replace(LED, '');
