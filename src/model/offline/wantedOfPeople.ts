import type { DecidedKind } from './decisionKinds.js';

/**
 * What the team wants the project's people to do, one way and not another (decision 110, amended): "we want people to
 * install the CLI, not the core library", "we'd like contributors to open issues rather than email". The contrast makes
 * it a choice of the project; without one ("we want users to be happy") it is a hope, and asked of the assistant ("I
 * want you to add…") it is work now. Written from kinds of statement, never from a corpus sentence.
 */
const WANTED_OF_PEOPLE = new RegExp(
  [
    String.raw`(?:^|,\s*)(?:(?:and|but|so|also)\s+)?we\s+(?:also\s+)?(?:want|would like|'d like|expect|prefer)\s+`,
    String.raw`(?:people|users|developers|contributors|everyone|everybody|newcomers|new users|folks|maintainers)\s+to\s+`,
    // What they do, on something named rather than pointed at, then the way not taken.
    String.raw`[a-z]+\s+(?!(?:it|this|that|them|these|those)\b)\S[^,;?]{0,60}?,?\s+(?:not|instead of|rather than)\s+\S[^?]{0,60}$`,
  ].join(''),
  'i',
);

/** The choice a sentence states of what the project's people do, or undefined. */
export const wantedOfPeople = (sentence: string): DecidedKind | undefined =>
  WANTED_OF_PEOPLE.test(sentence) ? { type: 'project', cue: 'project-fact' } : undefined;
