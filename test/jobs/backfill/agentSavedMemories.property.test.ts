import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withoutSaved } from '../../../src/jobs/backfill/agentSavedMemories.js';
import { candidate, savedFile as savedOne } from '../../support/agentSavedFiles.js';

const RUNS = Number(process.env.MEMLOG_FC_RUNS ?? 100);

const savedFile = (text: string) => savedOne(text, 'fact');

/** One fact of a family: a thing, which one it is (an environment, a numbered service) and its value (a port, a file). */
interface Fact {
  readonly which: string;
  readonly value: string;
}
const which = fc.constantFrom('staging API', 'production API', 'service 1', 'service 2', 'billing worker', 'search worker');
const value = fc.oneof(
  fc.integer({ min: 1024, max: 9999 }).map((port) => `port ${port}`),
  fc.constantFrom('config/app.yaml', 'config/local.yaml', 'deploy/compose.yml'),
);
const fact = fc.record({ which, value });
const said = (f: Fact): string => `The ${f.which} reads its settings from ${f.value}.`;

describe('a statement the assistant saved is left out only when the file says the same of the same thing (decisions 61, 131)', () => {
  it('left out exactly when both the qualifier and the value agree', () => {
    fc.assert(
      fc.property(fact, fact, (savedFact, personSaid) => {
        const { dropped } = withoutSaved([candidate(said(personSaid))], [savedFile(said(savedFact))]);
        const same = savedFact.which === personSaid.which && savedFact.value === personSaid.value;
        expect(dropped).toBe(same ? 1 : 0);
      }),
      { numRuns: RUNS },
    );
  });
});
