import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ModelPortError, type ModelPort, type ModelRequest } from '../../src/index.js';
import { BLOCK_SCHEMAS } from '../../src/transcript/contentSchema.js';

/** For adapters whose answers a test can arrange (the API through a local server, a cassette recording, a double). */
export interface ScriptedControls {
  /** The next call answers with this text, stop reason end_turn, and usage. */
  reply(text: string, usage?: { input: number; output: number; cacheRead?: number }): void;
  /** The next call answers with one tool call. */
  replyWithTool(name: string, input: Record<string, unknown>): void;
  /** The next call fails with this HTTP status (for adapters that have one) after any retries. */
  fail(status: number): void;
  /** The system prompt and the messages' text of the last request, as the adapter passed them on. */
  lastRequest(): { system: string | undefined; texts: string[] };
}

/** What an adapter's test provides: the port, and what it can do beyond the common contract. */
export interface ModelPortHarness {
  readonly port: ModelPort;
  readonly scripted?: ScriptedControls;
  /** Answers are a function of the request alone (the offline model, a cassette in replay). */
  readonly deterministic?: boolean;
  close?(): Promise<void>;
}

const request: ModelRequest = {
  system: 'You keep notes.',
  messages: [
    { role: 'user', content: 'first' },
    { role: 'assistant', content: [{ type: 'text', text: 'second' }] },
    { role: 'user', content: 'third' },
  ],
  maxTokens: 256,
};

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** The behaviour every model adapter shares; adapters with scripted answers get the scripted part too. */
export function testModelPort(
  name: string,
  create: () => Promise<ModelPortHarness> | ModelPortHarness,
  capabilities: { scripted: boolean; deterministic?: boolean },
): void {
  describe(`ModelPort contract: ${name}`, () => {
    let harness: ModelPortHarness;
    beforeEach(async () => {
      harness = await create();
      expect(harness.scripted !== undefined).toBe(capabilities.scripted);
    });
    afterEach(async () => {
      await harness.close?.();
    });

    it('answers with well-formed content blocks, a stop reason and non-negative usage, leaving the request untouched', async () => {
      harness.scripted?.reply('fine');
      const frozen = deepFreeze(structuredClone(request));
      const reply = await harness.port.complete(frozen);
      expect(reply.content.length).toBeGreaterThan(0);
      for (const block of reply.content) {
        expect(['text', 'thinking', 'redacted_thinking', 'tool_use']).toContain(block.type);
        expect(BLOCK_SCHEMAS[block.type]!.safeParse(block).success).toBe(true);
      }
      expect(typeof reply.stopReason).toBe('string');
      expect(reply.model).not.toBe('');
      for (const count of Object.values(reply.usage)) expect(Number.isInteger(count) && count >= 0).toBe(true);
      expect(frozen).toEqual(request);
    });

    it('an aborted call rejects with a ModelPortError marked aborted, not retryable', async () => {
      harness.scripted?.reply('never seen');
      const controller = new AbortController();
      controller.abort();
      const error: unknown = await harness.port.complete(request, { signal: controller.signal }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ModelPortError);
      expect(error).toMatchObject({ aborted: true, retryable: false });
    });

    if (capabilities.deterministic === true) {
      it('the same request twice gives the same reply', async () => {
        expect(await harness.port.complete(request)).toEqual(await harness.port.complete(structuredClone(request)));
      });
    }

    if (capabilities.scripted) {
      it('returns the reply: content, stop reason and usage with cache reads', async () => {
        harness.scripted!.reply('noted', { input: 120, output: 7, cacheRead: 100 });
        const reply = await harness.port.complete(request);
        expect(reply.content).toEqual([{ type: 'text', text: 'noted' }]);
        expect(reply.stopReason).toBe('end_turn');
        expect(reply.usage).toMatchObject({ inputTokens: 120, outputTokens: 7, cacheReadInputTokens: 100 });
      });

      it('returns a tool call with its input as an object', async () => {
        harness.scripted!.replyWithTool('Edit', { file_path: 'notes.md', old_string: 'a', new_string: 'b' });
        const reply = await harness.port.complete({
          ...request,
          tools: [{ name: 'Edit', description: 'edit', inputSchema: { type: 'object' } }],
        });
        expect(reply.content).toMatchObject([
          { type: 'tool_use', name: 'Edit', input: { file_path: 'notes.md', old_string: 'a', new_string: 'b' } },
        ]);
        expect(reply.stopReason).toBe('tool_use');
      });

      it('passes the system prompt and every message on, in order', async () => {
        harness.scripted!.reply('ok');
        await harness.port.complete(request);
        expect(harness.scripted!.lastRequest()).toEqual({ system: 'You keep notes.', texts: ['first', 'second', 'third'] });
      });

      it('a failure is a ModelPortError that says what happened', async () => {
        harness.scripted!.fail(400);
        const error: unknown = await harness.port.complete(request).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ModelPortError);
        expect((error as ModelPortError).status).toBe(400);
        expect((error as ModelPortError).retryable).toBe(false);
      });
    }
  });
}
