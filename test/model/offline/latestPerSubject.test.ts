import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { latestPerSubject } from '../../../src/model/offline/latestPerSubject.js';
import type { MemoryStatement } from '../../../src/model/offline/memoryStatement.js';
import { fcRuns } from '../../support/fcRuns.js';
import { extractTask } from '../../support/extractTask.js';
import { draftMemories } from '../../../src/model/offline/memoryDraft.js';
import type { ModelMessage } from '../../../src/model/port.js';

const said = (messageIndex: number, type: MemoryStatement['type'], text: string): MemoryStatement => ({
  type,
  text,
  quote: text,
  cue: type === 'feedback' ? 'preference' : 'project-fact',
  messageIndex,
});
const kept = (...statements: MemoryStatement[]): string[] => latestPerSubject(statements).map((statement) => statement.text);

// Statements written for these tests (decision 122, amended), none taken from a corpus.
describe('a later rename replaces what it changes, not what it says stays (decision 122, amended)', () => {
  it('keeps a layout whose words the rename only says stay', () => {
    const layout = said(1, 'project', 'Change of plan: all sources in the root folder and module "fastcsv" at the top');
    const rename = said(2, 'project', 'We renamed the repo from acme/fastcsv to acme/fast-csv. The module name stays "fastcsv"');
    expect(kept(layout, rename)).toEqual([layout.text, rename.text]);
  });

  it('replaces a fact about the thing it renames', () => {
    const before = said(1, 'project', 'The billing-api service lives in the services folder.');
    const rename = said(2, 'project', 'We renamed the billing-api service to invoices-api, the services folder stays.');
    expect(kept(before, rename)).toEqual([rename.text]);
  });
});

describe('"change of plan" retracts the plan said before it, whatever kind it was read as (decision 122, amended)', () => {
  it('replaces a plan said as what we will do', () => {
    const plan = said(1, 'feedback', "Let's keep the parser module in the lib folder and move the tests next to it.");
    const change = said(2, 'project', 'Change of plan: the parser module at the top and the tests in the root folder');
    expect(kept(plan, change)).toEqual([change.text]);
  });

  it('leaves a rule that shares its words with a later fact said without the heading', () => {
    const rule = said(1, 'feedback', "Let's keep the parser module in the lib folder and move the tests next to it.");
    const fact = said(2, 'project', 'The parser module now has tests in the lib folder.');
    expect(kept(rule, fact)).toEqual([rule.text, fact.text]);
  });

  it('leaves a plan on another subject', () => {
    const plan = said(1, 'feedback', "Let's write the changelog by hand for each release.");
    const change = said(2, 'project', 'Change of plan: the parser module at the top and the tests in the root folder');
    expect(kept(plan, change)).toEqual([plan.text, change.text]);
  });
});

describe('a lead names what a statement is about, not what it says (decision 122, amended)', () => {
  const LEADS = ['About the nightly export: ', 'About the deploy script: ', 'About the release checklist: '];
  const RULES = ['I want it to always use the new names.', 'Never compress it.', 'It must stay under a minute.', 'Keep it quiet.'];

  it('keeps two different rules about one thing, said in two messages', () => {
    const names = said(1, 'feedback', 'About the nightly export: I want it to always use the new names.');
    const compress = said(3, 'feedback', 'About the nightly export: Never compress it.');
    expect(kept(names, compress)).toEqual([names.text, compress.text]);
  });

  it('still replaces a rule said again about the same thing', () => {
    const first = said(1, 'feedback', 'About the nightly export: I want it to always use the new file names.');
    const again = said(3, 'feedback', 'About the nightly export: I want it to always use the new file names, every night.');
    expect(kept(first, again)).toEqual([again.text]);
  });

  it('two statements with different rules given the same lead are both kept', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LEADS),
        fc.uniqueArray(fc.constantFrom(...RULES), { minLength: 2, maxLength: 2 }),
        (lead, [first = '', second = '']) => {
          const statements = [said(1, 'feedback', `${lead}${first}`), said(3, 'feedback', `${lead}${second}`)];
          expect(kept(...statements)).toEqual(statements.map((statement) => statement.text));
        },
      ),
      { numRuns: fcRuns },
    );
  });
});

describe('a new led statement and an existing memory led by the same thing (decision 122, amended)', () => {
  const existing = (description: string) =>
    extractTask(2, { existing: [{ filename: 'nightly-export-new-names.md', description, type: 'feedback' }] });
  const conversation = (rule: string): ModelMessage[] => [
    { role: 'assistant', content: [{ type: 'text', text: 'Should the nightly export also compress?' }] },
    { role: 'user', content: rule },
  ];
  const files = (description: string, rule: string): string[] =>
    draftMemories(existing(description), conversation(rule)).map((write) => write.filename);

  it('adds a memory for a different rule rather than overwriting the one there', () => {
    expect(files('About the nightly export: I want it to always use the new names.', 'Never compress it.')).toContain(
      'nightly-export-never-compress.md',
    );
  });

  it('still updates the memory there when the rule is said again', () => {
    expect(files('About the nightly export: Never compress the files it writes.', 'Never compress the files it writes.')).toContain(
      'nightly-export-new-names.md',
    );
  });
});
