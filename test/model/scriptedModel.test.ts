import { describe, expect, it } from 'vitest';
import { ModelPortError, type ModelRequest } from '../../src/index.js';
import { ScriptedModel, UnconsumedStepsError, UnexpectedModelCallError } from '../../src/testing/scriptedModel.js';
import { testModelPort } from '../contract/modelPort.contract.js';

const texts = (request: ModelRequest): string[] =>
  request.messages.flatMap((m) => (typeof m.content === 'string' ? [m.content] : m.content.flatMap((b) => (b.type === 'text' ? [(b as { text: string }).text] : []))));

testModelPort('ScriptedModel', () => {
  const model = new ScriptedModel();
  return {
    port: model,
    reply: (text, usage) =>
      model.script({ content: [{ type: 'text', text }], usage: { inputTokens: usage?.input ?? 0, outputTokens: usage?.output ?? 0, cacheCreationInputTokens: 0, cacheReadInputTokens: usage?.cacheRead ?? 0 } }),
    fail: (status) => model.script(new ModelPortError(`scripted ${status}`, status)),
    lastRequest: () => {
      const last = model.calls.at(-1)!;
      return { system: last.system, texts: texts(last) };
    },
  };
});

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
    await expect(model.complete({ messages: [{ role: 'user', content: 'x' }], maxTokens: 1 })).resolves.toMatchObject({ content: [{ type: 'text', text: 'got 1' }] });
    model.assertDone();
  });
});
