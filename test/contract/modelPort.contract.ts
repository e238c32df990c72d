import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ModelPortError, type ModelPort, type ModelRequest } from '../../src/index.js';

/** What an adapter's test provides: the port, a way to arrange its next answers, and what it received. */
export interface ModelPortHarness {
  readonly port: ModelPort;
  /** The next call answers with this text, stop reason and usage. */
  reply(text: string, usage?: { input: number; output: number; cacheRead?: number }): void;
  /** The next call fails with this HTTP status (for adapters that have one) after any retries. */
  fail(status: number): void;
  /** The system prompt and the messages' text of the last request, as the adapter passed them on. */
  lastRequest(): { system: string | undefined; texts: string[] };
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

/** The behaviour every model adapter must share. */
export function testModelPort(name: string, create: () => Promise<ModelPortHarness> | ModelPortHarness): void {
  describe(`ModelPort contract: ${name}`, () => {
    let harness: ModelPortHarness;
    beforeEach(async () => {
      harness = await create();
    });
    afterEach(async () => {
      await harness.close?.();
    });

    it('returns the reply: content, stop reason and usage with cache reads', async () => {
      harness.reply('noted', { input: 120, output: 7, cacheRead: 100 });
      const reply = await harness.port.complete(request);
      expect(reply.content).toEqual([{ type: 'text', text: 'noted' }]);
      expect(reply.stopReason).toBe('end_turn');
      expect(reply.usage).toMatchObject({ inputTokens: 120, outputTokens: 7, cacheReadInputTokens: 100 });
    });

    it('passes the system prompt and every message on, in order', async () => {
      harness.reply('ok');
      await harness.port.complete(request);
      expect(harness.lastRequest()).toEqual({ system: 'You keep notes.', texts: ['first', 'second', 'third'] });
    });

    it('a failure is a ModelPortError that says what happened', async () => {
      harness.fail(400);
      const error: unknown = await harness.port.complete(request).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ModelPortError);
      expect((error as ModelPortError).status).toBe(400);
      expect((error as ModelPortError).retryable).toBe(false);
    });
  });
}
