import { describe, expect, it } from 'vitest';
import { ScriptedModel, UnconsumedStepsError, UnexpectedModelCallError } from '../../src/testing/scriptedModel.js';
import { testModelPort } from '../contract/modelPort.contract.js';
import { scriptedHarness } from '../contract/scriptedHarness.js';

testModelPort('ScriptedModel', () => scriptedHarness(), { scripted: true });

describe('ScriptedModel', () => {
  it('fails loudly when called more often than scripted', async () => {
    const model = new ScriptedModel([{ content: [{ type: 'text', text: 'one' }] }]);
    await model.complete({ messages: [], maxTokens: 1 });
    await expect(model.complete({ messages: [], maxTokens: 1 })).rejects.toBeInstanceOf(UnexpectedModelCallError);
  });

  it('fails loudly when steps are left unused', () => {
    const model = new ScriptedModel([{}, {}]);
    expect(() => model.assertDone()).toThrow(UnconsumedStepsError);
  });

  it('a step can answer from the request', async () => {
    const model = new ScriptedModel([(request) => ({ content: [{ type: 'text', text: `got ${request.messages.length}` }] })]);
    await expect(model.complete({ messages: [{ role: 'user', content: 'x' }], maxTokens: 1 })).resolves.toMatchObject({
      content: [{ type: 'text', text: 'got 1' }],
    });
    model.assertDone();
  });
});
