import { capitalise } from './capitalise.js';

/**
 * Words that open a sentence saying again, more plainly, what the one before said (decision 110, amended): "Which
 * means every package README should link to the CLI", "In other words, we never push to main". What follows is read
 * alone; it says something or nothing on its own. So is what a recalled statement says: "we said in CLAUDE.md
 * that…", "as we agreed, …".
 */
const RESTATING =
  /^(?:(?:which|that|this)\s+means(?:\s+that)?|meaning(?:\s+that)?|in other words|i\.e\.|put differently|(?:as\s+)?(?:we|i)\s+(?:already\s+)?(?:said|agreed|wrote|noted)(?:\s+(?:in|on)\s+(?:the\s+)?[\w./@-]+)?(?:\s+that|,))[,:\s]+(?=\S)/i;

/** The sentence after a restating lead, capitalised, or undefined when it has none. */
export function afterRestating(sentence: string): string | undefined {
  const lead = RESTATING.exec(sentence);
  return lead === null ? undefined : capitalise(sentence.slice(lead[0].length));
}
