/**
 * The limits a person sets on one request (decision 132): "do not modify any text, I only want formatting done", "don't
 * change the contents", "don't touch anything else", "do not change the padding, except the gap in the first row". They
 * bound the change being asked for — what it may touch — and say nothing of how to work tomorrow. A lasting word
 * ("never", "from now on", "in this repo", "unless I ask") keeps a rule of the same words: "never modify the logic
 * unless asked" is one. Written from kinds of statement with invented sentences as their tests.
 */

/** A prohibition on changing something, or an order to keep it as it is. */
const KEEP_AS_IS = String.raw`(?:(?:please\s+)?(?:do\s+not|don't|dont|let'?s\s+not|let\s+us\s+not|make\s+sure\s+(?:you\s+)?(?:do\s+not|don't))\s+(?:\w+\s+)?(?:modify|change|touch|alter|edit|rewrite|reword|remove|delete|reorder|rename|move|reformat|mess\s+with)|(?:please\s+)?(?:keep|leave)\b)`;

/** What is left of the thing at hand besides what the request changes: "anything else", "the rest of the file". */
const REMAINDER = String.raw`(?:anything(?=\s*[.!]?\s*$)|anything\s+else|everything\s+else|nothing\s+else|the\s+rest(?:\s+of\s+(?:the|this|it)\b[\w\s]{0,20})?|any(?:thing)?\s+other\s+\w+|other\s+(?:files|parts|lines|sections|code|things))`;

/** The stuff of the thing at hand itself, as a request to rework its form names it: its text, its contents, its logic. */
const MATERIAL = String.raw`(?:any|the|its|their)\s+(?:actual\s+|existing\s+)?(?:text|contents?|wording|words|copy|meaning|logic|functionality|behaviou?r|layout|styling|styles|look|appearance|formatting|structure|order|values?)`;

const LIMIT = new RegExp(String.raw`^${KEEP_AS_IS}\s+(?:(?<remainder>${REMAINDER})|${MATERIAL})\b`, 'i');

/**
 * The stuff named of a kind of thing, which makes the prohibition a rule about that kind: "the wording of error
 * messages", "the order of the columns in the export". Of what is pointed at, or of a container of the thing at hand
 * said last ("the contents of the list"), it stays the request's limit (decision 132, reviewed).
 */
const OF_A_KIND =
  /^\s+(?:of|in|on|for)\s+(?!(?:it|this|that|them|these|those)\b)(?!(?:the|this)\s+(?:list|table|file|page|section|paragraph|function|component|block|snippet|text|email|message|form)\s*[.!]?$)/i;

/** A reason given after the prohibition, which says why it holds beyond this change: "…, support scripts match on them". */
const REASON =
  /[,;:(]\s*(?:(?:because|since|as)\b|(?:[\w'-]+\s+){0,4}(?:rel(?:y|ies)|depends?|parses?|matche?s?|reads?|owns?|integrates?|persist\w*|signed|approved|seriali[sz]\w*|generated|synced|breaks?)\b)/i;

/** "…except the gap in the first row": an exception naming one thing at hand. */
const ONE_EXCEPTION =
  /^(?:please\s+)?(?:do\s+not|don't|dont)\s+(?:change|modify|touch|alter|edit|move|resize)\s+(?:the|any|its)\s+[\w-]+,?\s+(?:except|apart from|other than|besides)\s+(?:for\s+)?(?:the|this|that|these|those)\b/i;

/** "I only want formatting done", "only the order should change": what the one request may do. */
const ONLY_THIS =
  /^(?:I|we)\s+only\s+want\s+(?:the\s+)?[\w\s-]{1,40}?\s+(?:done|changed|fixed|touched|updated|applied)\b(?!\s+(?:by|when|unless|before|after|on|in|only)\b)|^only\s+the\s+[\w\s-]{1,30}?\s+should\s+change\b/i;

/**
 * One named file not to be made, said as the request is corrected: "don't create a new utils.py, it's already there".
 * What is never to be made ("never add a .env file") says "never".
 */
const ONE_FILE_NOT_MADE =
  /^(?:please\s+)?(?:do\s+not|don't|dont)\s+(?:create|add|make|write)\s+(?:(?:a|an|another|the)\s+)?(?:new\s+)?\x60?[\w./-]*\w\.[a-z]{1,5}\x60?(?=[\s,.;!]|$)/i;

/**
 * "Do not modify code, just identify where the issue lies", "don't make any changes or do anything besides commit and
 * push this": a request to look or to ship only, said as a prohibition on changing things (decision 139).
 */
const ONLY_LOOK_OR_SHIP =
  /^(?:please\s+)?(?:do\s+not|don't|dont)\s+(?:modify|change|touch|edit|write|make)\s+(?:any\s+|the\s+)?(?:code|changes|files?|anything)\b[^.;]*?(?:,\s*|\s+)(?:(?:just|only)\s+(?:identify|find|explain|investigate|tell|look|diagnose|report|describe|analy[sz]e|list|review|read)|(?:besides|except|other than|apart from)\s+(?:to\s+)?(?:commit|push|merge|deploy|run|test|review|read)\b[^.;]*\b(?:this|it|that|these)\b)/i;

/** Words that make the same limit hold from now on. */
const LASTING =
  /\b(?:never|always|from now on|going forward|in (?:the )?future|ever|in (?:this|the|our) (?:repo|repository|project|codebase)|in general|anywhere|unless (?:I|we|you're|you are|asked|told|explicitly)|without (?:asking|my|a|an|any)\b|by default|every|each|whenever|when(?:ever)? I (?:ask|say)|if I ask)\b/i;

/** Whether a sentence only bounds the one change being asked for. */
export function isLimitOfOneRequest(sentence: string): boolean {
  const said = sentence.trim();
  // A place said with one file is where that file is ("…it's already there in the codebase"), not where a rule holds.
  if (ONE_FILE_NOT_MADE.test(said)) return !/\b(?:never|always|ever|every|from now on|going forward)\b/i.test(said);
  if (LASTING.test(said) || REASON.test(said)) return false;
  const limit = LIMIT.exec(said);
  const ofAKind = limit !== null && limit.groups?.['remainder'] === undefined && OF_A_KIND.test(said.slice(limit[0].length));
  return (limit !== null && !ofAKind) || ONE_EXCEPTION.test(said) || ONLY_THIS.test(said) || ONLY_LOOK_OR_SHIP.test(said);
}
