import { TROUBLE } from './environmentFacts.js';

/**
 * Circumstances of the project that change how work is done, none of them in the code (decision
 * 104): what it does not have ("we don't have a staging environment", "there is no CI for this
 * repo"), the oldest version it runs on ("Node 18 is the minimum"), and its scale ("the production
 * DB has about 2 million users"), and what generated code is made from. Written from kinds of statement with invented sentences as their
 * tests, never from a corpus sentence.
 */

/** Things a project has or lacks: environments, checks, tests. */
const FACILITY = String.raw`(?:staging(?: environment| server| db| database)?|production environment|preview (?:deploys|environments?)|ci|ci pipeline|tests?|test suite|e2e tests|end-to-end tests|integration tests|unit tests|linter|formatter|type ?checking|monitoring|alerting|docs|documentation|backups?|dev environment|test environment|sandbox|designer|qa)`;

/** "We don't have a staging environment", "There is no CI for this repo". */
const ABSENCE = new RegExp(
  String.raw`^(?:we\s+(?:don't|do not)\s+(?:have|run)|there(?:'s| is| are)\s+no)\s+(?:a\s+|an\s+|any\s+)?(?:real\s+|proper\s+|separate\s+)?${FACILITY}\b(?!\s+(?:folder|dir|directory|file))`,
  'i',
);

/** "Node 18 is the minimum", "The minimum Go version is 1.21". */
const MINIMUM_VERSION =
  /^[A-Z][\w.+#-]*\s+v?\d+(?:\.\d+)*\s+is\s+(?:the\s+)?(?:minimum|lowest|oldest)\b|^the\s+(?:minimum|lowest|oldest)\s+(?:supported\s+)?(?:[\w.+#-]+\s+)?version\s+is\s+v?\d/i;

/** "The production DB has about 2 million users": how big a whole part of the project is, said with a rough number. */
const SCALE =
  /^(?:the|our)\s+(?:[\w-]+\s+){0,2}(?:db|database|dataset|exports?|monorepo|repo|index|bucket|queue|api|site|app|service|user base|traffic)\s+(?:has|have|holds?|contains?|gets?|serves?|handles?|is|are)\s+(?:about|around|roughly|over|under|nearly|almost|up to|~)\s*\d[\d.,]*\s*(?:k|m|million|millions|billion|thousand|gb|mb|tb|rows|users|records|requests|files|entries)\b/i;

/** "The API client is generated from the OpenAPI spec": what a part of the code is made from, so it is not edited by hand. */
const GENERATED_FROM =
  /^(?:the|our|all)\s+(?:[\w/.-]+\s+){1,4}(?:is|are)\s+(?:auto-?)?generated\s+(?:from|by|with)\s+(?!(?:it|this|that|them)\b)\S/i;

/**
 * What happens on its own around the code: "merging to main deploys to production", "deploys happen
 * automatically on merge", "the staging database gets reset every night"; and a limit an outside
 * service sets ("the GitHub API limits us to 5000 requests per hour").
 */
const AUTOMATIC = new RegExp(
  [
    String.raw`^(?:merging|pushing|tagging|a push|a merge|every (?:push|merge|tag))\s+(?:to|into|on)\s+(?!(?:it|this|that)\b)\S+\s+(?:deploys|releases|publishes|triggers|runs|ships|builds)\b`,
    String.raw`^(?:deploys|deployments|releases|builds|backups|migrations|nightly builds)\s+(?:happen|run|go out|are triggered|are made)\s+(?:automatically\s+)?(?:on|after|when|every|each|nightly|daily|weekly)\b`,
    String.raw`^(?:the|our)\s+(?:[\w-]+\s+){0,2}(?:db|database|environment|cache|server|cluster|sandbox|data)\s+(?:gets|is)\s+(?:reset|wiped|rebuilt|restarted|refreshed|redeployed|restored)\s+(?:every|each|nightly|daily|weekly|on\s+(?:every|each|merge|push))\b`,
    String.raw`\blimits?\s+(?:us|you|requests|calls|clients)\s+to\s+\d`,
    // Spanish: "el deploy se hace automáticamente al hacer merge a main"
    String.raw`^(?:el|los)\s+(?:deploy|despliegue|build|release)s?\s+se\s+(?:hace|hacen|lanza|lanzan|ejecuta|ejecutan)\s+(?:solo\s+)?(?:automáticamente\s+)?(?:al|con cada|cada|después de)\s`,
  ].join('|'),
  'i',
);

/** Said of a thing at hand or of the moment: "for this function", "yet", "now". */
const AT_HAND =
  /\b(?:yet|now|anymore|today|right now|for now|for (?:this|that|it)\b(?!\s+(?:repo|project|codebase|app))|it\b|(?:this|that|these|those)\s+(?!(?:repo|project|codebase|app)\b)\w+)/i;

/** Whether a sentence states a circumstance of the project. */
export const isProjectCircumstance = (sentence: string): boolean =>
  (ABSENCE.test(sentence) ||
    MINIMUM_VERSION.test(sentence) ||
    SCALE.test(sentence) ||
    GENERATED_FROM.test(sentence) ||
    AUTOMATIC.test(sentence)) &&
  !AT_HAND.test(sentence) &&
  !TROUBLE.test(sentence);
