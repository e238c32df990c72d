import { DANGLING_WORD } from '../../memory/durable/cutOnWords.js';
import { capitalise } from './capitalise.js';
import { withoutPointers } from './memoryDescription.js';

/** A memory's title: the index line's link text and what its file is named after (decision 68). */

/** The words a title starts with, made third person: a memory is read later, about the person. */
/** "have" → "has", "use" → "uses", "fix" → "fixes", "try" → "tries": the verb after "User". */
function thirdPerson(verb: string): string {
  if (/^have$/i.test(verb)) return 'has';
  if (/^(?:can|can't|will|won't|must|should|may|might)$/i.test(verb)) return verb;
  if (/(?:s|sh|ch|x|z|o)$/i.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/i.test(verb)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

type Replacement = string | ((match: string, ...groups: string[]) => string);

const PERSON: ReadonlyArray<readonly [RegExp, Replacement]> = [
  [/^(?:please\s+|just\s+|remember(?:\s+that)?\s+|note(?:\s+that)?\s+)+/i, ''],
  [/^I(?:'m| am)\s+/i, 'User is '],
  [/^I(?:'ve| have)\s+/i, 'User has '],
  [/^I(?:'d| would)\s+rather\s+/i, 'Rather '],
  [/^I\s+(?:really\s+)?prefer\s+/i, 'Prefer '],
  [/^I\s+(?:don't|do not)\b/i, "User doesn't"],
  [
    /^I\s+(only|never|always|usually|mostly|rarely)\s+(\w+)\b/i,
    (_: string, adverb: string, verb: string) => `User ${adverb} ${thirdPerson(verb)}`,
  ],
  [/^I\s+(can't|cannot)\b/i, 'User $1'],
  [/^I\s+(know|work|use|lead|manage|maintain|own|come)\b/i, 'User $1s'],
  [/^My\s+/i, "User's "],
  [/^We(?:'ve| have)\s+/i, ''],
  [/^We(?:'re| are)\s+(?=\w+ing\b)/i, ''],
  [
    /^We\s+(?=(?:no longer|decided|agreed|chose|moved|migrated|switched|went|picked|settled|stopped|dropped|replaced|will|always|never|don't|do not)\b)/i,
    '',
  ],
];

/** A reply's opening words up to a colon, when they are only an opening. */
const LEAD_IN =
  /^(?:yes|yep|yeah|exactly|perfect|great|good|nice|right|ok|okay|oh|also|fyi|btw|heads up|quick context|context|background|note|correction|update)\b[^:.]{0,30}:\s+(?=\S)/i;

/** A condition or a source a statement opens with, before its main clause. */
const LEADING_CLAUSE =
  /^(?:if|when|whenever|once|before|after|per|according to|as of|since|quand|lorsque|si|wenn|sobald|cuando|seit|depuis|desde)\b[^,]{2,80},\s*(.+)$/i;

const MAX_TITLE_WORDS = 12;

/**
 * A short title that names the rule or fact: the statement without its reason and lead-in, in the
 * third person, cut at a clause boundary when long (never in the middle of a phrase).
 */
export function titleOf(text: string): string {
  let title = text
    // A link is named by its host in a title; the body keeps it whole.
    .replace(/https?:\/\/([^/\s]+)\S*?(?=[,;.!?]?(?:\s|$))/g, '$1')
    .replace(/[`*[\]()"]|#(?![\w-])/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  // What opens a reply before a colon ("Yes, exactly like that:", "Quick context:") names nothing.
  title = title.replace(LEAD_IN, '');
  // The first sentence names it; what a memory says after it is for its body.
  title = withoutPointers(/^(.+?[.!?])\s+(?=\p{Lu})/u.exec(title)?.[1] ?? title);
  // Only a title cut short can end on a word that needs the next: "Don't format dates as before" is whole.
  let cut: boolean;
  [title, cut] = firstThought(title);
  const saidOfUsers = /^User\b/.test(title);
  for (const [pattern, replacement] of PERSON)
    title = typeof replacement === 'string' ? title.replace(pattern, replacement) : title.replace(pattern, replacement);
  // Only a title the person spoke of themselves in: "User data must never be logged, I told you…" is about data.
  if (!saidOfUsers && /^User\b/.test(title)) title = aboutThePerson(title);
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
    const ends = [
      ...title.matchAll(/[,;:](?=\s)|\s[\u2013\u2014-]\s|\s(?:and|but|which|so|then|where|while|et|und|y|mais|aber|pero)\s/g),
    ].map((m) => m.index);
    const fitting = ends
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

/** The person's own words for themselves, in a title that says "User…": read later, they are about them (decision 68). */
const SELF: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bI(?:'m| am)\b/g, "they're"],
  [/\bI was\b/g, 'they were'],
  [/\bI(?='(?:ve|d|ll)\b)/g, 'they'],
  [/\bI\b(?![/'])/g, 'they'],
  [/\bmyself\b/gi, 'themselves'],
  [/\bmine\b/gi, 'theirs'],
  [/\bmy\b/gi, 'their'],
  [/\bme\b/gi, 'them'],
];

function aboutThePerson(title: string): string {
  return SELF.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), title);
}

/** Where a "because…" clause starts in a text, or -1. */
function reasonStart(text: string): number {
  const match =
    /(?:,\s*|\s+[\u2013\u2014-]\s+|\s+)(?:because|since\s+(?!\d)|so that|given that|otherwise|weil|denn|damit|parce qu|puisque|pour que|porque|ya que|para que|(?<=,\s*)as\s+(?=(?:it|its|they|their|we|our|this|that|the|there)\b))/i.exec(
      text,
    );
  return match ? match.index : -1;
}
