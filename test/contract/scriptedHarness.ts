import { ModelPortError, type ModelPort, type ModelRequest } from '../../src/index.js';
import { ScriptedModel } from '../../src/testing/scriptedModel.js';
import type { ModelPortHarness } from './modelPort.contract.js';

/** The text of every message of a request, in order. */
export function requestTexts(request: ModelRequest): string[] {
  return request.messages.flatMap((m) =>
    typeof m.content === 'string' ? [m.content] : m.content.flatMap((b) => (b.type === 'text' ? [(b as { text: string }).text] : [])),
  );
}

/** A contract harness over a ScriptedModel, optionally wrapped by the port under test (a cassette recording through it). */
export function scriptedHarness(wrap: (inner: ScriptedModel) => ModelPort = (inner) => inner): ModelPortHarness {
  const model = new ScriptedModel();
  return {
    port: wrap(model),
    scripted: {
      reply: (text, usage) =>
        void model.script({
          content: [{ type: 'text', text }],
          usage: {
            inputTokens: usage?.input ?? 0,
            outputTokens: usage?.output ?? 0,
            cacheCreationInputTokens: 0,
            cacheReadInputTokens: usage?.cacheRead ?? 0,
          },
        }),
      replyWithTool: (name, input) =>
        void model.script({ content: [{ type: 'tool_use', id: 'toolu_1', name, input }], stopReason: 'tool_use' }),
      fail: (status) => void model.script(new ModelPortError(`scripted ${status}`, status)),
      lastRequest: () => {
        const last = model.calls.at(-1)!;
        return { system: last.system, texts: requestTexts(last) };
      },
    },
  };
}
