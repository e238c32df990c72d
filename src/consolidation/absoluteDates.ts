import * as chrono from 'chrono-node';

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

/** The relative dates of `text` that name one date, not a recurring day. */
function datedPhrases(text: string, saidAt: Date): RelativePhrase[] {
  return relativePhrases(text, saidAt).filter((phrase) => !RECURRING_BEFORE.test(text.slice(0, phrase.index)));
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
  'during',
  'as',
]);

/**
 * Replaces every relative date in `text` ("tomorrow", "next Monday", "two weeks ago", "last
 * month") with the absolute date it meant when it was said at `saidAt`, in UTC, with "on" or
 * "in" in front where the sentence needs one ("We ship on 2026-03-09"). Absolute dates, times
 * of day alone and "now" are left as they are. Deterministic: the same text and moment give
 * the same result on any machine.
 */
export function absoluteDates(text: string, saidAt: Date): AbsoluteDates {
  const phrases = datedPhrases(text, saidAt);
  if (phrases.length === 0) return { text, rewrites: [] };
  const rewrites: DateRewrite[] = [];
  let out = '';
  let from = 0;
  for (const phrase of phrases) {
    const { form, preposition } = absoluteForm(phrase.result);
    const before = text.slice(from, phrase.index);
    const previousWord = /(\S+)\s*$/
      .exec(before)?.[1]
      ?.toLowerCase()
      .replace(/[^a-z]/g, '');
    const sentenceStart = /(^|[.!?]\s+)$/.test(text.slice(0, phrase.index));
    const lead =
      previousWord !== undefined && PREPOSITIONS.has(previousWord)
        ? ''
        : `${sentenceStart ? preposition.charAt(0).toUpperCase() + preposition.slice(1) : preposition} `;
    const absolute = lead + form;
    out += before + absolute;
    from = phrase.index + phrase.text.length;
    rewrites.push({ phrase: phrase.text, absolute });
  }
  return { text: out + text.slice(from), rewrites };
}

/** Whether any relative date is left in `text` (what consolidation guarantees there is not). */
export function hasRelativeDate(text: string, saidAt: Date): boolean {
  return datedPhrases(text, saidAt).length > 0;
}
