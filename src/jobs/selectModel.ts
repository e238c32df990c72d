import { AnthropicModel, type AnthropicModelOptions } from '../model/anthropic/anthropicModel.js';
import { CassetteModel } from '../model/cassette/cassetteModel.js';
import { ClaudeCodeModel, claudeCodeLoggedIn, type ClaudeCodeModelOptions } from '../model/claudeCode/index.js';
import { OfflineModel } from '../model/offline/offlineModel.js';
import { OpenAICompatibleModel, openAICompatibleConfigured, type OpenAICompatibleOptions } from '../model/openaiCompatible/index.js';
import type { ModelPort } from '../model/port.js';

export type ModelKind = 'auto' | 'offline' | 'anthropic' | 'openai-compatible' | 'claude-code';

export interface ModelSelection {
  /**
   * `auto` (the default) picks, in order: the Anthropic API when a key is set; an OpenAI-compatible
   * endpoint when one is configured; Claude Code when it is installed and logged in; else offline.
   */
  readonly model?: ModelKind;
  /** Replay model calls from this cassette; with `record`, call the chosen model and keep its answers there. */
  readonly cassette?: string;
  readonly record?: boolean;
  readonly anthropic?: AnthropicModelOptions;
  readonly openai?: OpenAICompatibleOptions;
  readonly claudeCode?: ClaudeCodeModelOptions;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Where the one-time line saying which model auto chose, and why, goes; stderr by default. */
  readonly notice?: (line: string) => void;
}

/** The options that configure the OpenAI-compatible and Claude Code ports, as a command takes them (`--base-url` …). */
export interface ModelPortOptions {
  readonly baseUrl?: string;
  readonly modelName?: string;
  readonly claudeModel?: string;
  readonly modelConcurrency?: number;
  /** Seconds. */
  readonly modelTimeout?: number;
}

/** A command's model options: `--model`, `--cassette`, `--record` and the ports' own. */
export interface ModelOptions extends ModelPortOptions {
  readonly model?: ModelKind;
  readonly cassette?: string;
  readonly record?: boolean;
}

/** The model a command runs on, from its options: every command that runs a model builds it here (decision 75). */
export function modelFromOptions(options: ModelOptions): ModelPort {
  return selectModel({
    model: options.model ?? 'auto',
    ...portSelection(options),
    ...(options.cassette === undefined ? {} : { cassette: options.cassette }),
    ...(options.record === true ? { record: true } : {}),
  });
}

/** The port options of a selection, from a command's options. */
function portSelection(options: ModelPortOptions): Pick<ModelSelection, 'openai' | 'claudeCode'> {
  const shared = {
    ...(options.modelConcurrency === undefined ? {} : { concurrency: options.modelConcurrency }),
    ...(options.modelTimeout === undefined ? {} : { timeoutMs: options.modelTimeout * 1000 }),
  };
  return {
    openai: {
      ...shared,
      ...(options.baseUrl === undefined ? {} : { baseURL: options.baseUrl }),
      ...(options.modelName === undefined ? {} : { model: options.modelName }),
    },
    claudeCode: { ...shared, ...(options.claudeModel === undefined ? {} : { model: options.claudeModel }) },
  };
}

const writeToStderr = (line: string): void => void process.stderr.write(`${line}\n`);
const noticed = new WeakSet<(line: string) => void>();

export const OFFLINE_NOTICE =
  'memlog: no ANTHROPIC_API_KEY, no OpenAI-compatible endpoint and no logged-in Claude Code, so the offline model is used (deterministic heuristics, no network); pass --model anthropic, openai-compatible or claude-code for a real model';

/**
 * The model memory work runs on, as the CLI and library choose it by default. What `auto` chose,
 * and why, is said once per process (per notice sink), never silently.
 */
export function selectModel(selection: ModelSelection = {}): ModelPort {
  if (selection.cassette !== undefined && selection.record !== true) return new CassetteModel({ path: selection.cassette });
  const inner = chooseLive(selection);
  return selection.cassette === undefined ? inner : new CassetteModel({ path: selection.cassette, record: inner });
}

function chooseLive(selection: ModelSelection): ModelPort {
  const env = selection.env ?? process.env;
  switch (selection.model ?? 'auto') {
    case 'offline':
      return new OfflineModel();
    case 'anthropic':
      return new AnthropicModel({ ...selection.anthropic, env });
    case 'openai-compatible':
      return new OpenAICompatibleModel({ ...selection.openai, env });
    case 'claude-code':
      return new ClaudeCodeModel({ ...selection.claudeCode, env });
    case 'auto':
      return chooseAuto(selection, env);
  }
}

function chooseAuto(selection: ModelSelection, env: Readonly<Record<string, string | undefined>>): ModelPort {
  const say = (line: string): void => {
    const notice = selection.notice ?? writeToStderr;
    if (noticed.has(notice)) return;
    noticed.add(notice);
    notice(line);
  };
  if ((selection.anthropic?.apiKey ?? env['ANTHROPIC_API_KEY'] ?? '') !== '') {
    say('memlog: model: anthropic (ANTHROPIC_API_KEY is set)');
    return new AnthropicModel({ ...selection.anthropic, env });
  }
  const openai = selection.openai ?? {};
  if ((openai.baseURL !== undefined && openai.model !== undefined) || openAICompatibleConfigured(env)) {
    const model = new OpenAICompatibleModel({ ...openai, env });
    say(`memlog: model: openai-compatible ${model.describe} (no ANTHROPIC_API_KEY; an OpenAI-compatible endpoint is configured)`);
    return model;
  }
  const bin = selection.claudeCode?.bin ?? (env['MEMLOG_CLAUDE_BIN'] || 'claude');
  if (claudeCodeLoggedIn(bin, env)) {
    say(
      'memlog: model: claude-code (no API key or OpenAI-compatible endpoint; Claude Code is installed and logged in): its calls count against your Claude Code plan',
    );
    return new ClaudeCodeModel({ ...selection.claudeCode, env });
  }
  say(OFFLINE_NOTICE);
  return new OfflineModel();
}
