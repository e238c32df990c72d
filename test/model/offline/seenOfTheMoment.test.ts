import { describe, expect, it } from 'vitest';
import { reportsWhatIsSeenNow } from '../../../src/model/offline/seenOfTheMoment.js';
import { isExpectedAfterSymptom } from '../../../src/model/offline/expectedAfterSymptom.js';
import { keptAfterAWorkTurn } from '../../support/keptAfterAWorkTurn.js';

// What the person sees of the moment, said as a change or as how it seems now, is a symptom, not a lasting fact
// (decision 143). Example sentences written for these tests.

describe('what the person sees of the moment is no lasting fact', () => {
  it.each([
    "I don't see the toolbar anymore at all.",
    "I can't see the debug panel any more.",
    'I no longer see the breadcrumbs on the settings page.',
    "I don't get any coverage report anymore.",
    "I didn't notice the loading spinner anymore after the refactor.",
    "I can't find the download link anymore.",
    "We don't see the tooltips anymore since the upgrade.",
    'It seems to not pick up the dark palette.',
    "The header doesn't seem to honour the spacing token.",
    'The watcher seems not to reload the routes.',
    'Seems like the installer is now broken.',
  ])('%s', (sentence) => {
    expect(reportsWhatIsSeenNow(sentence)).toBe(true);
    expect(keptAfterAWorkTurn(sentence)).toEqual([]);
  });

  it.each([
    "We don't use Heroku anymore.",
    "I don't use the shared dev database anymore.",
    'We no longer release on Mondays.',
    "We don't publish the SDK to PyPI anymore, it's conda only.",
    "We don't get paged for the cron jobs anymore, the platform team owns them.",
    "We can't find Fortran developers anymore, so new modules are in C++.",
    "We don't host the storybook on Vercel anymore.",
    'We no longer support Node 18.',
  ])('a lasting fact of the same shape stays kept: %s', (sentence) => {
    expect(reportsWhatIsSeenNow(sentence)).toBe(false);
    expect(keptAfterAWorkTurn(sentence)).not.toEqual([]);
  });
});

describe('what a thing should do, said right after such a symptom, is the fix at hand', () => {
  it('drops the "should" of a thing after the symptom', () => {
    const previous = 'It seems to not pick up the dark palette.';
    expect(isExpectedAfterSymptom(previous, 'The last tab should use the accent colour so that it is always visible.')).toBe(true);
    expect(
      keptAfterAWorkTurn(`${previous} The last tab should use the accent colour so that it is always visible. Can you fix it?`),
    ).toEqual([]);
  });

  it('keeps a rule of the team said after it, and a "should" with no symptom before', () => {
    const previous = 'It seems to not pick up the dark palette.';
    expect(isExpectedAfterSymptom(previous, 'We should always run the theme tests before a release.')).toBe(false);
    expect(isExpectedAfterSymptom(previous, 'From now on the palette file should be the only place colours are defined.')).toBe(false);
    expect(isExpectedAfterSymptom('The palette file is in src/theme.', 'Colour tokens should always live in that file.')).toBe(false);
  });
});
