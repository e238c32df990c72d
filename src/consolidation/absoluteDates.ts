// The English parser alone: the package's root is the same English casual parser plus fifteen other
// locales, each built when imported, which every command that consolidates paid for at start (decision 118).
import * as chrono from 'chrono-node/en';

/** A relative date found in a text, and the absolute form it was replaced with. */
export interface DateRewrite {
  readonly phrase: string;
  readonly absolute: string;
}

export interface AbsoluteDates {
  readonly text: string;
  readonly rewrites: readonly DateRewrite[];
}

/** Said as a weekday ("next Monday", "this Friday"): the day is worked out, not stated. */
const isWeekdayReference = (result: chrono.ParsedResult): boolean => result.start.isCertain('weekday') && !result.start.isCertain('day');

/**
 * Whether chrono read the phrase relative to the moment it was said. "now" is not a date: it says
 * the statement is current, which the memory's timestamp already records.
 */
function isRelative(result: chrono.ParsedResult): boolean {
  const tags = result.tags();
  if (tags.has('casualReference/now')) return false;
  if (tags.has('result/relativeDate')) return true;
  if ([...tags].some((tag) => tag.startsWith('casualReference/'))) return true;
  return isWeekdayReference(result);
}

const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

const parse = (text: string, saidAt: Date): chrono.ParsedResult[] => chrono.parse(text, { instant: saidAt, timezone: 'UTC' });

/** A time of day as it was said ("5pm", "9:30 am"), when the phrase gives one. */
function timeOfDay(result: chrono.ParsedResult): string {
  if (!result.start.isCertain('hour')) return '';
  const hour = result.start.get('hour') ?? 0;
  const minute = result.start.get('minute') ?? 0;
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return ` at ${twelve}${minute === 0 ? '' : `:${String(minute).padStart(2, '0')}`}${hour < 12 ? 'am' : 'pm'}`;
}

/** The absolute form, as precise as the phrase: a day, the week it starts, a month or a year. */
function absoluteForm(result: chrono.ParsedResult): { readonly form: string; readonly preposition: string } {
  const date = result.start.date();
  const unit = /\b(week|month|year)s?\b/i.exec(result.text)?.[1]?.toLowerCase();
  if (!/\bend of\b/i.test(result.text)) {
    if (unit === 'week') {
      const monday = new Date(date);
      monday.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
      return { form: `the week of ${isoDay(monday)}`, preposition: 'during' };
    }
    if (unit === 'month') return { form: isoDay(date).slice(0, 7), preposition: 'in' };
    if (unit === 'year') return { form: isoDay(date).slice(0, 4), preposition: 'in' };
  }
  return { form: isoDay(date) + timeOfDay(result), preposition: 'on' };
}

/** Words a relative date phrase can begin with; a match that begins with another word took too much. */
const DATE_WORDS =
  /^(this|next|last|past|coming|previous|following|in|within|ago|a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+|few|couple|today|tonight|tomorrow|yesterday|end|start|beginning|early|late|mid|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)$/i;

interface RelativePhrase {
  readonly index: number;
  readonly text: string;
  readonly result: chrono.ParsedResult;
}

/**
 * The relative dates in `text`. chrono may take words before a date into its match, or read a
 * range out of them ("lasts until next month"): a match that begins with a word no date begins
 * with is read again without that word, so only the date itself is replaced.
 */
function relativePhrases(text: string, saidAt: Date, offset = 0): RelativePhrase[] {
  return parse(text, saidAt)
    .filter(isRelative)
    .flatMap((result) => {
      const first = /^\S+/.exec(result.text)?.[0] ?? '';
      if (DATE_WORDS.test(first.replace(/\W/g, ''))) return [{ index: offset + result.index, text: result.text, result }];
      const skip = /^\S+\s+/.exec(result.text)?.[0].length;
      return skip === undefined ? [] : relativePhrases(result.text.slice(skip), saidAt, offset + result.index + skip);
    });
}

/** Words that make a day a recurring one ("every second Tuesday", "each Friday"): no one date is meant. */
const RECURRING_BEFORE = /\b(?:every|each|other|second|third|fourth|alternate|alternating)\s+$/i;

/** "last week" followed by "of" ("the last week of January"): the last of a named stretch, not the week before. */
const LAST_OF = /^(?:last|past|final)\s+(?:day|week|month|year)$/i;

const isLastOfAStretch = (text: string, phrase: RelativePhrase): boolean =>
  LAST_OF.test(phrase.text) && /^\s+of\b/i.test(text.slice(phrase.index + phrase.text.length));

/** "Last Tuesday of each month": a day in every month, not the Tuesday before. */
const RECURRING_AFTER = /^\s+of\s+(?:each|every)\b/i;

/**
 * A phrase that counts units back or on ("next two weeks", "last few days", "past 3 days", "the last 20mins" with the
 * unit typed against its number): a stretch of time, which one date would misstate (decision 41, amended).
 */
const COUNTED =
  /^(?:the\s+)?(?:next|last|past|coming|previous|following)\s+(?:\d+\s*|(?:a\s+few|few|several|a\s+couple(?:\s+of)?|couple(?:\s+of)?|two|three|four|five|six|seven|eight|nine|ten)\s+)[a-z]\w*/i;

/** A preposition that makes what follows a stretch ("for the next week", "over the past month", "within…"). */
const STRETCH_BEFORE = /(?:^|\s)(?:for|within|over|throughout)\s+(?:the\s+)?$/i;

/**
 * A count of units before or after a day or an event ("10 minutes before the smoke tests", "2 days before Friday", "a
 * week after the freeze"): a duration from that day or event, said of it and not of when it was said, so it stays as
 * said (decision 41, updated). The parser reads one with a day after it as a date, and one without as a time from now.
 */
const COUNT_BEFORE_OR_AFTER =
  /\b(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|a\s+few|few|several|a\s+couple(?:\s+of)?|couple(?:\s+of)?)\s+(?:second|minute|hour|day|night|week|fortnight|month|quarter|year)s?\s+(?:before|after)\b/i;

/** Whether the phrase names one date: not a recurring day, nor a stretch of time, nor a duration from an event. */
function namesOneDate(text: string, phrase: RelativePhrase): boolean {
  const before = text.slice(0, phrase.index);
  const after = text.slice(phrase.index + phrase.text.length);
  if (RECURRING_BEFORE.test(before) || RECURRING_AFTER.test(after) || isLastOfAStretch(text, phrase)) return false;
  if (COUNT_BEFORE_OR_AFTER.test(phrase.text)) return false;
  return !COUNTED.test(phrase.text) && !STRETCH_BEFORE.test(before);
}

/** The relative dates of `text` that name one date, not a recurring day nor a stretch of time. */
function datedPhrases(text: string, saidAt: Date): RelativePhrase[] {
  return relativePhrases(text, saidAt).filter((phrase) => namesOneDate(text, phrase));
}

/** Words after which the absolute date needs no preposition of its own. */
const PREPOSITIONS = new Set([
  'on',
  'during',
  'by',
  'until',
  'till',
  'before',
  'after',
  'since',
  'from',
  'in',
  'of',
  'to',
  'through',
  'as',
]);

/**
 * A preposition of time and an article before the phrase ("in the last week", "during the next
 * month"): the absolute form brings its own preposition, so the pair is replaced with it instead of
 * being kept in front of it ("in the during the week of…").
 */
const TIME_PREPOSITION_AND_ARTICLE = /(^|\s)(?:in|during|on|at)\s+the\s+$/i;

/** An article right before the phrase ("until the next month", "the last week was quiet"): the absolute form needs none. */
const ARTICLE = /(^|\s)(?:the|a|an)\s+$/i;

const capitalised = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

interface Replacement {
  /** Where the replaced text starts: the phrase, or a preposition and article before it. */
  readonly start: number;
  readonly absolute: string;
}

/**
 * The absolute form of `phrase` and what it replaces. A sentence that opens with the article
 * ("The last week was quiet") has the date as its subject: the form takes the article's place.
 */
function replacementFor(text: string, from: number, phrase: RelativePhrase): Replacement {
  const { form, preposition } = absoluteForm(phrase.result);
  const before = text.slice(from, phrase.index);
  const timePair = TIME_PREPOSITION_AND_ARTICLE.exec(before);
  const cut = timePair ?? ARTICLE.exec(before);
  const start = cut === null ? phrase.index : from + cut.index + (cut[1] ?? '').length;
  const sentenceStart = /(^|[.!?]\s+)$/.test(text.slice(0, start));
  const previousWord = /(\S+)\s*$/
    .exec(text.slice(from, start))?.[1]
    ?.toLowerCase()
    .replace(/[^a-z]/g, '');
  const needsNoLead =
    timePair === null && ((cut !== null && sentenceStart) || (previousWord !== undefined && PREPOSITIONS.has(previousWord)));
  const absolute = needsNoLead ? form : `${preposition} ${form}`;
  return { start, absolute: sentenceStart ? capitalised(absolute) : absolute };
}

/**
 * Replaces every relative date in `text` ("tomorrow", "next Monday", "two weeks ago", "last
 * month") with the absolute date it meant when it was said at `saidAt`, in UTC, with "on" or
 * "in" in front where the sentence needs one ("We ship on 2026-03-09"; "in the last week" becomes
 * "during the week of …", never "in the during …"). Absolute dates, times of day alone and "now"
 * are left as they are. Deterministic: the same text and moment give the same result on any
 * machine.
 */
export function absoluteDates(text: string, saidAt: Date): AbsoluteDates {
  const phrases = datedPhrases(text, saidAt);
  if (phrases.length === 0) return { text, rewrites: [] };
  const rewrites: DateRewrite[] = [];
  let out = '';
  let from = 0;
  for (const phrase of phrases) {
    const { start, absolute } = replacementFor(text, from, phrase);
    out += text.slice(from, start) + absolute;
    from = phrase.index + phrase.text.length;
    rewrites.push({ phrase: text.slice(start, from), absolute });
  }
  return { text: out + text.slice(from), rewrites };
}

/** Whether any relative date is left in `text` (what consolidation guarantees there is not). */
export function hasRelativeDate(text: string, saidAt: Date): boolean {
  return datedPhrases(text, saidAt).length > 0;
}
