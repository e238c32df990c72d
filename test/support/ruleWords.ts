import fc from 'fast-check';

/**
 * Few subjects, with the words rules differ by (negations, numbers, names, relative dates), so
 * that generated memories and instructions often share a subject and often disagree about it.
 */
export const ruleWord = fc.constantFrom(
  'staging',
  'api',
  'port',
  'tabs',
  'spaces',
  'indent',
  'main',
  'commit',
  'deploy',
  'review',
  'never',
  "don't",
  'avoid',
  'rather than',
  'no',
  '8080',
  '9090',
  'Node 18',
  'v20',
  '`vitest`',
  '`jest`',
  'next week',
  'tomorrow',
);

/** A sentence of `min` to `max` rule words. */
export const ruleSentence = (min: number, max: number): fc.Arbitrary<string> =>
  fc.array(ruleWord, { minLength: min, maxLength: max }).map((ws) => `${ws.join(' ')}.`);
