import { DANGLING_WORD } from '../../memory/durable/cutOnWords.js';
import { withoutMachinePaths } from '../../memory/durable/machinePaths.js';
import { splitSentences } from './conversationFacts.js';
import { AGREEMENTS, ASIDE_MARKERS, GREETINGS, HESITATIONS, oneOf } from './openerWords.js';
import { withoutOpeners, withoutSuggestion } from './titleLead.js';

/** A description is one line of at most this many characters (decision 68). */
export const DESCRIPTION_CHARS = 150;

/**
 * A sentence that only opens what follows, or is a tool's line pasted in: it says nothing of what
 * the memory is ("I realized something.", "One more thing:", "Used 2 tools").
 */
const FILLER = new RegExp(
  [
    String.raw`^(?:${oneOf(GREETINGS, AGREEMENTS, HESITATIONS, ['ok(?:ay)?', 'so', 'well', 'great', 'cool', 'nice', 'perfect', 'right', 'got it', 'thanks?(?: you)?', 'sounds good', 'makes sense'])}\b[\s,.!]*`,
    String.raw`(?:i|we)\s+(?:just\s+)?(?:realized|realised|noticed|think|guess|wonder|see|found|learned)\s+(?:something|one thing|this|that)`,
    String.raw`(?:one|another|quick|small)\s+(?:more\s+)?(?:thing|note|question|point)`,
    String.raw`here(?:'s| is)\s+(?:the thing|what|my)\b.*`,
    String.raw`${oneOf(ASIDE_MARKERS)}|used \d+ tools?|ran \d+ commands?|read \d+ files?)[.!:…]*$`,
  ].join('|'),
  'i',
);

/** A tool's line pasted before what the person says, on the same line once flattened ("Used 2 tools Always run…"). */
const TOOL_LINE = /^(?:used \d+ tools?|ran \d+ commands?|read \d+ files?)\b[\s.:]*(?=\S)/i;

/**
 * A phrase at a sentence's end that points into the session ("for these test cases", "same as the above", "like this
 * one", "as before", "like here", "in the same way"): read in a later session it names nothing (decision 68). "In this repo" names the project, and stays.
 */
const POINTER_PHRASE =
  /,?\s+(?:(?:for|in|on|with|to|of|from|about|across|like)\s+(?:these|those)(?:\s+[\p{L}\p{N}-]+){0,3}|(?:(?:just\s+)?like|as|as in|(?:the\s+)?same as)\s+(?:the\s+)?(?:above|ones? above|this one|that one|these ones|those ones|before|earlier|here)|(?:in\s+)?the\s+same\s+way)(?=[.!?]*$)/iu;

/**
 * A word that makes a sentence a rule with a bound (decision 68, amended): what the pointing phrase
 * names is then the rule's scope or its way, and without it "Never write the tests the same way"
 * would read "Never write the tests".
 */
const RULE_WORD = /\b(?:always|never|only|stop|not|no|nor|cannot|\w+n['\u2019]?t|except|unless|avoid)\b/iu;

/**
 * A sentence without the phrase at its end that points into the session, when enough is left to
 * say something and what is left holds no rule word (else dropping the phrase widens or reverses it).
 */
export function withoutPointers(sentence: string): string {
  const match = POINTER_PHRASE.exec(sentence);
  if (match === null) return sentence;
  const kept = sentence.slice(0, match.index);
  if (kept.trim().split(/\s+/).length < 3 || RULE_WORD.test(kept)) return sentence;
  return `${kept}${sentence.slice(match.index + match[0].length)}`;
}

/** A sentence that ends on a colon introduces what follows and names nothing itself. */
const isFiller = (sentence: string): boolean => FILLER.test(sentence.trim()) || /:\s*$/.test(sentence);

/** The longest start of `text` within `max` characters that ends on a whole word, punctuation after it dropped. */
function cutOnWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max + 1);
  // A clause boundary reads better than any space, when it keeps most of the line.
  const clause = Math.max(room.lastIndexOf(', '), room.lastIndexOf('; '), room.lastIndexOf(' — '), room.lastIndexOf(' - '));
  const space = room.lastIndexOf(' ');
  const end = clause >= max * 0.6 ? clause : space > 0 ? space : max;
  return endOnThought(text.slice(0, end));
}

/**
 * A cut line that ends mid-thought, made to end on one (decision 68): an aside left open ("… (before
 * that every") goes, and so do the words that need the one after them ("… done with a").
 */
function endOnThought(cut: string): string {
  const open = cut.lastIndexOf('(');
  let line = open > DESCRIPTION_CHARS * 0.3 && !cut.includes(')', open) ? cut.slice(0, open) : cut;
  line = line.replace(TRAILING_PUNCTUATION, '').trim();
  for (let words = line.split(' '); words.length > 3 && DANGLING_WORD.test(words.at(-1) ?? ''); words = line.split(' '))
    line = words.slice(0, -1).join(' ').replace(TRAILING_PUNCTUATION, '');
  return line;
}

const TRAILING_PUNCTUATION = /[\s,;:\u2013\u2014-]+$/u;

/**
 * A memory's description (decision 68): one line of at most 150 characters saying what the memory
 * is, its statement's sentences without those that only open it and without the words its first opens with (decision
 * 120), as many whole sentences as fit, else the first cut on a whole word (no ellipsis: it ends on a word).
 */
export function memoryDescription(text: string): string {
  // Split before flattening: a line break ends a pasted tool line ("Used 2 tools") as a full stop would.
  // A path of the author's machine is described by the file it names (decision 120, amended 2026-12-07).
  const sentences = splitSentences(withoutMachinePaths(text))
    .map((s) => withoutPointers(s.replace(/\s+/g, ' ').trim().replace(TOOL_LINE, '')))
    .filter(Boolean);
  const said = sentences.filter((s) => !isFiller(s));
  // It opens on what the memory says, as its title does: without "Hey --", "I think", "If not," (decision 120).
  const chosen = (said.length > 0 ? said : sentences).map((sentence, i) =>
    i === 0 ? withoutSuggestion(withoutOpeners(sentence)) : sentence,
  );
  let line = '';
  for (const sentence of chosen) {
    const next = line === '' ? sentence : `${line} ${sentence}`;
    if (next.length > DESCRIPTION_CHARS) break;
    line = next;
  }
  // A dash or a comma left at the end reads as cut off: it ends on the word before.
  return (line !== '' ? line : cutOnWord(chosen[0] ?? '', DESCRIPTION_CHARS)).replace(/[\s,;:\u2013\u2014-]+$/u, '');
}

/**
 * What a statement is described by: its title, unless the title is a question (a choice's "GitHub
 * App: Which authentication method…?"): then what the statement says was chosen (decision 68).
 */
export function statementDescription(statement: { readonly title?: string; readonly text: string }): string {
  const { title, text } = statement;
  return memoryDescription(title === undefined || title.trim().endsWith('?') ? text : title);
}
