import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { isProjectScope } from '../../../src/model/offline/projectScope.js';
import { purposeAnswer } from '../../../src/model/offline/purposeAnswers.js';
import { fcRuns } from '../../support/fcRuns.js';

// Decision 129's invariants: a short answer is kept only after a question about the project's purpose, only when it
// names something of what was asked, always led by what was asked; and a deferral is never of a thing only pointed at.
const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });

const PURPOSE_QUESTIONS = [
  'Who will use this?',
  'Who is the target audience?',
  'Is this for personal use, or something to share?',
  'Where should this run: Vercel, Netlify or local only?',
  'Does the dashboard need to be responsive?',
  'Should we aim for accessibility beyond the basics?',
];
const OTHER_TURNS = [
  'Which database should we use?',
  'Should I proceed with the refactor?',
  'Where should I put the config file?',
  'I updated the parser and the tests pass.',
  'Want me to open a PR?',
  'Which of the two layouts do you prefer?',
];
const NAMING_WORDS = [
  'me',
  'my team',
  'the public',
  'personal use',
  'internal',
  'local',
  'Netlify',
  'responsive',
  'accessibility',
  'customers',
];
const OPENERS = ['', 'just ', 'only ', 'mostly ', 'yes, ', 'for now ', 'keep it '];
const NOTHING = [
  'B',
  'option 2',
  'yes',
  'no',
  'ok',
  'sure',
  'sounds good',
  'up to you',
  'surprise me',
  'your call',
  'either',
  'both',
  'none',
];
const ENDS = ['', '.', '!', ' .'];
const LABELS = /^(?:Audience|Purpose|Where the project runs|Responsive layout|Accessibility|SEO|Localisation|Offline support): \S/;

describe('a short answer about the project’s purpose (decision 129)', () => {
  it('is never kept without a question about the purpose before it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...OTHER_TURNS),
        fc.constantFrom(...OPENERS),
        fc.constantFrom(...NAMING_WORDS),
        fc.constantFrom(...ENDS),
        (turn, opener, words, end) => {
          const answer = `${opener}${words}${end}`;
          expect(purposeAnswer(answer, turn), `${turn} → ${answer}`).toBeUndefined();
        },
      ),
      { numRuns: fcRuns },
    );
  });

  it('naming nothing of what was asked, is never kept', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PURPOSE_QUESTIONS),
        fc.constantFrom(...NOTHING),
        fc.constantFrom(...ENDS),
        fc.boolean(),
        (question, nothing, end, upper) => {
          const answer = `${upper ? nothing.toUpperCase() : nothing}${end}`;
          expect(findMemoryStatements([assistant(question), user(answer)]), `${question} → ${answer}`).toEqual([]);
        },
      ),
      { numRuns: fcRuns },
    );
  });

  it('when kept, opens with what the question asked', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PURPOSE_QUESTIONS),
        fc.constantFrom(...OPENERS),
        fc.constantFrom(...NAMING_WORDS),
        fc.constantFrom(...ENDS),
        (question, opener, words, end) => {
          const said = purposeAnswer(`${opener}${words}${end}`, question);
          if (said !== undefined) expect(said).toMatch(LABELS);
        },
      ),
      { numRuns: fcRuns },
    );
  });

  it('opened by yes or no, is never kept when the message asks another question too, or asks who or where', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PURPOSE_QUESTIONS),
        fc.option(fc.constantFrom(...OTHER_TURNS.filter((turn) => turn.endsWith('?'))), { nil: undefined }),
        fc.constantFrom('yes, ', 'Yes, ', 'no, ', 'Yeah, '),
        fc.constantFrom(...NAMING_WORDS),
        fc.constantFrom(...ENDS),
        (question, other, opener, words, end) => {
          const asked = other === undefined ? question : `${question} ${other}`;
          const answer = `${opener}${words}${end}`;
          const yesOrNoAlone = other === undefined && /^(?:does|is|should)\b/i.test(question);
          if (!yesOrNoAlone) expect(purposeAnswer(answer, asked), `${asked} → ${answer}`).toBeUndefined();
        },
      ),
      { numRuns: fcRuns },
    );
  });

  it('that reports what is or what happened, is never kept', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PURPOSE_QUESTIONS),
        fc.constantFrom('Customers', 'The team', 'Our users', 'Translations', 'Offline mode', 'Accessibility'),
        fc.constantFrom('complained about it', 'reported a bug', 'is broken', 'are noisy', 'works already', 'fails on Safari'),
        fc.constantFrom(...ENDS),
        (question, subject, report, end) => {
          const answer = `${subject} ${report}${end}`;
          expect(purposeAnswer(answer, question), `${question} → ${answer}`).toBeUndefined();
        },
      ),
      { numRuns: fcRuns },
    );
  });
});

const POINTING = ['It', 'This', 'That', 'These', 'Those', 'They', 'Everything'];
const DEFERRALS = [
  'comes much later',
  'can wait a lot later',
  'is for v2',
  'is deferred to a later phase',
  'is in the MVP',
  'goes after the MVP',
];

describe('a deferral of the project’s scope (decision 129)', () => {
  it('is never of a thing only pointed at', () => {
    fc.assert(
      fc.property(fc.constantFrom(...POINTING), fc.constantFrom(...DEFERRALS), fc.constantFrom(...ENDS), (subject, deferral, end) => {
        const sentence = `${subject} ${deferral}${end}`;
        expect(isProjectScope(sentence), sentence).toBe(false);
      }),
      { numRuns: fcRuns },
    );
  });
});

describe('a place in the code or a version of another thing (decision 129, amended)', () => {
  it('is never read as a deferral', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('The cache', 'The login page', 'The retry step', 'The upload route'),
        fc.constantFrom(
          'is much later in the pipeline',
          'comes way later in the flow',
          'is far later than the parser',
          'is for v2 of the API',
          'is for v2, call the v2 endpoint',
          'is in v1 of the client',
        ),
        fc.constantFrom(...ENDS),
        (subject, said, end) => {
          const sentence = `${subject} ${said}${end}`;
          expect(isProjectScope(sentence), sentence).toBe(false);
        },
      ),
      { numRuns: fcRuns },
    );
  });
});
