import { withPlainApostrophes } from '../../memory/durable/apostrophes.js';
import { DANGLING_WORD } from '../../memory/durable/cutOnWords.js';
import { isNegation, memorySlug } from '../../memory/durable/memorySlug.js';
import { capitalise } from './capitalise.js';
import { withoutPointers } from './memoryDescription.js';

/** A memory's title: the index line's link text and what its file is named after (decision 68). */

/**
 * Words a title does without, at its start: a request's politeness, what introduces a note, and the person's own "I
 * prefer", "I'd rather", "we've". What is left stays in the person's words, as the memory's body is (decision 68,
 * amended 2026-12-07): "I don't want tokens under my account" is not titled "User doesn't want…".
 */
const OPENING_WORDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(?:please\s+|just\s+|remember(?:\s+that)?\s+|note(?:\s+that)?\s+)+/i, ''],
  [/^I(?:'d| would)\s+rather\s+/i, 'Rather '],
  [/^I\s+(?:really\s+)?prefer\s+/i, 'Prefer '],
  [/^We(?:'ve| have)\s+/i, ''],
  [/^We(?:'re| are)\s+(?=\w+ing\b)/i, ''],
  [
    /^We\s+(?=(?:no longer|decided|agreed|chose|moved|migrated|switched|went|picked|settled|stopped|dropped|replaced|will|always|never|don't|do not)\b)/i,
    '',
  ],
];

/**
 * Words a person opens with before they say anything (decision 68, amended 2026-12-07): "Yeah", "Actually", and a
 * note that only announces what follows ("One thing we could add here:", "Another thing -", "Something I'd like to
 * mention is that…"). A title is what follows them; "ok" and "sure" only with a comma, as "OK responses…" names a thing.
 */
const FILLER_OPENER =
  /^(?:(?:yeah|yep|yup|yes|oh|ah|hmm+|alright|actually|honestly|basically)\b[\s,!.]+|(?:ok|okay|sure|anyway|anyways)\s*[,!.]\s*)+(?=\S)/i;
const ANNOUNCEMENT =
  /^(?:(?:one|another|a|one more|one last|the other|just one)\s+(?:(?:more|last|small|quick|other|little)\s+)?(?:thing|point|note|remark|idea|suggestion|detail|request)|something(?:\s+else)?)(?:\s+(?:that\s+)?(?:I|we|you)(?:'d|'ll)?(?:\s+\w+){0,3}?\s+(?:add|mention|say|note|suggest|point out|change|do|consider|flag|keep in mind|know|like|want|need)(?:\s+to\s+(?:add|mention|say|note|know|do|change|consider))?)?(?:\s+(?:here|too|also|as well|though|now))*\s*(?:[:,\u2013\u2014]|\s-|\s+is(?:\s+that)?\b)\s*(?=\S)/i;

/** The title without the words it opens with before it says anything; never without a negation (decision 68). */
function withoutOpeners(title: string): string {
  const bare = title.replace(FILLER_OPENER, '').replace(ANNOUNCEMENT, '');
  const dropped = title.slice(0, title.length - bare.length);
  return bare === '' || memorySlug(dropped).split('-').some(isNegation) ? title : capitalise(bare);
}

/** A reply's opening words up to a colon, when they are only an opening. */
const LEAD_IN =
  /^(?:yes|yep|yeah|exactly|perfect|great|good|nice|right|ok|okay|oh|also|fyi|btw|heads up|quick context|context|background|note|correction|update)\b[^:.]{0,30}:\s+(?=\S)/i;

/** A condition or a source a statement opens with, before its main clause. */
const LEADING_CLAUSE =
  /^(?:if|when|whenever|once|before|after|per|according to|as of|since|quand|lorsque|si|wenn|sobald|cuando|seit|depuis|desde)\b[^,]{2,80},\s*(.+)$/i;

const MAX_TITLE_WORDS = 12;

/**
 * A short title that names the rule or fact: the statement without its reason, lead-in and fillers, in the person's
 * words, cut at a clause boundary when long (never in the middle of a phrase).
 */
export function titleOf(text: string): string {
  let title = withPlainApostrophes(text)
    // A link is named by its host in a title; the body keeps it whole.
    .replace(/https?:\/\/([^/\s]+)\S*?(?=[,;.!?]?(?:\s|$))/g, '$1')
    .replace(/[`*[\]()"]|#(?![\w-])/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  // What opens a reply before a colon ("Yes, exactly like that:", "Quick context:") names nothing, nor does a filler.
  title = withoutOpeners(title.replace(LEAD_IN, ''));
  // The first sentence names it; what a memory says after it is for its body.
  title = withoutPointers(/^(.+?[.!?])\s+(?=\p{Lu})/u.exec(title)?.[1] ?? title);
  // Only a title cut short can end on a word that needs the next: "Don't format dates as before" is whole.
  let cut: boolean;
  [title, cut] = firstThought(title);
  for (const [pattern, replacement] of OPENING_WORDS) title = title.replace(pattern, replacement);
  title = title.replace(/[\s.,;:!?\u2013\u2014-]+$/, '');
  let words = title.split(' ').filter(Boolean);
  if (words.length > MAX_TITLE_WORDS) {
    cut = true;
    // An aside between commas says less than what is around it: "The incident on the 14th, where…, is the reason…".
    title = title.replace(/,\s(?:where|which|who|whose|when)\s[^,]{3,120},\s/i, ' ');
    // After a condition or a source, the main clause names it: "If a deploy breaks, #deploy-help is where…".
    const main = LEADING_CLAUSE.exec(title)?.[1];
    if (main !== undefined && main.split(' ').length >= 3) title = capitalise(main);
    words = title.split(' ').filter(Boolean);
  }
  if (words.length > MAX_TITLE_WORDS) {
    // The first run of whole clauses that says enough on its own (four words or more) and fits.
    const fitting = clauseEnds(title)
      .map((end) => title.slice(0, end).split(' ').filter(Boolean))
      .find((clause) => clause.length >= 4 && clause.length <= MAX_TITLE_WORDS);
    words = fitting ?? words.slice(0, MAX_TITLE_WORDS);
  }
  while (cut && words.length > 2 && DANGLING_WORD.test(words.at(-1)!.replace(/[.,;:!?]+$/, ''))) words.pop();
  // Cut to its first words, a title may end on a phrase that points into the session ("…in the same way").
  const joined = withoutPointers(words.join(' ')).replace(/[.,;:!?\u2013\u2014-]+$/, '');
  return capitalise(joined);
}

/**
 * Where a clause of a long title ends: a comma, a colon, a dash, a word that joins two clauses, or a second sentence
 * typed without a full stop that the person opens with "I" ("…migrate to cobra I was actually assuming…"), unless
 * the word before it needs what follows ("before I push").
 */
function clauseEnds(title: string): number[] {
  const joints = [
    ...title.matchAll(/[,;:](?=\s)|\s[\u2013\u2014-]\s|\s(?:and|but|which|so|then|where|while|et|und|y|mais|aber|pero)\s/g),
  ].map((m) => m.index);
  const runTogether = [...title.matchAll(/(?<=\b([a-z][\w'-]*))\s(?=I\s)/g)]
    .filter((m) => !DANGLING_WORD.test(m[1] ?? '') && !SUBORDINATOR.test(m[1] ?? ''))
    .map((m) => m.index);
  return [...joints, ...runTogether].sort((a, b) => a - b);
}

/** Words that open a clause whose subject follows them ("since I moved", "once I push"), besides the dangling ones. */
const SUBORDINATOR =
  /^(?:since|once|while|whenever|wherever|where|though|although|unless|until|cause|cuz|say|says|said|think|thought|know|guess)$/i;

/**
 * The first thought of a title, and whether it was cut to it: the thought before an ellipsis that
 * runs on into another ("…seeing this happen...but I also moved…"; a qualifier after it, "… unless
 * it's your own branch", is part of the thought), without the reason given for it.
 */
function firstThought(title: string): [string, boolean] {
  const beforeEllipsis =
    /^(.+?\S)\s*(?:\.{3}|…)\s*(?!(?:unless|except|not|only|if|when|until|as long as|or|because|so|without)\b)(?=\p{L})/iu.exec(title)?.[1];
  const thought = beforeEllipsis !== undefined && beforeEllipsis.split(' ').length >= 3 ? beforeEllipsis : title;
  const reason = reasonStart(thought);
  return reason > 8 ? [thought.slice(0, reason), true] : [thought, thought !== title];
}

/** Where a "because…" clause starts in a text, or -1. */
function reasonStart(text: string): number {
  const match =
    /(?:,\s*|\s+[\u2013\u2014-]\s+|\s+)(?:because|since\s+(?!\d)|so that|given that|otherwise|weil|denn|damit|parce qu|puisque|pour que|porque|ya que|para que|(?<=,\s*)as\s+(?=(?:it|its|they|their|we|our|this|that|the|there)\b))/i.exec(
      text,
    );
  return match ? match.index : -1;
}
