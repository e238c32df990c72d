import { describe, expect, it } from 'vitest';
import { absoluteDates, hasRelativeDate } from '../../src/consolidation/absoluteDates.js';

// A Wednesday, so that weekday phrases land on known days.
const saidAt = new Date('2026-03-04T10:00:00Z');
const rewrite = (text: string) => absoluteDates(text, saidAt).text;

describe('absoluteDates', () => {
  it('turns day references into the day they meant, with "on" where the sentence needs it', () => {
    expect(rewrite('We ship next Monday.')).toBe('We ship on 2026-03-09.');
    expect(rewrite('yesterday the build broke')).toBe('On 2026-03-03 the build broke');
    expect(rewrite('the report is due in 3 days')).toBe('the report is due on 2026-03-07');
    expect(rewrite('meeting this Friday')).toBe('meeting on 2026-03-06');
  });

  it('keeps a time of day that was said with the day', () => {
    expect(rewrite('deploy tomorrow at 5pm')).toBe('deploy on 2026-03-05 at 5pm');
  });

  it('is as precise as the phrase: a week, a month, a year', () => {
    expect(rewrite('the outage was last week')).toBe('the outage was during the week of 2026-02-23');
    expect(rewrite('two weeks ago we moved the API')).toBe('During the week of 2026-02-16 we moved the API');
    expect(rewrite('we migrated last year')).toBe('we migrated in 2025');
    expect(rewrite('by end of next month')).toBe('by 2026-04-30');
  });

  it('replaces only the date when the parser takes more words into its match', () => {
    expect(rewrite('Freeze starts next week and lasts until next month')).toBe(
      'Freeze starts during the week of 2026-03-09 and lasts until 2026-04',
    );
  });

  it('leaves absolute dates, times alone and "now" as they are', () => {
    for (const text of ['It was fixed on 2026-02-01', 'released March 3', 'now we use pnpm', 'the 5 pm standup', 'no dates here at all']) {
      expect(absoluteDates(text, saidAt)).toEqual({ text, rewrites: [] });
    }
  });

  it('leaves a time counted before or after an event alone: a duration, not a date', () => {
    for (const text of [
      'We must wait 10 minutes before the smoke tests.',
      'Deploys start 2 hours after the freeze.',
      'Tag the release 3 days before the launch.',
    ]) {
      expect(absoluteDates(text, saidAt)).toEqual({ text, rewrites: [] });
    }
    expect(rewrite('the build broke 10 minutes ago')).not.toBe('the build broke 10 minutes ago');
  });

  it('leaves a count of units before or after a day alone: a duration from that day, not a date (decision 41, updated)', () => {
    for (const text of [
      'Tag the release 2 days before Friday.',
      'Publish the notes two days after Friday.',
      'Review the changelog a week before next Monday.',
      'Freeze the branch 3 hours after Monday noon.',
    ]) {
      expect(absoluteDates(text, saidAt)).toEqual({ text, rewrites: [] });
      expect(hasRelativeDate(text, saidAt)).toBe(false);
    }
    expect(rewrite('We ship on Friday')).not.toBe('We ship on Friday');
    expect(rewrite('We ship 2 days from now')).not.toBe('We ship 2 days from now');
  });

  it('leaves a recurring day alone: it names no one date', () => {
    for (const text of ['The train leaves every second Tuesday at noon', 'standup moves to each Friday', 'we deploy every Monday']) {
      expect(absoluteDates(text, saidAt)).toEqual({ text, rewrites: [] });
      expect(hasRelativeDate(text, saidAt)).toBe(false);
    }
    expect(rewrite('every Monday, and next Monday too')).toBe('every Monday, and on 2026-03-09 too');
  });

  it('replaces a preposition and article before the phrase with its own lead, never stacking two', () => {
    expect(rewrite('moved to persistent worktrees in the last week')).toBe('moved to persistent worktrees during the week of 2026-02-23');
    expect(rewrite('we ship in the next month')).toBe('we ship in 2026-04');
    expect(rewrite('In the last week we moved.')).toBe('During the week of 2026-02-23 we moved.');
    expect(rewrite('the flag went in on the next day')).toBe('the flag went in on 2026-03-05');
  });

  it('keeps a preposition that needs no lead and drops the article between', () => {
    expect(rewrite('the freeze lasts until the next month')).toBe('the freeze lasts until 2026-04');
    expect(rewrite('the report is due by the end of next month')).toBe('the report is due by 2026-04-30');
    expect(rewrite('a summary of the last week')).toBe('a summary of the week of 2026-02-23');
    expect(rewrite('The last week was quiet.')).toBe('The week of 2026-02-23 was quiet.');
  });

  it('leaves "the last week of January" alone: the last of a named stretch, not the week before', () => {
    for (const text of ['the move to persistent worktrees in the last week of January', 'we froze the last day of the sprint']) {
      expect(absoluteDates(text, saidAt)).toEqual({ text, rewrites: [] });
    }
  });

  it('leaves a stretch of time as said: one date would read as a plausible wrong fact (decision 41, amended)', () => {
    for (const text of [
      'For the next two weeks, review all PRs twice.',
      'Within the next 3 days ship the fix.',
      'Over the last few days the CI got slow.',
      'it broke over the past week',
      'we ship within the next week',
      'Throughout the next month, freeze the schema.',
      'The last 3 days were slow.',
      'read over the last 20mins of the session log',
      'the past 2hrs of the deploy went fine',
      'Last Tuesday of each month is release day.',
      'the last Friday of every quarter we plan',
    ]) {
      expect(absoluteDates(text, saidAt)).toEqual({ text, rewrites: [] });
      expect(hasRelativeDate(text, saidAt)).toBe(false);
    }
    // A count of units from now names one day: "in 3 days" is a date.
    expect(rewrite('We ship in 3 days.')).toBe('We ship on 2026-03-07.');
  });

  it('says what it replaced', () => {
    expect(absoluteDates('We ship next Monday.', saidAt).rewrites).toEqual([{ phrase: 'next Monday', absolute: 'on 2026-03-09' }]);
  });

  it('depends on when the statement was made, not on when it is read', () => {
    expect(absoluteDates('We ship tomorrow', new Date('2025-12-31T23:00:00Z')).text).toBe('We ship on 2026-01-01');
  });

  it('leaves no relative date behind', () => {
    for (const text of ['We ship next Monday.', 'two weeks ago we moved', 'Freeze starts next week and lasts until next month']) {
      expect(hasRelativeDate(text, saidAt)).toBe(true);
      expect(hasRelativeDate(rewrite(text), saidAt)).toBe(false);
    }
  });
});
