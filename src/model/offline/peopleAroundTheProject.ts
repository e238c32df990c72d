import { TROUBLE } from './environmentFacts.js';

/**
 * Who is who around the project (decision 104): a person's role by name ("Ana is our designer",
 * "Ben is the one to ask about releases"), who uses what is built ("our users are mostly on
 * Android", "the docs are written for non-technical users"), and how code gets in ("we work from a
 * fork", "we don't have push access to upstream"). None of it is in the code. Written from kinds of
 * statement with invented sentences as their tests, never from a corpus sentence.
 */

/** A name as people write one: a capital, not a word that opens sentences. */
const NAME = String.raw`(?!(?:The|This|That|These|Those|It|We|They|He|She|There|Here|Our|My|Your)\b)[A-Z][a-z]+(?: [A-Z][a-z]+)?`;

/** Roles people hold around a project. */
const ROLE = String.raw`(?:designer|pm|product manager|product owner|tech lead|team lead|lead|manager|engineering manager|release manager|owner|maintainer|reviewer|contact|point of contact|expert|sre|admin|architect|qa|tester|cto|ceo|founder|dba|security lead|on-?call)`;

/** "Ana is our designer", "Ben is the one to ask about the release process" (case-sensitive, as names are written). */
const ROLE_BY_NAME = new RegExp(
  String.raw`^${NAME}\s+is\s+(?:our|the team's|the)\s+(?:[\w-]+\s+){0,2}?${ROLE}(?=\s*[.!]?$|\s+(?:at|for|on|of|in)\b)|^${NAME}\s+is\s+the\s+(?:one|person)\s+(?:to ask|to talk to|who knows)\b`,
);

/** Who uses it: "our users are mostly on Android", "most of our customers use…", "our audience is mostly…". */
const USERS =
  /^(?:most\s+(?:of\s+)?)?(?:our|the)\s+(?:[\w-]+\s+)?(?:users|customers|clients|audience|readers|visitors|players|students)\s+(?:(?:are|is)\s+(?:mostly|mainly|largely|primarily|usually|typically|all|almost all)\s+(?:on|in|from|using|non-|(?:[\w-]+\s+)?[\w-]+s\b)|(?:mostly\s+|mainly\s+|all\s+)?(?:use|run|speak|are on)\s+\S)/i;

/** What is built, and whom it is for: "the docs are written for non-technical users", "the app is used by nurses". */
const BUILT_FOR =
  /^(?:the|our)\s+(?:app|product|site|website|tool|cli|service|platform|api|docs|documentation|library|game|extension|plugin)\s+(?:is|are)\s+(?:used|written|designed|built|meant|made|aimed)\s+(?:by|for|at)\s+(?!(?:it|this|that|them|me|us)\b)(?:[\w-]+\s+){0,2}[\w-]+s\b/i;

/** How code gets in: "we work from a fork", "we don't have push access to upstream". */
const HOW_CODE_GETS_IN =
  /^(?:we|I)\s+(?:always\s+)?(?:work|contribute|develop|push)\s+(?:from|through|via|on|in|to)\s+(?:a|our|my)\s+(?:own\s+)?fork\b|^we\s+(?:don't|do not|can't|cannot)\s+(?:have\s+)?(?:push|write|merge|commit|admin)\s+(?:access|rights|permissions?)\b|^we\s+(?:can't|cannot)\s+push\s+(?:directly\s+)?to\s+(?:upstream|the upstream repo)\b/i;

/** Who works on it: "it's just me working on this", "we're a team of three", "I'm the only developer". */
const WHO_WORKS_ON_IT =
  /^(?:it's|it is)\s+just\s+me\s+(?:working on|on|maintaining)\b|^we(?:'re| are)\s+a\s+(?:small\s+)?team\s+of\s+(?:\d+|two|three|four|five|six|seven|eight|nine|ten)\b|^I(?:'m| am)\s+the\s+only\s+(?:one|person|developer|dev|engineer|maintainer)\b/i;

/** How people feel or where they are, not who they are: "angry", "complaining", "away". */
const MOOD = /\b(?:angry|upset|unhappy|happy|frustrated|annoyed|confused|complaining|away|out|sick|busy|leaving)\b/i;

/** Said of the moment: "right now", "today". */
const OF_THE_MOMENT = /\b(?:right now|at the moment|for now|today|currently|yet|anymore)\b/i;

/** Whether a sentence says who is who around the project. */
export const isPeopleFact = (sentence: string): boolean =>
  (ROLE_BY_NAME.test(sentence) ||
    USERS.test(sentence) ||
    BUILT_FOR.test(sentence) ||
    HOW_CODE_GETS_IN.test(sentence) ||
    WHO_WORKS_ON_IT.test(sentence)) &&
  !OF_THE_MOMENT.test(sentence) &&
  !MOOD.test(sentence) &&
  !TROUBLE.test(sentence.replace(/\b(?:can't|cannot)\b/gi, ''));
