import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { isProjectNature } from '../../../src/model/offline/projectNature.js';
import { keptAlone, user } from '../../support/keptAfterAWorkTurn.js';

// What the project is and what it stands on, said as context for a request (decision 133). Example sentences written for
// these tests.

describe('what the project is, given as context, is kept', () => {
  it('a kind of product, after "for context" or said plainly, and alone', () => {
    expect(keptAlone('I have a problem with my Tyre.cs file. For context this is a physics based 2D top down racing simulation.')).toEqual([
      'About the project: This is a physics based 2D top down racing simulation.',
    ]);
    expect(keptAlone('For context: the app is an internal dashboard used by our support team. Please add a filter to the table.')).toEqual([
      'The app is an internal dashboard used by our support team.',
    ]);
    expect(keptAlone('Our site is a marketplace for second-hand bikes.')).toEqual(['Our site is a marketplace for second-hand bikes.']);
    expect(keptAlone('This is the Next.js frontend (App Router, TypeScript) for the harbour bike rental system.')).not.toEqual([]);
  });

  it('a brief whose style rules name utility classes is read, not dropped as a key', () => {
    const brief =
      'Core stack:\n- Next.js with Tailwind\n\nImportant: when editing layout:\n- NEVER modify logic or queries unless asked\n- Status colours: bg-green-100/text-green-800 for online';
    expect(keptAlone(brief).join('\n')).toContain('NEVER modify logic or queries unless asked');
  });

  it('a service the product hands a job to, said plainly or before a request', () => {
    expect(keptAlone("We're using Supabase for auth, can you add the login page?")).toEqual(["We're using Supabase for auth."]);
    expect(keptAlone('We use Stripe for payments.')).toEqual(['We use Stripe for payments.']);
  });

  it('a tool the person wants the project built with, by its name', () => {
    expect(keptAlone('I want to use FastAPI for the backend, can you scaffold the first endpoint?')).not.toEqual([]);
    expect(keptAlone("I'd like to use Tailwind for styling.")).not.toEqual([]);
  });

  it('"never mind" withdraws, it is no "never"', () => {
    const [statement] = findMemoryStatements([user("Actually never mind, let's stick with bash.")]);
    expect(statement?.type).toBe('project');
    expect(statement?.text).not.toMatch(/never/i);
  });
});

describe('look-alikes are not kept', () => {
  it('a trouble, a part of the code, a judgement, a piece of work', () => {
    expect(keptAlone('This is a bug in the engine.')).toEqual([]);
    expect(keptAlone("It's a function that parses the date.")).toEqual([]);
    expect(keptAlone('This is a great tool, thanks!')).toEqual([]);
    expect(keptAlone('This is a new feature for the app, please add it.')).toEqual([]);
    expect(keptAlone('This is an awesome app but the login is broken.')).toEqual([]);
  });

  it('"Context is…" is a sentence, a mock used for a test is no service, a thing wanted is no tool', () => {
    expect(keptAlone('Context is everything in this app, so log the request id.')).toEqual([]);
    expect(keptAlone('We are using the mock for auth in this test.')).toEqual([]);
    expect(keptAlone('I want to use the debugger to step through this.')).toEqual([]);
    expect(keptAlone('I want to use Postgres for now.')).toEqual([]);
  });

  it("what was just brought in, a thing of the person's own use, a moment, a tool for one task (review 21)", () => {
    expect(keptAlone("I found this package on npm. It's a library for parsing cron strings, can you add it?")).toEqual([]);
    expect(keptAlone('Check out https://example.org/tool. This is a CLI that converts images to WebP.')).toEqual([]);
    expect(keptAlone('This is a website that I want to scrape.')).toEqual([]);
    expect(keptAlone("It's an app for the client demo tomorrow.")).toEqual([]);
    expect(keptAlone('I want to use Chrome DevTools to debug this memory leak.')).toEqual([]);
    expect(keptAlone("I'm on a deadline tomorrow, can you hurry up with the fix?")).toEqual([]);
  });

  it('a "we need to…" before "can you do this?" is the request', () => {
    expect(keptAlone('Turns out we need to rewrite this project in Go -- would you be so kind and do this for me?')).toEqual([]);
  });
});

describe('isProjectNature', () => {
  const kinds = ['app', 'game', 'website', 'CLI', 'library', 'dashboard', 'browser extension'];
  const troubles = ['bug', 'crash', 'typo', 'regression'];
  it('a kind of product is what the project is; a trouble put before it never is', () => {
    fc.assert(
      fc.property(fc.constantFrom(...kinds), fc.constantFrom(...troubles), (kind, trouble) => {
        expect(isProjectNature(`This is a small ${kind} for tracking invoices.`)).toBe(true);
        expect(isProjectNature(`This is a ${trouble} in the ${kind}.`)).toBe(false);
      }),
    );
  });
});
