import { describe, expect, it } from 'vitest';
import { keptAfterAWorkTurn } from '../../support/keptAfterAWorkTurn.js';

// The spec of the product being built, said in a rule's words, is the work at hand (decision 137). Sentences written for these tests.

describe('the spec of what is built now is not kept', () => {
  it.each([
    // the next step of a sequence
    'Next we need to award a bonus when the snake eats two apples in a row.',
    'Now we need to show the total under the cart.',
    'OK, then we should store the draft when the tab closes.',
    // one element of a screen and how it behaves
    'The Export button should be visible only when at least one row is selected.',
    'Checkout page should not redirect me to the login page on refresh.',
    'Invoice table content should be updated whenever a payment arrives.',
    'The settings modal should close after saving.',
    // an order for what the program shows on one of its screens
    'Open the billing page by default.',
    "Don't show the export button if there are fewer than 5 rows.",
    'Load the chart data whenever someone clicks on Reports.',
    // the program's event is no habit
    'Make the card flip every time someone clicks it.',
    'Update the header so that whenever the logo is clicked it goes back to the home page.',
    // a feature that copes with what comes later
    'Add lazy loading or something that handles a large number of images in future.',
    'Implement a cache which scales to more tenants in the future.',
    // one piece of code changed to use another identifier
    'Modify the handler to use is_admin instead of role.',
    'Change the query to use `created_at` instead of the id.',
    'Update this function to use parseConfig() instead of reading the file.',
  ])('%s', (said) => {
    expect(keptAfterAWorkTurn(said)).toEqual([]);
  });
});

describe('the same words said as how work goes, or of a kind, are kept', () => {
  it.each([
    'Next time, ask before you push.',
    'From now on we need to run the migrations before the seeds.',
    'All buttons should use the primary colour.',
    'The submit button should always be disabled while a request is in flight.',
    'Every page should load without JavaScript.',
    'Add tests for every new endpoint in future.',
    'Always use pnpm instead of npm.',
    'Always show me the diff before committing.',
    'Run the e2e suite every time the login page is changed.',
    'Never show the API key on the settings page.',
  ])('%s', (said) => {
    expect(keptAfterAWorkTurn(said)).not.toEqual([]);
  });
});

describe("the program's user going to another screen is no move of the project", () => {
  it('a load on the user switching tabs is the spec at hand', () => {
    expect(keptAfterAWorkTurn('Load the orders as soon as the user switched to the history tab.')).toEqual([]);
  });

  it("the project's own move is still kept, beside the user's navigation too", () => {
    expect(keptAfterAWorkTurn('We switched to Postgres last month.')).toEqual(['We switched to Postgres last month.']);
    const both = 'When the user moves to the next page we keep their cart, and we switched to Redis for the session store.';
    expect(keptAfterAWorkTurn(both).join(' ')).toContain('Redis');
  });
});

describe('praise for the step just done, then the next step, confirms no way of working', () => {
  it('the next step after "well done" is the work at hand', () => {
    expect(keptAfterAWorkTurn('Well done, now add the same filter to the orders page without touching anything else.')).toEqual([]);
    expect(keptAfterAWorkTurn('Great job! Next wire the form to the new endpoint.')).toEqual([]);
  });

  it('a confirmation with a word of habit, or of the approach itself, is kept', () => {
    expect(keptAfterAWorkTurn('Well done, now always do it this way for new routes.')).not.toEqual([]);
    expect(keptAfterAWorkTurn('Well done, that is exactly the right approach.')).not.toEqual([]);
  });
});
