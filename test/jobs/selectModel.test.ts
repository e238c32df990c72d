import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { AnthropicModel, CassetteModel, ConfigError, OfflineModel, selectModel } from '../../src/index.js';
import { OFFLINE_NOTICE } from '../../src/jobs/index.js';
import { tempDir } from '../support/tempDir.js';

describe('selectModel: which model memory work runs on', () => {
  it('without a key: the offline model, said once per process on the notice sink', () => {
    const notice = vi.fn<(line: string) => void>();
    expect(selectModel({ env: {}, notice })).toBeInstanceOf(OfflineModel);
    expect(selectModel({ env: {}, notice })).toBeInstanceOf(OfflineModel);
    expect(notice.mock.calls).toEqual([[OFFLINE_NOTICE]]);
  });

  it('with ANTHROPIC_API_KEY: the Anthropic API, no notice', () => {
    const notice = vi.fn<(line: string) => void>();
    expect(selectModel({ env: { ANTHROPIC_API_KEY: 'k' }, notice })).toBeInstanceOf(AnthropicModel);
    expect(notice).not.toHaveBeenCalled();
  });

  it('asked for explicitly: offline needs no notice; anthropic without a key is a configuration error', () => {
    const notice = vi.fn<(line: string) => void>();
    expect(selectModel({ model: 'offline', env: { ANTHROPIC_API_KEY: 'k' }, notice })).toBeInstanceOf(OfflineModel);
    expect(notice).not.toHaveBeenCalled();
    expect(() => selectModel({ model: 'anthropic', env: {} })).toThrow(ConfigError);
  });

  it('a cassette replays without a model; recording wraps the chosen one', async () => {
    const path = join(tempDir(), 'c.json');
    const recorder = selectModel({ model: 'offline', cassette: path, record: true });
    expect(recorder).toBeInstanceOf(CassetteModel);
    const request = { messages: [{ role: 'user' as const, content: 'hi' }], maxTokens: 8 };
    const live = await recorder.complete(request);
    await (recorder as CassetteModel).save();
    expect(await selectModel({ cassette: path, env: {} }).complete(request)).toEqual(live);
  });
});
