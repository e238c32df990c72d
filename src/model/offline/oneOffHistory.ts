/**
 * One-off history that stays true (decision 104): an operation done once on the project ("we did a
 * migration from MongoDB to Postgres", "I ran a rename of the packages from @old to @acme") and what
 * was only done once ("the v1 to v2 migration was a one-off"), so a later session neither repeats it
 * nor takes its traces for a routine. Written from kinds of statement with invented sentences as
 * their tests, never from a corpus sentence.
 */

/** Operations done to a whole project once. */
const OPERATION = String.raw`(?:migration|move|switch|rename|conversion|backfill|rewrite|port|import|cleanup|clean-up|split|merge|upgrade|re-?org(?:anization)?)`;

/** "We did a migration from MongoDB to Postgres": a past operation with where it went from and to. */
const DID_OPERATION = new RegExp(
  String.raw`^(?:we|I)\s+(?:did|ran|made|performed|completed|finished)\s+(?:a|an|the|one)\s+(?:one-?(?:off|time)\s+)?(?:[\w-]+\s+)?${OPERATION}\s+(?:of\s+(?:\S+\s+){1,3})?from\s+\S+\s+(?:to|into|onto)\s+\S+`,
  'i',
);

/** "The v1 to v2 migration was a one-off": a named thing said to have been done once; "that was a one-off" names nothing. */
const WAS_ONE_OFF =
  /^(?:the|that|this|our)\s+(?:[\w/@.-]+\s+){1,6}(?:was|were)\s+(?:(?:just|only)\s+)?(?:a|an)\s+(?:one-?off|one-?time)\b/i;

/** A failure that happened once is an incident's story, not a thing done once. */
const FAILURE = /\b(?:crash\w*|bug\w*|errors?|fail\w*|outage|flak\w*|glitch\w*|broke\w*|timeouts?|happen\w*)\b/i;

/** Whether a sentence states a one-off operation on the project. */
export const isOneOffHistory = (sentence: string): boolean =>
  (DID_OPERATION.test(sentence) || WAS_ONE_OFF.test(sentence)) && !FAILURE.test(sentence);
