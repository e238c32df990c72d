import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateBound, parseDay } from '../../../src/transcript/time/index.js';
import { fcRuns } from '../../support/fcRuns.js';

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** Whether the day is on the calendar: the UTC date made from it gives back the same year, month and day. */
function onCalendar(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const dayParts = fc.record({
  year: fc.integer({ min: 1970, max: 2400 }),
  month: fc.integer({ min: 0, max: 14 }),
  day: fc.integer({ min: 0, max: 33 }),
});

describe('one day parser for every --since / --until', () => {
  it('a YYYY-MM-DD is a day exactly when it is on the calendar', () => {
    fc.assert(
      fc.property(dayParts, ({ year, month, day }) => {
        const text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
        const parsed = parseDay(text);
        expect(parsed.ok).toBe(onCalendar(year, month, day));
        if (parsed.ok) expect(parsed.day).toBe(text);
      }),
      { numRuns: fcRuns },
    );
  });

  it('an impossible day says why; a leap day is a day only in a leap year', () => {
    expect(parseDay('2026-02-30')).toEqual({ ok: false, reason: 'no such day: February 2026 has 28 days' });
    expect(parseDay('2026-02-29')).toEqual({ ok: false, reason: 'no such day: February 2026 has 28 days' });
    expect(parseDay('2028-02-29')).toEqual({ ok: true, day: '2028-02-29' });
    expect(parseDay('2026-04-31')).toEqual({ ok: false, reason: 'no such day: April 2026 has 30 days' });
    expect(parseDay('2026-13-01')).toEqual({ ok: false, reason: 'no such month: 13' });
    expect(parseDay('2026-1-01')).toEqual({ ok: false, reason: 'expected a day as YYYY-MM-DD' });
  });

  it('a search bound takes a day or an ISO time, both only on the calendar', () => {
    expect(dateBound('2026-03-04', 'since')).toBe('2026-03-04');
    expect(dateBound('2026-03-04T10:00:00+02:00', 'since')).toBe('2026-03-04T08:00:00.000Z');
    expect(() => dateBound('2026-02-30', '--since')).toThrow('--since "2026-02-30": no such day: February 2026 has 28 days');
    expect(() => dateBound('2026-02-30T10:00:00Z', 'since')).toThrow(
      'since "2026-02-30T10:00:00Z": no such day: February 2026 has 28 days',
    );
    expect(() => dateBound('last week', 'since')).toThrow(
      'since "last week": expected a day (2026-03-04) or an ISO time (2026-03-04T10:00:00Z)',
    );
  });
});
