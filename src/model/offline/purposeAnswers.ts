import { assistantsWords } from './answerToQuestion.js';
import { HEDGE, TASK } from './statementKinds.js';

/**
 * A short answer to the assistant's question about what the project is for (decision 129): whom it is for ("Who will
 * use this?" "Just me, on my laptop."), what it is for ("Is this for personal use or to share?" "Personal use."), where
 * it runs ("Where should this run?" "Local for now is fine.") and the level a quality is held to ("Does it need to be
 * responsive?" "Yes, make it responsive."). The answer alone names no subject, so the memory is led by what the question
 * asked. Only an answer that names something of the aspect asked is kept: an option picked for the moment ("surprise
 * me", "B") names nothing, and neither does an agreement. Written from kinds of statement with invented sentences as
 * their tests, never from a corpus sentence.
 */

/** One aspect of the project's purpose a question can ask about, the label its answer is kept under, and its words. */
interface Aspect {
  readonly label: string;
  /** A question sentence that asks about the aspect. */
  readonly asked: RegExp;
  /** Words an answer of the aspect names (the question sentence is given, for names it offered). */
  readonly names: (answer: string, question: string) => boolean;
}

/** What people a project is for are called. */
const PEOPLE =
  /(?:^|\b(?:just|only|mostly|mainly)\s+)me\b|\bme\s+and\b|\b(?:myself|just us|my team|our team|the team|team leads?|tech leads?|managers|my colleagues|colleagues|internal(?:ly)?|in-house|everyone|anyone|the public|public|customers|clients|(?:end[- ])?users|developers|engineers|designers|students|teachers|researchers|data scientists|analysts|admins|operators|nurses|doctors|staff|employees|friends|family)\b/i;

/** What a project can be for. */
const USE =
  /\b(?:personal|internal|private|demo|demonstration|prototype|learning|portfolio|production|hobby|side project|experiment|investigation|proof of concept|poc|public|commercial|open[- ]source)\b/i;

/** Where a project runs, said without a name. */
const PLACE =
  /\b(?:local(?:ly)?|local-only|on-?prem(?:ise|ises)?|self-hosted|my (?:machine|laptop|computer|server)|the cloud|in the cloud)\b/i;

/** A question about where the project runs speaks of hosting, not of where a script or a check runs ("locally or in CI?"). */
const HOSTING =
  /\b(?:host\w*|deploy\w*|vercel|netlify|heroku|fly\.io|railway|aws|gcp|azure|cloudflare|cloud|servers?|production|local[- ]only|self-host\w*|on-?prem\w*)\b/i;

/** A name the answer shares with the question (a host it offered, "Vercel, Netlify or local?"). */
const namedInQuestion = (answer: string, question: string): boolean =>
  (answer.match(/\b[A-Z][\w-]*(?:\.[\w-]+)*/g) ?? []).some(
    (name) => !/^(?:I|It|Just|Only|Yes|No|Local|Keep|Let's|Lets)$/.test(name) && question.includes(name),
  );

/** The qualities a question may ask the level of, each with its label. */
const QUALITIES: ReadonlyArray<readonly [label: string, words: RegExp]> = [
  ['Responsive layout', /\b(?:responsive|mobile[- ]friendly)\b/i],
  ['Accessibility', /\b(?:accessib\w*|a11y|wcag)\b/i],
  ['SEO', /\bseo\b/i],
  ['Localisation', /\b(?:i18n|locali[sz]\w*|translat\w*)\b/i],
  ['Offline support', /\boffline\b/i],
];

const ASPECTS: readonly Aspect[] = [
  {
    label: 'Audience',
    asked:
      /\bwho\s+(?:will|would|is going to|are going to|is meant to|do you expect to)\s+use\b|\bwho(?:'s| is| are)\s+(?:the\s+)?(?:(?:primary|main|target|intended)\s+)?(?:audience|users?)\b|\bwho\s+is\s+(?:this|it)\s+for\b/i,
    names: (answer) => PEOPLE.test(answer),
  },
  {
    label: 'Purpose',
    asked:
      /\bis\s+(?:this|it)\s+(?:(?:just|only|mainly)\s+)?(?:for|meant for|intended for)\s+(?:personal|internal|a demo|learning|your own|a portfolio|a side project|a hobby)\b|\bwhat\s+(?:is|'s)\s+(?:this|it)\s+(?:for|meant for)\b|\bwhat(?:'s| is)\s+the\s+(?:main\s+)?(?:goal|purpose)\s+of\s+(?:this|the)\s+(?:project|app|tool|repo|site|dashboard)\b/i,
    names: (answer) => USE.test(answer),
  },
  {
    label: 'Where the project runs',
    asked:
      /\bwhere\s+(?:will|should|would|do you want)\s+(?:this|it|the (?:app|site|project|dashboard|service|tool))\s+(?:to\s+)?(?:run|be hosted|be deployed|live)\b|\bwhere\s+(?:this|it)\s+(?:runs|will run|should run|is hosted|gets deployed)\b|\b(?:hosted|self-hosted|local)\b[^?]{0,60}\bor\b[^?]{0,60}\b(?:hosted|local|cloud)\b/i,
    names: (answer, question) => HOSTING.test(question) && (PLACE.test(answer) || namedInQuestion(answer, question)),
  },
];

/** Whether a question asks what the project is for, whom for or where it runs: its answer outlasts the work at hand. */
export const asksAboutPurpose = (question: string): boolean => ASPECTS.some((aspect) => aspect.asked.test(question));

/**
 * A question asking whether the product needs a quality: "Does it need to be responsive?", "Should we aim for WCAG AA?".
 * "This" is the product only alone: "this test" or "this function" is one piece of the work (decision 129, amended).
 */
const NEEDS_QUALITY =
  /^(?:does|do|should|will|would|must|is|are)\s+(?:it|we|this(?!\s+(?:test|tests|function|method|class|module|component|script|file|page|button|check|job|step|change|fix|endpoint|route|query)\b)|the\s+(?:app|site|website|dashboard|ui|frontend|product|project|tool|pages?))\b/i;

/** A question answered by yes or no: it opens with its verb ("Does it…?", "Should we…?"), not with "who" or "where". */
const YES_NO_QUESTION =
  /^(?:[\w ]{1,40}:\s*)?(?:and\s+|also\s+|so\s+)?(?:does|do|did|should|shall|will|would|must|is|are|can|could|has|have)\b/i;

/** An answer opened by yes or no. */
const YES_OR_NO = /^(?:yes|yeah|yep|no|nope)\b/i;

/**
 * A report of what is or what happened, not an answer of the aspect asked (decision 129, amended): a state of things
 * ("broken", "works", "noisy", "already"), something people did or will meet ("complained", "hit it", "will see",
 * "uses staging"), or the people and the quality as the subject of a past verb ("Customers complained…").
 */
const REPORT =
  /\b(?:broken|breaks?|works|working|worked|fails?|failing|failed|complain\w*|noisy|slow|crash\w*|errors?|bugs?|already|hits?|sees?|saw|will see|uses(?!\s+(?:it|this)\b))\b|^(?:(?:the|our|my|some|all|most|a few)\s+)?(?!\w+ly\b)[\w-]+(?:\s+(?!\w+ly\b)[\w-]+)?\s+(?:\w+ed|said|hit|broke|went|found|told|wrote|ran|got|had|were|was)\b/i;

/** An answer that points at nothing of its own: an option, a leave to choose, an agreement alone. */
const NAMES_NOTHING =
  /^(?:(?:option\s+)?[A-H\d][.)]?|yes|yeah|yep|no|nope|ok|okay|sure|fine|sounds good|up to you|your call|surprise me|whatever you (?:think|like|prefer)|either|both|neither|none|all of them|not sure|idk|i don't know)\W*$/i;

/** An answer put off: "not sure yet", "let me check first", "I'll ask the team". */
const UNSETTLED = /\b(?:not sure|yet|let me|I'll|I will|I need to|check with|ask (?:the|my)|don't know)\b/i;

/** The question sentences of the assistant's words, without tool calls. */
const questionsOf = (assistant: string): string[] =>
  (assistantsWords(assistant).match(/[^.!?\n]*\?/g) ?? []).map((question) => question.trim());

/** The answer with the person's own pronouns said as the memory reads them later: "just me" is "just the author". */
const inThirdPerson = (answer: string): string =>
  answer
    .replace(/\b(?:me|myself)\b/gi, 'the author')
    .replace(/\bmy\b/gi, 'their')
    .replace(/\bmine\b/gi, "the author's");

/** What the answer is kept as: its aspect's label, then the answer, ending as a sentence. */
const ledBy = (label: string, answer: string): string => {
  const said = inThirdPerson(answer.trim().replace(/[.!]+$/, ''));
  return `${label}: ${said}.`;
};

/** The longest answer read: past it, an answer says enough to be read as a sentence of its own. */
const MAX_ANSWER_WORDS = 12;

/**
 * The statement a short answer makes about the project's purpose, led by the aspect the assistant's question asked
 * ("Audience: just the author, on their laptop."); undefined when no question before asked one, or the answer names
 * nothing of the aspect.
 */
export function purposeAnswer(answer: string, assistant: string | undefined): string | undefined {
  const said = answer.trim();
  if (assistant === undefined || said.endsWith('?') || NAMES_NOTHING.test(said)) return undefined;
  // Work asked for in reply ("fix the login first", "yes, deploy it to Netlify") is a step, whatever it names; an answer
  // not settled yet ("maybe the team", "let me check with the team first") answers nothing.
  if (TASK.test(said.replace(/^(?:yes|yeah|ok|okay|sure|no)\W+/i, '')) || HEDGE.test(said) || UNSETTLED.test(said)) return undefined;
  if (said.split(/\s+/).length > MAX_ANSWER_WORDS) return undefined;
  const questions = questionsOf(assistant);
  const bare = said.replace(/^(?:yes|yeah|yep|ok|okay|sure|no|nope)\W+/i, '');
  if (REPORT.test(bare)) return undefined;
  // "Yes" or "no" answers a yes-or-no question, and only the one asked alone: with another question in the message it
  // may answer that one (decision 129, amended).
  if (YES_OR_NO.test(said) && (questions.length !== 1 || !YES_NO_QUESTION.test(questions[0] ?? ''))) return undefined;
  for (const aspect of ASPECTS) {
    const question = questions.find((q) => aspect.asked.test(q));
    if (question !== undefined && aspect.names(said, question)) return ledBy(aspect.label, said);
  }
  for (const [label, words] of QUALITIES) {
    const asked = questions.some((q) => NEEDS_QUALITY.test(q.replace(/^[\W\d]*(?:[\w ]{1,40}:\s*)?\W*/, '')) && words.test(q));
    if (asked && words.test(said)) return ledBy(label, said);
  }
  return undefined;
}
