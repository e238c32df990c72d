/**
 * A link as the object of a request (decision 136): "could you help port this project into our renderer: <url>", "can you
 * read <url> and implement the tokenizer", "please compare our parser with <url>", "help me clone <url>". The link is the
 * task's material, not a pointer to keep; decision 106 reads one issue or pull request so, decision 123 a bare order
 * opening with its verb. A pointer said as where things are stays a reference: "the designs are in <url>", "our staging
 * dashboard is at <url>", "see <url> for the API docs".
 */

/**
 * A polite request, whatever spelling its "you" has, or help asked for: "could you (please) (help me)", "are you able to",
 * "help me", "I'd like you to".
 */
const ASKING = String.raw`(?:(?:(?:could|can|would|will)\s+(?:you|u|y\w{1,3})|(?:are|were)\s+(?:you|u|y\w{1,3})\s+able\s+to)\s+(?:please\s+)?(?:help\s+(?:me\s+|us\s+)?(?:to\s+)?)?|(?:please\s+)?help\s+(?:me|us)\s+(?:to\s+)?|(?:I'd like|I would like|I want|I need)\s+you\s+to\s+|please\s+)`;

/** What a request does with what a link gives: port it, clone it, read it, follow it, compare with it. */
const WORKED_ON = String.raw`(?:port|clone|copy|read|follow|use|look\s+(?:at|into|through)|check\s+out|fetch|download|implement|compare|reproduce|replicate|integrate|adapt|convert|translate|migrate|study|review|analy[sz]e|summari[sz]e|go\s+through|pull|import|mirror)`;

/** The request, then the link later in the same sentence. */
const REQUEST_ON_LINK = new RegExp(String.raw`^(?:(?:ok(?:ay)?|so|now|hi|hey)[,.!]?\s+)*${ASKING}${WORKED_ON}\b[^]*?https?:\/\/`, 'i');

/** A link given as a setting to keep ("… as the base URL"), or a lasting word, makes the request a rule of the project. */
const KEPT_AS_SETTING =
  /\bas\s+(?:the|our)\s+(?:\w+\s+)?(?:base|default|main|api|endpoint|server|url|origin|registry|mirror|source of truth)\b|\b(?:always|never|from now on|going forward|every time|whenever|by default|for all|for every)\b/i;

/** Whether a sentence asks for work done on what a link gives. */
export const isLinkWorkedOn = (sentence: string): boolean => REQUEST_ON_LINK.test(sentence.trim()) && !KEPT_AS_SETTING.test(sentence);
