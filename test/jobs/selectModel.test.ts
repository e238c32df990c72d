import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { AnthropicModel, CassetteModel, ConfigError, OfflineModel, selectModel } from '../../src/index.js';
import { modelFromOptions, OFFLINE_NOTICE } from '../../src/jobs/index.js';
import { ClaudeCodeModel } from '../../src/model/claudeCode/index.js';
import { OpenAICompatibleModel } from '../../src/model/openaiCompatible/index.js';
import { CLAUDE_BIN } from '../support/claudeCodeFake.js';
import { tempDir } from '../support/tempDir.js';

/** No Claude Code at all. */
const NO_CLAUDE = { MEMLOG_CLAUDE_BIN: join('no', 'such', 'claude') };
const ENDPOINT = { MEMLOG_OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', MEMLOG_OPENAI_MODEL: 'qwen3' };

/** The real Claude Code, with a configuration folder of its own: logged in (a stored subscription login) or not. */
function claudeCode(loggedIn: boolean): Record<string, string> {
  const configDir = tempDir('memlog-claude-home-');
  const login = {
    claudeAiOauth: {
      accessToken: 'x',
      refreshToken: 'y',
      expiresAt: 4_102_444_800_000,
      scopes: ['user:inference'],
      subscriptionType: 'pro',
    },
  };
  if (loggedIn) writeFileSync(join(configDir, '.credentials.json'), JSON.stringify(login));
  return { MEMLOG_CLAUDE_BIN: CLAUDE_BIN, CLAUDE_CONFIG_DIR: configDir, HOME: configDir };
}

describe('selectModel: which model memory work runs on', () => {
  it('without a key: the offline model, said once per process on the notice sink', () => {
    const notice = vi.fn<(line: string) => void>();
    expect(selectModel({ env: NO_CLAUDE, notice })).toBeInstanceOf(OfflineModel);
    expect(selectModel({ env: NO_CLAUDE, notice })).toBeInstanceOf(OfflineModel);
    expect(notice.mock.calls).toEqual([[OFFLINE_NOTICE]]);
  });

  it('auto with ANTHROPIC_API_KEY: the Anthropic API, before an endpoint or Claude Code; said once', () => {
    const notice = vi.fn<(line: string) => void>();
    expect(selectModel({ env: { ANTHROPIC_API_KEY: 'k', ...ENDPOINT, ...NO_CLAUDE }, notice })).toBeInstanceOf(AnthropicModel);
    expect(notice.mock.calls).toEqual([['memlog: model: anthropic (ANTHROPIC_API_KEY is set)']]);
  });

  it('auto without a key, with MEMLOG_OPENAI_BASE_URL and MEMLOG_OPENAI_MODEL: the OpenAI-compatible endpoint, before Claude Code', () => {
    const notice = vi.fn<(line: string) => void>();
    expect(selectModel({ env: { ...ENDPOINT, ...claudeCode(true) }, notice })).toBeInstanceOf(OpenAICompatibleModel);
    expect(notice.mock.calls).toEqual([
      [
        'memlog: model: openai-compatible qwen3 at http://127.0.0.1:9/v1 (no ANTHROPIC_API_KEY; an OpenAI-compatible endpoint is configured)',
      ],
    ]);
  });

  it('auto with neither, Claude Code logged in (asked with `claude auth status`, no model call): claude-code, and its plan is named', () => {
    const notice = vi.fn<(line: string) => void>();
    expect(selectModel({ env: claudeCode(true), notice })).toBeInstanceOf(ClaudeCodeModel);
    expect(notice.mock.calls).toEqual([
      [
        'memlog: model: claude-code (no API key or OpenAI-compatible endpoint; Claude Code is installed and logged in): its calls count against your Claude Code plan',
      ],
    ]);
  });

  it('auto with Claude Code installed but not logged in: offline', () => {
    const notice = vi.fn<(line: string) => void>();
    expect(selectModel({ env: claudeCode(false), notice })).toBeInstanceOf(OfflineModel);
    expect(notice.mock.calls).toEqual([[OFFLINE_NOTICE]]);
  });

  it('asked for explicitly: openai-compatible without a server, or claude-code without Claude Code, is a configuration error', () => {
    const notice = vi.fn<(line: string) => void>();
    expect(() => selectModel({ model: 'openai-compatible', env: {}, notice })).toThrow(/--base-url or set MEMLOG_OPENAI_BASE_URL/);
    expect(() => selectModel({ model: 'claude-code', env: NO_CLAUDE, notice })).toThrow(/--model claude-code needs Claude Code/);
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

describe('modelFromOptions: the model a command builds from its options', () => {
  it('gives the port options to the port chosen, seconds as milliseconds', () => {
    const model = modelFromOptions({ model: 'openai-compatible', baseUrl: 'http://127.0.0.1:9/v1', modelName: 'qwen3', modelTimeout: 5 });
    expect(model).toBeInstanceOf(OpenAICompatibleModel);
    expect((model as OpenAICompatibleModel).describe).toBe('qwen3 at http://127.0.0.1:9/v1');
  });

  it('replays a cassette unless told to record, and records through the model chosen when told to', () => {
    const cassette = join(tempDir(), 'calls.cassette.json');
    writeFileSync(cassette, JSON.stringify({ version: 1, entries: [] }));
    expect(modelFromOptions({ model: 'offline', cassette })).toBeInstanceOf(CassetteModel);
    expect(modelFromOptions({ model: 'offline', cassette, record: true })).toBeInstanceOf(CassetteModel);
    expect(modelFromOptions({ model: 'offline' })).toBeInstanceOf(OfflineModel);
  });
});
