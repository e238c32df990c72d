import { describe, expect, it } from 'vitest';
import { formatKindTable, kindOfSave, tallyKinds } from '../../bench/quality/real/realKinds.js';
import type { Judgement } from '../../bench/quality/real/realScore.js';

// The per-kind table of decision 116: each save is read back to the finder that makes it today. Sentences invented here.
const memory = (body: string) => ({ project: 'acme', filename: 'x.md', text: `x\nA description\n${body}` });

describe('the kind a saved memory comes from', () => {
  it.each([
    ['Never push to main.', 'rule/rule-word'],
    ["Don't add dependencies without asking.", 'rule/dont'],
    ['We deploy the docs with netlify.', 'project-choice/done-with'],
    ["Let's go with SQLite.", 'decided/choice'],
    ['I prefer tabs over spaces.', 'preference'],
    ['Chose Postgres when asked: Which database should we use?', 'ask-choice'],
  ])('%s is read as %s', (body, kind) => {
    expect(kindOfSave(memory(body).text)).toBe(kind);
  });

  it('reads the words as said when the memory says a part of them', () => {
    expect(kindOfSave(memory('Reducing cognitive load.\n\nSaid as: "Again, reducing cognitive load."').text)).toBe('question/less-of');
  });

  it('names a sentence no finder reads now', () => {
    expect(kindOfSave(memory('The build took four minutes.').text)).toBe('none today');
  });
});

describe('the per-kind table', () => {
  const judged = (body: string, verdict: Judgement['verdict']): Judgement => ({ memory: memory(body), verdict, items: [] });

  it('counts saves and true saves per kind, the most saved first, with a total', () => {
    const rows = tallyKinds([
      judged('Never push to main.', 'true'),
      judged('Always run the linter.', 'other'),
      judged('I prefer tabs over spaces.', 'true'),
    ]);
    expect(rows).toEqual([
      { kind: 'rule/rule-word', saves: 2, trueSaves: 1 },
      { kind: 'preference', saves: 1, trueSaves: 1 },
    ]);
    expect(formatKindTable(rows).split('\n').at(-1)).toBe('| all | 3 | 2 | 1 | 0.67 |');
  });
});
