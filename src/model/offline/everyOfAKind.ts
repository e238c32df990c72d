/**
 * A want of the team applied to every thing of a kind (decision 110, amended): "we want to link the docs site in all
 * packages", "we should show the version in every command's help", "we need to include a license header in each source
 * file". The kind comes after a preposition, as the place the want holds; with it as the object ("fix all the tests")
 * or a set of the moment ("all the new files", "every failing test") it is a sweep done once. Written from kinds of
 * statement, never from a corpus sentence.
 */
const EVERY_OF_A_KIND = new RegExp(
  [
    String.raw`^(?:(?:and|so|also)\s+)?we\s+(?:also\s+|always\s+)?(?:want to|should|need to|must|have to)\s+(?:also\s+|always\s+)?`,
    String.raw`(?:link|include|add|show|put|have|use|mention|reference|list|set|keep|point|display|ship)\b[^.?!;]{1,80}?\s`,
    String.raw`(?:in|on|to|for|across|from)\s+(?:all|every|each)\s+(?:of\s+our\s+)?`,
    String.raw`(?!(?:the|these|those|my|your|of|new|changed|modified|remaining|failing|broken|affected|touched|current|existing|other)\b)[\w-]+`,
    String.raw`[^?]*$`,
  ].join(''),
  'i',
);

/** Whether a sentence states a want of the team over every thing of a kind. */
export const isEveryOfAKind = (sentence: string): boolean => EVERY_OF_A_KIND.test(sentence);
