import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AnthropicModel, CassetteMissError, CassetteModel, ConfigError, type ModelRequest } from '../../../src/index.js';
import { requestKey } from '../../../src/model/cassette/index.js';
import { ScriptedModel } from '../../../src/testing/scriptedModel.js';
import { testModelPort } from '../../contract/modelPort.contract.js';
import { scriptedHarness } from '../../contract/scriptedHarness.js';
import { MessagesServer } from '../../support/messagesServer.js';
import { tempDir } from '../../support/tempDir.js';

const ask = (text: string): ModelRequest => ({ system: 'notes', messages: [{ role: 'user', content: text }], maxTokens: 32 });

// The cassette passes the contract while recording over a scripted inner model.
testModelPort(
  'CassetteModel (recording)',
  () => scriptedHarness((inner) => new CassetteModel({ path: join(tempDir(), 'c.json'), record: inner })),
  { scripted: true },
);

describe('CassetteModel', () => {
  it('records calls against the local API, then replays them with the server stopped: identical results', async () => {
    const server = new MessagesServer();
    const baseURL = await server.start();
    server.arrange(
      { kind: 'reply', content: [{ type: 'text', text: 'one' }], usage: { input_tokens: 50, output_tokens: 3 } },
      { kind: 'reply', content: [{ type: 'text', text: 'two' }] },
    );
    const path = join(tempDir(), 'run.cassette.json');
    const recorder = new CassetteModel({ path, record: new AnthropicModel({ apiKey: 'k', baseURL, maxRetries: 0 }) });
    const live = [await recorder.complete(ask('a')), await recorder.complete(ask('b'))];
    await recorder.save();
    await server.stop();

    const player = new CassetteModel({ path });
    expect([await player.complete(ask('a')), await player.complete(ask('b'))]).toEqual(live);
    expect(server.received).toHaveLength(2);
  });

  it('a call missing from the cassette is an error that says what differs, never a live call', async () => {
    const path = join(tempDir(), 'c.json');
    const recorder = new CassetteModel({ path, record: new ScriptedModel([{ content: [{ type: 'text', text: 'x' }] }]) });
    await recorder.complete(ask('the original question'));
    await recorder.save();
    const error: unknown = await new CassetteModel({ path }).complete(ask('a different question')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CassetteMissError);
    expect((error as Error).message).toMatch(/differs at messages\[0\]\.content/);
  });

  it('keys requests stably: key order and undefined fields do not matter', () => {
    const a: ModelRequest = { messages: [{ role: 'user', content: 'x' }], maxTokens: 5, system: 's' };
    const b = { system: 's', maxTokens: 5, model: undefined, messages: [{ content: 'x', role: 'user' }] } as unknown as ModelRequest;
    expect(requestKey(a)).toBe(requestKey(b));
    expect(requestKey(a)).not.toBe(requestKey({ ...a, maxTokens: 6 }));
  });

  it('refuses a file that is not a cassette it reads, naming the version it reads', () => {
    const path = join(tempDir(), 'bad.json');
    writeFileSync(path, JSON.stringify({ version: 7, entries: [] }));
    expect(() => new CassetteModel({ path })).toThrow(ConfigError);
    expect(() => new CassetteModel({ path })).toThrow(/version 1/);
    expect(() => new CassetteModel({ path: join(tempDir(), 'none.json') })).toThrow(/no cassette/);
  });
});
