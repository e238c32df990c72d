import { LASTING } from './lastingWords.js';

/**
 * A request about the work at hand, said in a rule's or a preference's words (decision 123): its object is a thing of
 * this moment (a file attached with "@", a link to act on, "there", "for this", the document just pasted) or it checks
 * the state of one thing now. A lasting word ("always", "never", "every", "from now on", decision 106) keeps a rule
 * however it names its thing, except where the sentence's own verb reads a document at hand, whose "before any…" is the
 * time of that reading.
 */

/** A lasting word of time or habit, not a quantifier: "every", "each" and "any" can count the parts of the thing at hand. */
const LASTING_TIME =
  /\b(?:always|never|from now on|going forward|in (?:the )?future|whenever|by default|anymore|any more|again|everywhere)\b/i;

/** A generality marker of place or owner: "in this repo", "for all projects", "our release notes". */
export const GENERAL_PLACE =
  /\b(?:in|for|across|throughout)\s+(?:this|the|our|all|every)\s+(?:repo|repository|project|codebase|workspace|monorepo|team)s?\b|\bour\b/i;

/**
 * A file attached with "@": "@src/store.ts", "@.claude/agents/x.md"; a handle ("@alice") has no dot or slash. VS Code's
 * chat attaches one as "#file:update-paths.js:22-23" (decision 139).
 */
const ATTACHED_FILE = /(?:^|[\s(])(?:@|#file:)[\w.-]*[./][\w./-]*\w/;

/** Verbs that take a convention file as the way to work, not as the file to work on: "follow @STYLE.md". */
const FOLLOWED = /\b(?:follow|respect|obey|adhere to|stick to|comply with|per|according to|as in|like in)\s+@/i;

/** An order whose object is the file attached: "Modify @.claude/agents/x.md for this project". */
const EDITS_ATTACHED_FILE =
  /^(?:please\s+)?(?:modify|edit|update|change|fix|rewrite|refactor|rename|check|read|review|look at|open|clean up)\s+@[\w.-]*[./][\w./-]*\w/i;

/** A file attached with "@" as the thing a sentence works on (decision 123). */
export const worksOnAttachedFile = (sentence: string): boolean => ATTACHED_FILE.test(sentence) && !FOLLOWED.test(sentence);

/** An opening that consents or asks now: "yes, go ahead and", "ok, please", "now". */
const CONSENT = String.raw`(?:(?:yes|yeah|yep|ok(?:ay)?|sure|great|good|now|then|so)[,.!]?\s+)*(?:(?:please\s+)?go ahead and\s+|please\s+|can you\s+|could you\s+)?`;

/** Verbs of making or moving something now, the object of which is the link: "create issues from <url>", "clone <url>". */
const DOING = String.raw`(?:create|build|import|implement|make|add|write|generate|migrate|port|clone|fetch|download|copy|convert|set up|scaffold|draft|open|file|pull|read|review|summari[sz]e|analy[sz]e|go through)`;

/** A request whose work is done on or from a link: "go ahead and import the tickets from <url>", "use X to build … <url>". */
const ACTS_ON_LINK = new RegExp(String.raw`^${CONSENT}(?:${DOING}|use\s+(?:\S+\s+){1,3}?to\s+${DOING})\b[^]*?https?:\/\/`, 'i');

/** A link is no reference when the sentence asks for work done on it now (decision 123). */
export const actsOnLink = (sentence: string): boolean => ACTS_ON_LINK.test(sentence.trim()) && !LASTING.test(sentence);

/** "Keep the example there", "leave it there": the place just spoken of, in the file at hand. */
const PLACED_THERE =
  /^(?:please\s+)?(?:just\s+)?(?:keep|leave|put|place|move|add|paste|drop)\b[^.;:]*\bthere\b(?!\s+(?:is|are|was|were|will|should|must|may|might|can|could)\b)/i;

/** "… for this." or "for that!": the occasion at hand, with nothing after the pointer (decision 123). */
const FOR_THIS = /\bfor\s+(?:this|that)\s*(?:[.!,;:\u2013\u2014-]|$)/i;

/**
 * "Make sure the local server is using sql": a check of how one thing is now, with no condition of when. "Make sure the
 * build passes before you push" has its occasion, and "make sure tests always…" its lasting word.
 */
const STATE_CHECKED =
  /^(?:please\s+)?(?:make sure|ensure|check|verify|confirm)\s+(?:that\s+)?(?:the|this|that|my|your)\s+(?:[\w.-]+\s+){0,3}?(?:is|are)\s+(?:still\s+|now\s+|actually\s+)?\w+ing\b(?![^]*\b(?:before|after|when|if|once|whenever|unless)\b)/i;

/**
 * "Instead of reinstalling, diff the lock file against the staging copy": the step put in place of another is one of
 * looking, comparing or restoring, done on one thing now; "instead of mocking, use the real database" says how to work.
 */
const STEP_INSTEAD =
  /^(?:please\s+)?instead\s+of\s+[\w\s-]+?,\s*(?:just\s+)?(?:compare|diff|check|inspect|look at|read|restore|revert|copy|reset|rerun|retry|try|grab|pull)\b/i;

/**
 * "Add this to the README", "put these in the docs": what was just pasted or written, placed in one file. "Put it in the
 * justfile" places a thing of a kind where such things go, which a correction says for good.
 */
const PLACED_HERE =
  /\b(?:add|put|paste|copy|write|insert|append|move|save)\s+(?:this|these)\s+(?:to|in|into|at|under|on)\s+(?:the|my|our|a)\b/i;

/**
 * Reading a document at hand: "review this plan thoroughly before making any code changes", "read this spec before you
 * touch any code". The quantifier counts the changes of that reading; only a lasting word of time keeps it a rule.
 */
const READS_DOCUMENT_AT_HAND =
  /^(?:please\s+)?(?:carefully\s+|thoroughly\s+|first\s+)?(?:read|review|go through|study|look (?:at|over|through)|examine|evaluate|analy[sz]e)\s+(?:this|that|these|the attached|the pasted)\s+(?!(?:repo|repository|project|codebase|workspace|monorepo)\b)[\w-]+/i;

/**
 * A step made to hang on how the work just done turns out: "if after making the change you see improvement, push the
 * changes", "if it works, commit it", "once that looks good, merge". The condition judges one result now; a rule's
 * condition names a kind of event that comes again ("if you touch the schema, run the migrations").
 */
const ON_THE_OUTCOME =
  /\b(?:if|once|when)\s+(?:after\s+[^,.;]*?\s+)?(?:you\s+see\s+(?:an?\s+|any\s+|some\s+)?improvements?|(?:it|that|this|the\s+(?:change|fix)(?:es|s)?)\s+(?:works?|helps?|looks?\s+(?:good|fine|right|ok|okay)|fix(?:es)?\s+it|is\s+(?:fine|ok|okay|good|better)))\b/i;

/** Whether a sentence read as a rule, a preference or a reference asks for the work at hand (decision 123). */
export function isRequestAtHand(sentence: string): boolean {
  const said = sentence.trim();
  if (LASTING_TIME.test(said)) return false;
  // The file attached is the thing worked on, even "for this project" (decision 123).
  if (READS_DOCUMENT_AT_HAND.test(said) || EDITS_ATTACHED_FILE.test(said)) return true;
  if (GENERAL_PLACE.test(said)) return false;
  if (LASTING.test(said)) return PLACED_HERE.test(said);
  return (
    worksOnAttachedFile(said) ||
    PLACED_THERE.test(said) ||
    FOR_THIS.test(said) ||
    STATE_CHECKED.test(said) ||
    STEP_INSTEAD.test(said) ||
    PLACED_HERE.test(said) ||
    ON_THE_OUTCOME.test(said)
  );
}
