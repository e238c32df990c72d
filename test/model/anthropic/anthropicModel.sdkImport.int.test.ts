import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnthropicModel, ModelPortError } from '../../../src/index.js';
import type { AnthropicModelOptions } from '../../../src/model/anthropic/index.js';
import { MessagesServer } from '../../support/messagesServer.js';

/** How the adapter imports the SDK; the tests fail it first, then import the real one. */
type Importer = NonNullable<AnthropicModelOptions['importSdk']>;

describe('AnthropicModel when the SDK cannot be imported (decision 118)', () => {
  let server: MessagesServer;
  let baseURL: string;
  beforeEach(async () => {
    server = new MessagesServer();
    baseURL = await server.start();
  });
  afterEach(() => server.stop());

  const ask = (model: AnthropicModel) => model.complete({ messages: [{ role: 'user', content: 'hi' }], maxTokens: 16 });

  it.each([true, false])(
    'a failed import names the package and how to install it, and the next call imports again and is answered (streamed: %s)',
    async (stream) => {
      let imports = 0;
      const importSdk = async (): ReturnType<Importer> => {
        if (imports++ === 0)
          throw Object.assign(new Error("Cannot find package '@anthropic-ai/sdk' imported from the adapter"), {
            code: 'ERR_MODULE_NOT_FOUND',
          });
        return import('@anthropic-ai/sdk');
      };
      const model = new AnthropicModel({ apiKey: 'k', baseURL, maxRetries: 0, stream, importSdk });
      const error: unknown = await ask(model).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ModelPortError);
      expect((error as Error).message).toContain('the package @anthropic-ai/sdk is not installed');
      expect((error as Error).message).toContain('npm install @anthropic-ai/sdk');
      expect(server.received).toHaveLength(0);

      server.arrange({ kind: 'reply', content: [{ type: 'text', text: 'installed now' }] });
      const reply = await ask(model);
      expect(reply.content).toEqual([{ type: 'text', text: 'installed now' }]);
      expect(imports).toBe(2);
    },
  );

  it('message batches share the retry: a failed import, then a batch submitted', async () => {
    let imports = 0;
    const importSdk = async (): ReturnType<Importer> => {
      if (imports++ === 0) throw new Error('EMFILE: too many open files');
      return import('@anthropic-ai/sdk');
    };
    const model = new AnthropicModel({ apiKey: 'k', baseURL, maxRetries: 0, importSdk });
    const submit = () => model.batches.submit([{ customId: 'c1', request: { messages: [{ role: 'user', content: 'hi' }], maxTokens: 8 } }]);
    const error: unknown = await submit().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelPortError);
    expect((error as Error).message).toBe('the package @anthropic-ai/sdk could not be loaded (EMFILE: too many open files)');
    expect(imports).toBe(1);
    await submit().catch(() => {});
    expect(imports).toBe(2);
  });
});
