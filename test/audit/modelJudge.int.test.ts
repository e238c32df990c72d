import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditTranscript, modelJudge } from '../../src/audit/index.js';
import { ScriptedModel, assistantEntry, compactBoundaryEntry, compactSummaryEntry, text, userEntry } from '../../src/testing/index.js';
import { tempDir } from '../support/tempDir.js';

function session(): string {
  const file = join(tempDir(), 'session.jsonl');
  const entries = [
    userEntry('u1', 'Never push to main without a green CI run.'),
    assistantEntry('a1', 'm1', text('Understood.'), { parentUuid: 'u1' }),
    userEntry('u2', 'Remember that the staging database runs on db7.internal port 5433.', { parentUuid: 'a1' }),
    assistantEntry('a2', 'm2', text('Noted.'), { parentUuid: 'u2' }),
    compactBoundaryEntry('b1', 'a2'),
    compactSummaryEntry('s1', 'b1', 'Summary: deploys wait for CI. Staging DB noted.'),
  ];
  writeFileSync(file, entries.map((e) => `${JSON.stringify(e)}\n`).join(''));
  return file;
}

const reply = (verdicts: string[]) => ({ content: [{ type: 'text' as const, text: JSON.stringify({ verdicts }) }] });

describe('memlog audit --model: a model judges, and its judgement is recorded like any model call', () => {
  it("uses the model's verdicts, records them in the effect log, and reads them back instead of asking again", async () => {
    const file = session();
    const effects = `${file}.memlog.jsonl`;
    const model = new ScriptedModel([(request) => reply(request.messages.length > 0 ? ['paraphrased', 'paraphrased', 'lost'] : [])]);
    const first = await auditTranscript(file, { judge: modelJudge({ model, effectLog: effects }) });
    expect(model.calls).toHaveLength(1);
    expect(first.boundaries[0]?.items.map((i) => [i.kind, i.verdict])).toEqual([
      ['goal', 'lost'],
      ['rule', 'paraphrased'],
      ['fact', 'paraphrased'],
    ]);
    expect(first.boundaries[0]?.judge).not.toBe('offline');
    const records = readFileSync(effects, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; boundary: string });
    expect(records).toMatchObject([{ type: 'audit_judged', boundary: 'b1' }]);
    // Replayed: a model with no steps would throw if it were asked.
    const again = await auditTranscript(file, { judge: modelJudge({ model: new ScriptedModel([]), effectLog: effects }) });
    expect(again.boundaries).toEqual(first.boundaries);
  });

  it('an answer that cannot be read falls back to the offline judgement, said so, and records nothing', async () => {
    const file = session();
    const effects = `${file}.memlog.jsonl`;
    const model = new ScriptedModel([{ content: [{ type: 'text', text: 'I think most of it survived.' }] }]);
    const audit = await auditTranscript(file, { judge: modelJudge({ model, effectLog: effects }) });
    expect(audit.boundaries[0]?.judge).toMatch(/^offline/);
    expect(() => readFileSync(effects)).toThrow();
  });
});
