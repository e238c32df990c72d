import { MemlogError } from '../../errors.js';

/** A day as given, once checked to be on the calendar; or why it is not one. */
export type ParsedDay = { readonly ok: true; readonly day: string } | { readonly ok: false; readonly reason: string };

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The days of a month of a year (1-based month): the day before the first of the next. */
const daysIn = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * A day written YYYY-MM-DD, only when it is on the calendar: `Date.parse` reads 2026-02-30 as
 * March 2nd, so a bound the person mistyped would silently move.
 */
export function parseDay(value: string): ParsedDay {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match === null) return { ok: false, reason: 'expected a day as YYYY-MM-DD' };
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const name = MONTHS[month - 1];
  if (name === undefined) return { ok: false, reason: `no such month: ${match[2]}` };
  const days = daysIn(year, month);
  if (day < 1 || day > days) return { ok: false, reason: `no such day: ${name} ${year} has ${days} days` };
  return { ok: true, day: value };
}

const invalid = (name: string, value: string, reason: string): MemlogError =>
  new MemlogError('invalid_argument', `${name} ${JSON.stringify(value)}: ${reason}`);

/**
 * A date bound as given: a day (YYYY-MM-DD), kept as written, or any ISO time, as UTC. Either is
 * refused when its day is not on the calendar.
 */
export function dateBound(value: string, name: string): string {
  const datePart = /^\d{4}-\d{2}-\d{2}(?=$|T)/.exec(value)?.[0];
  if (datePart === undefined) throw invalid(name, value, 'expected a day (2026-03-04) or an ISO time (2026-03-04T10:00:00Z)');
  const day = parseDay(datePart);
  if (!day.ok) throw invalid(name, value, day.reason);
  if (datePart === value) return value;
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw invalid(name, value, 'expected a day (2026-03-04) or an ISO time (2026-03-04T10:00:00Z)');
  return new Date(time).toISOString();
}
