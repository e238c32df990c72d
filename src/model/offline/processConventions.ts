import { holdsForOneOccasion, ONE_DAY_OR_VERSION } from './oneOccasionWords.js';

/**
 * A convention said as what is done, in the present simple, of a kind of the project's process artefact (decision 126):
 * "Commit messages follow conventional commits", "Releases are cut from the release branch", "Version tags look like
 * v1.2.3". Written from kinds of statement with invented sentences as their tests, never from a corpus sentence.
 *
 * The subject is closed to the things a team's process makes, because the same grammar said of anything else tells
 * what the code does ("The parser returns null on empty input", "Errors are logged with the request id"): a sentence
 * about code is no convention unless it is said as a rule, with a rule word that another finder reads. The artefact is
 * named as a kind, bare plural or with "every", "each", "all" or "our", never pointed at ("this commit", "the
 * release"); a day or "for now" makes it one occasion ("Releases are cut tomorrow").
 */

/**
 * The process artefacts: what a team's way of working makes over and over (commits, releases, tags, versions,
 * branches, pull and merge requests, reviews, changelogs, migrations, issues and tickets, tests, docs), singular and
 * plural. Code things (functions, errors, requests, files) are left out: said in the present they describe the program.
 */
export const ARTEFACT = String.raw`(?:commit|release|tag|version|branch|pull[ -]request|merge[ -]request|pr|mr|review|changelog|migration|issue|ticket|test|spec|doc|hotfix|deploy|deployment)`;
export const ARTEFACTS = String.raw`(?:commits|releases|tags|versions|branches|pull[ -]requests|merge[ -]requests|prs|mrs|reviews|changelogs|migrations|issues|tickets|tests|specs|docs|hotfixes|deploys|deployments)`;

/** The part of an artefact a convention is often about: "commit messages", "changelog entries", "branch names". */
const PART = String.raw`(?:message|title|name|entry|description|note|number|label|file|body|subject)`;
const PARTS = String.raw`(?:messages|titles|names|entries|descriptions|notes|numbers|labels|files|bodies|subjects)`;

/** One word that sorts the kind ("feature branches", "unit tests"), never a pointer or an article. */
const SORTER = String.raw`(?:(?!(?:the|this|that|these|those|my|your|a|an|its|their|it|some|no|which|what|one|two)\b)[\w-]+\s+)?`;

/**
 * The subject: a kind of artefact, maybe sorted, maybe followed by its part ("release notes"). A plural when bare or
 * after "our" or "all", a singular after "every" or "each", or the uncountable "documentation".
 */
const SUBJECT = [
  String.raw`(?:(?:all\s+our|all|our)\s+)?${SORTER}(?:${ARTEFACTS}|${ARTEFACT}\s+${PARTS})`,
  String.raw`(?:every|each)\s+${SORTER}${ARTEFACT}(?:\s+${PART})?`,
  String.raw`(?:our\s+)?documentation`,
].join('|');

/**
 * What is done to them, as a habit: a verb of how they are made (active, in the present) or a passive with "are",
 * "is" or "get". Symptoms ("fail", "break", "pass", "are broken") and states are not ways of working.
 */
const DONE = String.raw`(?:(?:always|usually|only|never|all)\s+)?(?:follows?|uses?(?!\s+(?:too|a lot|lots|more|less|up)\b)|looks? like|starts? with|begins? with|ends? with|includes?|references?|mentions?|links? to|targets?|branch(?:es)? (?:off|from)|comes? from|go(?:es)? (?:through|to|into|against)|(?:needs?|requires?)(?!\s+(?:\w+ing|some|more|work|attention|help|love|cleanup|to be)\b)|runs? (?:in|on|against|before|after)|(?:are|is|gets?)\s+(?:always\s+|usually\s+|only\s+|never\s+|all\s+)?(?!(?:failed|blocked|stuck|outdated|fixed|finished|completed|delayed|affected|missing|supposed|broken|passed|closed|gone|done)\b)(?:[a-z]+ed|cut|made|written|kept|built|run|put|set|sent|held|drawn|taken|given|shown|split|bound))`;

/** The whole sentence: the subject opens it, the verb follows, and something says how (no bare "Tests are skipped."). */
const PRESENT_CONVENTION = new RegExp(String.raw`^(?:${SUBJECT})\s+(?<done>${DONE})\s+[^\s.!?]`, 'i');

/** A verb that says what the thing looks like: a version after it is the pattern ("look like v1.2.3"), not one occasion. */
const OF_FORM =
  /^(?:(?:always|usually|only|all)\s+)?(?:looks? like|starts? with|begins? with|ends? with|follows?|(?:are|is)\s+(?:named|tagged|formatted|numbered|versioned|prefixed|suffixed|spelled))$/i;

/** A day, a time or a version, from the one-occasion words. */
const DAY_OR_VERSION = new RegExp(String.raw`\b${ONE_DAY_OR_VERSION}\b`, 'gi');

/** Whether a day or time names one occasion, or a version does where it is not the pattern the verb describes. */
function namesOneOccasion(sentence: string, done: string): boolean {
  const patternVerb = OF_FORM.test(done);
  return [...sentence.matchAll(DAY_OR_VERSION)].some((said) => !(patternVerb && /^v?\d/i.test(said[0])));
}

/**
 * What makes the same grammar a symptom or the person's own situation: a judgement of what is there ("use the wrong
 * port", "include the broken binary") or the person themselves ("are assigned to me", "run on my laptop").
 */
const SYMPTOM_OR_OWN = /(?<![\w-])(?:wrong|broken|stale|outdated|incorrect|bad|old|me|my|I)(?![\w-])/;

/** Whether a sentence states how a kind of the project's process artefact is made or handled, as a lasting convention. */
export function isProcessConvention(sentence: string): boolean {
  const match = PRESENT_CONVENTION.exec(sentence);
  if (match === null || /\?\s*$/.test(sentence) || SYMPTOM_OR_OWN.test(sentence) || holdsForOneOccasion(sentence)) return false;
  return !namesOneOccasion(sentence, match.groups?.['done'] ?? '');
}
