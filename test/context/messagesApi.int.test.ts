import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnthropicModel, loadContext, type LoadedContext } from '../../src/index.js';
import { mapFileSource, toModelRequest } from '../../src/context/index.js';
import { toParams } from '../../src/model/anthropic/anthropicModel.js';
import { MessagesServer } from '../support/messagesServer.js';
import { demoProjects, hasShared, sharedFixtures } from '../support/paths.js';

/** Every bundled session, and the shared ones where they are present. */
function transcripts(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.jsonl')) found.push(path);
    }
  };
  walk(demoProjects);
  if (hasShared) for (const dir of ['real', 'claude-code-2.1.332', 'resume-oracle']) walk(join(sharedFixtures, dir));
  return found.sort();
}

const load = (transcriptPath: string): Promise<LoadedContext> =>
  loadContext({
    transcriptPath,
    files: mapFileSource({}),
    configDir: '/nowhere/.claude',
    home: '/nowhere',
    memory: false,
    model: 'claude-test',
  });

describe('the request against the Messages API', () => {
  const server = new MessagesServer({ validate: true });
  let baseURL: string;
  beforeAll(async () => {
    baseURL = await server.start();
  });
  afterAll(() => server.stop());

  it('type-checks as the SDK request body, and the Anthropic adapter sends exactly that body', async () => {
    const context = await load(join(demoProjects, '-home-dev-acme-shop', 'a1eaaff9-3a09-471e-b457-360fb17ea04f.jsonl'));
    // Compile-time: the envelope (model, max_tokens, system, roles) is the SDK's MessageCreateParams; stored blocks are loose
    // objects, so content is cast here and checked at run time by the validating server and the equality below.
    const typed: ReturnType<typeof toParams> = {
      ...context.request.body,
      system: [...(context.request.body.system ?? [])],
      messages: context.request.body.messages.map((m) => ({
        role: m.role,
        content: [...m.content] as ReturnType<typeof toParams>['messages'][number]['content'],
      })),
    };
    expect(toParams(toModelRequest(context.request), 'unused')).toEqual(typed);
    server.arrange({ kind: 'reply', content: [{ type: 'text', text: 'ok' }] });
    await new AnthropicModel({ apiKey: 'test-key', baseURL, maxRetries: 0, stream: false }).complete(toModelRequest(context.request));
    expect(server.rejected).toEqual([]);
    expect(server.received.at(-1)?.body).toEqual(context.request.body);
  });

  it.each(transcripts().map((path) => [path.replace(/^.*fixtures\//, ''), path]))(
    '%s: accepted by the validating server',
    async (_name, path) => {
      const context = await load(path);
      server.arrange({ kind: 'reply', content: [{ type: 'text', text: 'ok' }] });
      const before = server.rejected.length;
      await new AnthropicModel({ apiKey: 'test-key', baseURL, maxRetries: 0, stream: true }).complete(toModelRequest(context.request));
      expect(server.rejected.slice(before)).toEqual([]);
    },
  );

  it('the server refuses what the API refuses', async () => {
    const before = server.rejected.length;
    const model = new AnthropicModel({ apiKey: 'test-key', baseURL, maxRetries: 0, stream: false });
    await expect(
      model.complete({
        maxTokens: 10,
        messages: [
          { role: 'user', content: 'a' },
          { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'X', input: {} }] },
          { role: 'user', content: [{ type: 'text', text: ' ' }] },
        ],
      }),
    ).rejects.toThrow(/400/);
    expect(server.rejected.slice(before)).toEqual([
      ['messages.1: tool_use t has no tool_result in the next message', 'messages.2: text content blocks must contain non-whitespace text'],
    ]);
  });
});
