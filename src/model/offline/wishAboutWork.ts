/**
 * What the person wants of the work, said in the first person (decision 106): "I only want to keep
 * the AppImage as of now, so we need to…" decides something about the project; it tells nothing of
 * who the person is, though it opens the way "I only use a Mac, so…" does.
 */
const WISH = /^I\s+(?:only\s+|just\s+|really\s+)?(?:want|wanted|would like|'d like)\s+to\s+\w/i;

/** Whether a first-person sentence is a wish about the work rather than a fact about the person. */
export function isWishAboutWork(sentence: string): boolean {
  return WISH.test(sentence);
}
