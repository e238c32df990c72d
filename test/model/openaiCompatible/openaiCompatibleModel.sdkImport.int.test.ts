import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ModelPortError } from '../../../src/index.js';
import { OpenAICompatibleModel, type OpenAICompatibleOptions } from '../../../src/model/openaiCompatible/index.js';
import { ChatCompletionsServer } from '../../support/chatCompletionsServer.js';

/** How the adapter imports the SDK; the test fails it first, then imports the real one. */
type Importer = NonNullable<OpenAICompatibleOptions['importSdk']>;

describe('OpenAICompatibleModel when the SDK cannot be imported (decision 118)', () => {
  let server: ChatCompletionsServer;
  let baseURL: string;
  beforeEach(async () => {
    server = new ChatCompletionsServer();
    baseURL = await server.start();
  });
  afterEach(() => server.stop());

  it('a failed import names the package and how to install it, and the next call imports again and is answered', async () => {
    let imports = 0;
    const importSdk = async (): ReturnType<Importer> => {
      if (imports++ === 0)
        throw Object.assign(new Error("Cannot find package 'openai' imported from the adapter"), { code: 'ERR_MODULE_NOT_FOUND' });
      return import('openai');
    };
    const model = new OpenAICompatibleModel({ baseURL, model: 'local-test', maxRetries: 0, importSdk });
    const ask = () => model.complete({ messages: [{ role: 'user', content: 'hi' }], maxTokens: 16 });
    const error: unknown = await ask().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelPortError);
    expect((error as Error).message).toContain('the package openai is not installed');
    expect((error as Error).message).toContain('npm install openai');
    expect(server.received).toHaveLength(0);

    server.arrange({ kind: 'text', text: 'installed now' });
    const reply = await ask();
    expect(reply.content).toEqual([{ type: 'text', text: 'installed now' }]);
    expect(imports).toBe(2);
  });
});
