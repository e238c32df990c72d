import { isNegation, memorySlug } from '../../memory/durable/memorySlug.js';
import { withPlainApostrophes } from '../../memory/durable/apostrophes.js';
import { capitalise } from './capitalise.js';
import { LASTING } from './lastingWords.js';
import { wordsOf } from './sentenceShape.js';
import { AGREEMENTS, ASIDE_MARKERS, GREETINGS, HEDGING_ADVERBS, HESITATIONS, oneOf, opensWithACapitalName } from './openerWords.js';

/**
 * The words a title does without before the rule's own words (decision 120): filler, hedges, politeness, a condition
 * that only answers the message before, a list label. Each pattern is a kind of wording, never a sentence of a corpus.
 */

/** A word a clause opens with: a pronoun, a verb people give a rule with, or a rule word (what follows "like" or "so"). */
const CLAUSE_START =
  /(?:i|we|you|they|it|let's|lets|let|just|please|maybe|then|now|always|never|don't|do|make|move|keep|use|add|put|run|remove|drop|rename|change|fix|try|go|have|check|write|stop|start|avoid|only|no|not)\b/i;

/**
 * Leads, each dropped where a title starts, in any order, as often as they come. `keepsNegation` marks the one lead whose
 * negation belongs to another message ("If not, …" answers the question before it) and so may go with it.
 */
const LEADS: ReadonlyArray<{ readonly pattern: RegExp; readonly keepsNegation?: true }> = [
  // A list label: "F1:", "3.", "b)", "(2)", "Q4 -".
  { pattern: /^(?:\(?(?:[A-Z]{1,2}\d{1,3}|\d{1,3}|[a-h])[:.)]|[A-Z]{1,2}\d{1,3}\s+[\u2013\u2014-])\s+(?=\S)/ },
  // A greeting or a discourse word: "Hey --", "Also,", "Btw", "PS:".
  {
    pattern: new RegExp(
      String.raw`^${oneOf(GREETINGS, ASIDE_MARKERS, ['also', 'and also', 'ps', String.raw`p\.s\.`])}\b(?:\s*(?:[,:!]|--?|[\u2013\u2014]))*\s+(?=\S)`,
      'i',
    ),
  },
  // A heading that announces a change of plan, which decision 110 reads as no order: "Change in plan:", "Update:".
  { pattern: /^(?:(?:a\s+)?change\s+(?:of|in)\s+(?:the\s+)?plans?|update)(?:\s*[:\u2013\u2014]|\s+-)\s+(?=\S)/i },
  // "well" and "anyway" only with a comma: "Well defined errors…" names a thing.
  { pattern: /^(?:well|anyway|anyways)\s*[,!]\s*(?=\S)/i },
  // "so" and "ok" that only tie to what came before; "so that…", "so far…" and "OK responses…" keep them.
  { pattern: new RegExp(`^(?:so|ok|okay)(?:\\s*[,!.]\\s*|\\s+(?=${CLAUSE_START.source}))(?=\\S)`, 'i') },
  // "like" as filler, before a clause; "Like buttons…" and "I like…" keep it.
  { pattern: new RegExp(`^like(?:\\s*,\\s*|\\s+(?=${CLAUSE_START.source}))(?=\\S)`, 'i') },
  // A hedge: "AFAIK", "IMO", "I think (that)", "I guess", "I believe", "to be honest".
  {
    pattern:
      /^(?:afaik|afaict|iirc|imo|imho|tbh|to be honest|in my opinion|i\s+(?:(?:really\s+)?think|guess|believe|feel like|suppose|reckon)(?:\s+that)?)\b[\s,:]*(?=\S)/i,
  },
  // Politeness and a wish that frames a request: "please", "I'd like (you) to", "I am thinking to", "can you".
  {
    pattern:
      /^(?:please|kindly|(?:i(?:'d| would)\s+(?:like|love|want)|i\s+want|i\s+need)\s+(?:you\s+)?to|(?:i\s+am|i'm)\s+thinking\s+(?:to|of|about)|(?:can|could|would|will)\s+you(?:\s+please)?|let's\s+say(?:\s+that)?)\b[\s,]*(?=\S)/i,
  },
  // "make sure (that) (you)", "be sure to"; "Make sure not to…" keeps its words, as "Not to…" would not read.
  { pattern: /^(?:make\s+sure|be\s+sure|ensure)(?:\s*,)?(?:\s+that)?(?:\s*,)?(?:\s+you)?(?:\s+to)?\b[\s,]*(?!not\s+to\b)(?=\S)/i },
  // A condition that only answers the message before: "If not,", "If so please…", "If that's the case,".
  {
    pattern:
      /^(?:if|si|wenn|falls)\s+(?:not|so|yes|no|nicht|ja|oui|non|es\s+así|that's\s+the\s+case|that\s+is\s+the\s+case)(?:\s*[,;:.!]|\s+(?=(?:please|then|just|go ahead|por favor|bitte)\b))\s*(?=\S)/i,
    keepsNegation: true,
  },
];

/**
 * One word before "let's" or "lets", with its comma: "Acutally lets…", "Basically, let's…". Decision 121's finder takes
 * any one word there; a title does without it too, as it is a discourse word however it is spelt. "lets us" and "lets
 * the…" are a thing's verb, not "let's".
 */
const WORD_BEFORE_LETS = /^([\p{L}'-]+)\s*,?\s+(?=let'?s\s+(?!(?:us|me|you|him|her|them|it|the|a|an)\b)\S)/iu;

/**
 * The title without the one word before its "let's", when the tagger reads it as no noun or name ("Bob, let's…" keeps
 * Bob) and it is no negation or lasting word ("Never lets…", "Always let's…"); read in lower case, as a capital at a
 * sentence start makes any word a name to the tagger.
 */
function withoutWordBeforeLets(title: string): string {
  const [lead, word] = WORD_BEFORE_LETS.exec(title) ?? [];
  if (lead === undefined || word === undefined || dropsNegation(word) || LASTING.test(word)) return title;
  const tag = wordsOf(title.toLowerCase())[0]?.pos;
  return tag === 'NOUN' || tag === 'PROPN' ? title : capitalise(title.slice(lead.length));
}

/** Whether dropping `lead` would drop a negation of the rule. */
const dropsNegation = (lead: string): boolean => memorySlug(lead).split('-').some(isNegation);

/**
 * The title without the leads it opens with, its first kept word capitalised; the title as it was when nothing would
 * be left, or when a lead holds a negation of the rule (decision 120).
 */
function withoutLeads(title: string): string {
  let rest = title;
  for (let dropped = true; dropped;) {
    dropped = false;
    for (const { pattern, keepsNegation } of LEADS) {
      const lead = pattern.exec(rest)?.[0];
      if (lead === undefined || lead.length === rest.length) continue;
      if (keepsNegation !== true && dropsNegation(lead)) continue;
      rest = rest.slice(lead.length);
      dropped = true;
    }
  }
  return rest === title ? title : capitalise(rest);
}

/** A reply's opening words up to a colon, when they are only an opening. */
const LEAD_IN = new RegExp(
  String.raw`^${oneOf(AGREEMENTS, ASIDE_MARKERS, ['exactly', 'perfect', 'great', 'good', 'nice', 'right', 'ok', 'okay', 'oh', 'also', 'quick context', 'context', 'background', 'note', 'correction', 'update'])}\b[^:.]{0,30}:\s+(?=\S)`,
  'i',
);

/**
 * Words a person opens with before they say anything (decision 68, amended 2026-12-07): "Yeah", "Actually", and a
 * note that only announces what follows ("One thing we could add here:", "Another thing -", "Something I'd like to
 * mention is that…"). A title is what follows them; "ok" and "sure" only with a comma, as "OK responses…" names a thing.
 */
const FILLER_OPENER = new RegExp(
  String.raw`^(?:${oneOf(AGREEMENTS, HESITATIONS, HEDGING_ADVERBS, ['oh', 'ah', 'actually'])}\b[\s,!.]+|(?:ok|okay|sure|anyway|anyways)\s*[,!.]\s*)+(?=\S)`,
  'i',
);
const ANNOUNCEMENT =
  /^(?:(?:one|another|a|one more|one last|the other|just one)\s+(?:(?:more|last|small|quick|other|little)\s+)?(?:thing|point|note|remark|idea|suggestion|detail|request)|something(?:\s+else)?)(?:\s+(?:that\s+)?(?:I|we|you)(?:'d|'ll)?(?:\s+\w+){0,3}?\s+(?:add|mention|say|note|suggest|point out|change|do|consider|flag|keep in mind|know|like|want|need)(?:\s+to\s+(?:add|mention|say|note|know|do|change|consider))?)?(?:\s+(?:here|too|also|as well|though|now))*\s*(?:[:,\u2013\u2014]|\s-|\s+is(?:\s+that)?\b)\s*(?=\S)/i;

/**
 * The title without the words it opens with before it says anything, in whatever order they come ("Hey -- also, I
 * think…"); never without a negation (decisions 68 and 120).
 */
export function withoutOpeners(title: string): string {
  let said = title;
  for (let before = ''; before !== said;) {
    before = said;
    // What opens a reply before a colon goes whole, as it always has (decision 68); each other opener only without a negation.
    const reply = said.replace(LEAD_IN, '');
    if (reply !== said && reply !== '') said = capitalise(reply);
    for (const opener of [FILLER_OPENER, ANNOUNCEMENT]) {
      if (opensWithACapitalName(said)) break;
      const bare = said.replace(opener, '');
      // Capitalised only when an opener went: a statement that opens on `pnpm` or `iOS` keeps its spelling.
      if (bare !== said && bare !== '' && !dropsNegation(said.slice(0, said.length - bare.length))) said = capitalise(bare);
    }
    said = withoutWordBeforeLets(withoutLeads(said));
  }
  return said;
}

/** What follows "let's" when it is a thing's verb, not a suggestion: "Lets the user pick…", "lets us…". */
const LETS_AS_VERB = /^(?:us|you|me|them|him|her|it|the|a|an|this|that|users?|people|each|every|any)\b/i;

/**
 * A rule without the "let's" (typed "lets" too) that frames it as a suggestion (decision 120, amended 2026-12-07):
 * "Let's migrate to cobra" is "Migrate to cobra", and "Lets not add…" is "Don't add…", its negation kept. The first word
 * left keeps its case; the caller capitalises.
 */
export function withoutSuggestion(text: string): string {
  const match = /^let'?s\s+(not\s+)?(?=\p{L})/iu.exec(withPlainApostrophes(text));
  if (match === null) return text;
  const rest = text.slice(match[0].length);
  if (match[1] === undefined) return LETS_AS_VERB.test(rest) ? text : capitalise(rest);
  return `Don't ${rest}`;
}
