import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CassetteModel, type ModelPort, type ModelRequest } from '../../../src/index.js';
import { ClaudeCodeModel } from '../../../src/model/claudeCode/index.js';
import { OpenAICompatibleModel } from '../../../src/model/openaiCompatible/index.js';
import { ChatCompletionsServer } from '../../support/chatCompletionsServer.js';
import { claudeCodeHome, viaClaudeCode } from '../../support/claudeCodeFake.js';
import { MessagesServer } from '../../support/messagesServer.js';
import { tempDir } from '../../support/tempDir.js';

const SCHEMA = { type: 'object', properties: { write_likely: { type: 'boolean' } }, required: ['write_likely'] };
const requests: ModelRequest[] = [
  { system: 'Decide.', messages: [{ role: 'user', content: 'worth keeping?' }], maxTokens: 64, outputSchema: SCHEMA },
  {
    messages: [{ role: 'user', content: 'look' }],
    maxTokens: 64,
    tools: [{ name: 'Read', description: 'reads a file', inputSchema: { type: 'object', properties: { file_path: { type: 'string' } } } }],
  },
];
const answers = [
  { kind: 'reply' as const, content: [{ type: 'text', text: '{"write_likely":true}' }] },
  {
    kind: 'reply' as const,
    content: [{ type: 'tool_use', id: 'call_1', name: 'Read', input: { file_path: 'MEMORY.md' } }],
    stopReason: 'tool_use',
  },
];

/** Records the requests through a live port, then replays them from the file with no server at all. */
async function recordThenReplay(live: ModelPort, stop: () => Promise<void>): Promise<void> {
  const path = join(tempDir(), 'port.cassette.json');
  const recorder = new CassetteModel({ path, record: live });
  const recorded = [];
  for (const request of requests) recorded.push(await recorder.complete(request));
  await recorder.save();
  await stop();
  const replayer = new CassetteModel({ path });
  for (const [i, request] of requests.entries()) expect(await replayer.complete(request)).toEqual(recorded[i]);
  expect(recorded[0]!.content).toEqual([{ type: 'text', text: '{"write_likely":true}' }]);
  expect(recorded[1]!.content).toMatchObject([{ type: 'tool_use', name: 'Read', input: { file_path: 'MEMORY.md' } }]);
}

describe('cassettes record and replay the OpenAI-compatible and Claude Code ports', () => {
  const stops: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
  });

  it('openai-compatible: recorded against a local server, replayed without it', async () => {
    const server = new ChatCompletionsServer();
    const baseURL = await server.start();
    stops.push(() => server.stop());
    server.arrange(...answers);
    await recordThenReplay(new OpenAICompatibleModel({ baseURL, model: 'local-test', maxRetries: 0 }), () => server.stop());
  });

  it('claude-code: recorded through the real CLI, replayed without it', async () => {
    const server = new MessagesServer();
    const home = claudeCodeHome(await server.start());
    stops.push(() => server.stop());
    server.arrange(...answers.map(viaClaudeCode));
    await recordThenReplay(new ClaudeCodeModel({ env: home.env }), () => server.stop());
  }, 90_000);
});
