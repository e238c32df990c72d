/**
 * A message sent to see how the tool shows it (decision 106, amended): "Here's a message with some
 * markdown formatting… Let's see how it renders!", "this is a test message, just checking how it
 * displays". Its links, lists and sentences are sample content, so nothing in it is a statement.
 * Written from the kind with invented sentences as its tests, never from a corpus sentence.
 */
const TRY_OUT = new RegExp(
  [
    String.raw`\b(?:let's|lets|let me|i want to|i'd like to|just|to)\s+(?:see|check|test|try|find out)\s+how\s+(?:it|this|that|they|these|the\s+\w+)\s+(?:renders?|looks?|displays?|shows?(?: up)?|comes? out|(?:is|are|gets?) (?:shown|displayed|rendered))\b`,
    String.raw`\b(?:checking|testing)\s+how\s+(?:it|this|that|they)\s+(?:renders?|looks?|displays?|shows? up)\b`,
    String.raw`^(?:this is|here's|here is|heres)\s+(?:a|an|just a|another)\s+(?:test|sample|dummy|example)\s+(?:message|text|prompt|input|note)\b`,
    String.raw`^(?:here's|here is|heres)\s+(?:a|an|some)\s+(?:message|text|note)\s+with\s+(?:some\s+)?(?:markdown|formatting|rich text|emoji|a table|tables|lists?|links?|code)\b`,
  ].join('|'),
  'i',
);

/** Whether a message is sample content sent to see how it is shown. */
export const isSampleMessage = (text: string): boolean => TRY_OUT.test(text.trim());
