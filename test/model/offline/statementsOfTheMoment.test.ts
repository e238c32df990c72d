import { describe, expect, it } from 'vitest';
import { reportsSymptom } from '../../../src/model/offline/symptomOfTheMoment.js';
import { tellsActionJustDone } from '../../../src/model/offline/actionJustTold.js';
import { isLinkWorkedOn } from '../../../src/model/offline/linkWorkedOn.js';
import { keptAfterAWorkTurn, keptAlone } from '../../support/keptAfterAWorkTurn.js';

// A symptom reported of now, an action just done told to the assistant and a link a request works on are statements of
// the moment, no correction, fact or reference (decision 136). Example sentences written for these tests.

describe('a symptom reported as a correction is a status', () => {
  it('a failure to show, happen or pass, after a "no" or said of now', () => {
    expect(keptAfterAWorkTurn("No, the upload progress bar doesn't appear.")).toEqual([]);
    expect(keptAfterAWorkTurn('No no, no notifications are showing up')).toEqual([]);
    expect(keptAfterAWorkTurn('No, the integration tests still fail.')).toEqual([]);
    expect(keptAfterAWorkTurn("Nope, the chart still isn't loading.")).toEqual([]);
  });

  it('a correction that says how to work stays a correction', () => {
    expect(keptAfterAWorkTurn('No, use pnpm for installs.')).toEqual(['Use pnpm for installs.']);
    expect(keptAfterAWorkTurn("No, don't mock the database.")).toEqual(["Don't mock the database."]);
    expect(keptAfterAWorkTurn("No, the CI doesn't run on forks.")).toEqual(["The CI doesn't run on forks."]);
  });

  it('the same words with a lasting word are no symptom', () => {
    expect(reportsSymptom('The error banner never shows on mobile, by design.')).toBe(false);
    expect(reportsSymptom("We don't run the load tests on pull requests.")).toBe(false);
    expect(reportsSymptom('Nothing happens when I click the export button.')).toBe(true);
  });
});

describe('an action just done, told to the assistant, is the moment', () => {
  it('said of "it" or "them", or followed by a check', () => {
    expect(keptAfterAWorkTurn('I moved it to vendor/payments. Can you see it now?')).toEqual([]);
    expect(keptAfterAWorkTurn('I moved the payments module to vendor/payments. Try again.')).toEqual([]);
    expect(keptAfterAWorkTurn('I moved the assets to static/img, do you have access now')).toEqual([]);
    expect(keptAfterAWorkTurn('We moved the config to config/app.yaml. Does it build now?')).toEqual([]);
    expect(tellsActionJustDone('I put them in public/fonts.')).toBe(true);
  });

  it('a fact or a habit of the same shape stays kept', () => {
    expect(keptAfterAWorkTurn('We moved the docs to docs/site last year.')).toEqual(['We moved the docs to docs/site last year.']);
    expect(keptAfterAWorkTurn('I keep the fixtures in test/data.')).toEqual(['I keep the fixtures in test/data.']);
    expect(tellsActionJustDone('I moved it to the shared drive for good.')).toBe(false);
  });
});

describe('a link a request works on is no reference', () => {
  it('a polite request, whatever spelling its "you" has, with the link as its material', () => {
    expect(keptAlone('Could yu help port this library into our renderer: https://github.com/example/shader-lib')).toEqual([]);
    expect(keptAlone('Are you able to clone the repo and port the code: https://github.com/example/tool.')).toEqual([]);
    expect(isLinkWorkedOn('Help me compare our parser with https://github.com/example/parser')).toBe(true);
  });

  it('a pointer said as where things are, or a link kept as a setting, stays', () => {
    expect(keptAlone('The designs are in https://figma.com/file/abc.')).toEqual(['The designs are in https://figma.com/file/abc.']);
    expect(keptAlone('Our staging dashboard is at https://staging.example.com.')).toEqual([
      'Our staging dashboard is at https://staging.example.com.',
    ]);
    expect(keptAlone('See https://api.example.com/docs for the API docs.')).toEqual(['See https://api.example.com/docs for the API docs.']);
    expect(isLinkWorkedOn('Please use https://registry.example.com as the npm registry.')).toBe(false);
  });
});
