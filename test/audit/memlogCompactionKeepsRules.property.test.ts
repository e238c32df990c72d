import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditTranscript } from '../../src/audit/index.js';
import { compactTranscript, type Entry, type ModelPort } from '../../src/index.js';
import { ZERO_USAGE } from '../../src/model/port.js';
import { OfflineModel } from '../../src/model/offline/index.js';
import { assistantEntry, text, toolResultEntry, toolUse, userEntry } from '../../src/testing/index.js';
import { fcRuns } from '../support/fcRuns.js';
import { tempDir } from '../support/tempDir.js';

const SUBJECTS = [
  'billing module',
  'payments service',
  'web app',
  'worker',
  'release branch',
  'search index',
  'auth gateway',
  'mobile client',
];
const RULES = [
  (s: string) => `Always run the linter before committing in the ${s}.`,
  (s: string) => `Never push directly to main from the ${s}.`,
  (s: string) => `I prefer tabs over spaces in the ${s}.`,
  (s: string) => `Don't use default exports in the ${s}.`,
  (s: string) => `Never log customer emails in the ${s}.`,
];
const CORRECTIONS = [
  (s: string) => `No, use the real queue in the ${s} tests.`,
  (s: string) => `No, keep the retries at three in the ${s}.`,
];

type Step =
  | { kind: 'rule'; rule: number; subject: number }
  | { kind: 'correction'; rule: number; subject: number }
  | { kind: 'task'; subject: number; words: number }
  | { kind: 'compact'; strategy: 'summary' | 'auto'; forgetful: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('rule' as const), rule: fc.nat(RULES.length - 1), subject: fc.nat(SUBJECTS.length - 1) }),
  fc.record({ kind: fc.constant('correction' as const), rule: fc.nat(CORRECTIONS.length - 1), subject: fc.nat(SUBJECTS.length - 1) }),
  fc.record({ kind: fc.constant('task' as const), subject: fc.nat(SUBJECTS.length - 1), words: fc.nat(400) }),
  fc.record({
    kind: fc.constant('compact' as const),
    strategy: fc.constantFrom('summary' as const, 'auto' as const),
    forgetful: fc.boolean(),
  }),
);

/** Appends a step's entries to the chain, each hung off the last; returns the new last uuid. */
function entriesOf(s: Exclude<Step, { kind: 'compact' }>, n: number, parent: string | null): { entries: Entry[]; last: string } {
  const id = (suffix: string) => `e${n}-${suffix}`;
  // The context as the API counted it: growing, so that a compaction makes it smaller.
  const usage = { usage: { input_tokens: 3_000 * (n + 1), output_tokens: 10 } };
  const subject = SUBJECTS[s.subject] ?? 'app';
  if (s.kind === 'rule') {
    const said = userEntry(id('u'), RULES[s.rule]!(subject), { parentUuid: parent });
    const answer = assistantEntry(id('a'), id('m'), text('Understood.'), { parentUuid: said.uuid, ...usage });
    return { entries: [said, answer], last: answer.uuid };
  }
  if (s.kind === 'correction') {
    const proposal = assistantEntry(id('a0'), id('m0'), text(`I will mock it in the ${subject}.`), { parentUuid: parent });
    const said = userEntry(id('u'), CORRECTIONS[s.rule]!(subject), { parentUuid: proposal.uuid });
    const answer = assistantEntry(id('a'), id('m'), text('Right, changed.'), { parentUuid: said.uuid, ...usage });
    return { entries: [proposal, said, answer], last: answer.uuid };
  }
  const ask = userEntry(id('u'), `Please refactor the ${subject} code so that the handlers share one helper.`, { parentUuid: parent });
  const call = assistantEntry(
    id('a0'),
    id('m0'),
    toolUse(id('t'), 'Edit', { file_path: `src/${subject.replace(' ', '/')}.ts`, old_string: 'a', new_string: 'b' }),
    { parentUuid: ask.uuid },
  );
  const result = toolResultEntry(id('r'), id('t'), call.uuid, { content: 'edited '.repeat(s.words) });
  const answer = assistantEntry(id('a'), id('m'), text(`Done: ${'the helper is shared now '.repeat(Math.ceil(s.words / 5))}`), {
    parentUuid: result.uuid,
    ...usage,
  });
  return { entries: [ask, call, result, answer], last: answer.uuid };
}

function lastUuid(file: string): string | undefined {
  const last = readFileSync(file, 'utf8').trim().split('\n').at(-1) ?? '';
  return last === '' ? undefined : (JSON.parse(last) as { uuid?: string }).uuid;
}

/** A model whose summaries say nothing of the person's rules, as real ones often do. */
const forgetfulModel: ModelPort = {
  name: 'forgetful',
  complete: () =>
    Promise.resolve({
      model: 'forgetful',
      content: [{ type: 'text', text: '<summary>We worked on the code.</summary>' }],
      stopReason: 'end_turn',
      usage: ZERO_USAGE,
    }),
};

const lines = (entries: readonly Entry[]): string => entries.map((e) => `${JSON.stringify(e)}\n`).join('');

describe("memlog's compaction keeps the person's rules", () => {
  let audited = 0;
  it('every rule or correction said before a boundary memlog wrote is in its summary or its kept messages', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
        const file = join(tempDir(), 'session.jsonl');
        writeFileSync(file, '');
        let parent: string | null = null;
        let n = 0;
        for (const s of [...steps, { kind: 'compact', strategy: 'summary', forgetful: true } as const]) {
          if (s.kind === 'compact') {
            const model = s.forgetful ? forgetfulModel : new OfflineModel();
            await compactTranscript({ transcriptPath: file, strategy: s.strategy, ...(s.strategy === 'summary' ? { model } : {}) });
            // A compaction re-parents what follows on its summary: carry on from the file's last line.
            parent = lastUuid(file) ?? parent;
            continue;
          }
          const { entries, last } = entriesOf(s, n++, parent);
          writeFileSync(file, lines(entries), { flag: 'a' });
          parent = last;
        }
        const audit = await auditTranscript(file);
        audited += audit.boundaries.length;
        for (const boundary of audit.boundaries) {
          expect(boundary.origin).toBe('memlog');
          const lost = boundary.items.filter(
            (i) => (i.kind === 'rule' || i.kind === 'correction') && (i.verdict === 'lost' || i.verdict === 'lost-restated'),
          );
          expect(lost, `boundary at line ${boundary.line}`).toEqual([]);
        }
      }),
      { numRuns: Math.max(10, Math.floor(fcRuns / 4)) },
    );
    // The property holds for compactions that happened: enough of them did.
    expect(audited).toBeGreaterThan(5);
  });
});
