import type OpenAI from 'openai';
import { ConfigError, ModelPortError } from '../../errors.js';
import { lazySdk, onceMade } from '../lazySdk.js';
import { limitConcurrency } from '../limitConcurrency.js';
import type { ModelPort, ModelReply, ModelRequest } from '../port.js';
import { fromChatCompletion } from './fromChatCompletion.js';
import { structuredAnswer } from './structuredAnswer.js';
import { toChatParams, type ChatParams } from './toChatParams.js';

export interface OpenAICompatibleOptions {
  /** The server's base URL, e.g. http://127.0.0.1:11434/v1; defaults to MEMLOG_OPENAI_BASE_URL. */
  readonly baseURL?: string;
  /** The model the server runs; defaults to MEMLOG_OPENAI_MODEL. */
  readonly model?: string;
  /** Defaults to MEMLOG_OPENAI_API_KEY; local servers take any. */
  readonly apiKey?: string;
  /** The SDK's retries with backoff on 408/409/429/5xx, timeouts and dropped connections. */
  readonly maxRetries?: number;
  /** Per attempt; local models are slow, so the default is generous (5 minutes). */
  readonly timeoutMs?: number;
  /** Calls in flight at most (default 2): a local server serves a few at a time. */
  readonly concurrency?: number;
  readonly fetch?: typeof fetch;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** How the SDK's module is imported (tests give one that fails); defaults to `import('openai')`. */
  readonly importSdk?: () => Promise<{ readonly default: OpenAISdk }>;
}

/** Whether an OpenAI-compatible endpoint is configured (a base URL and a model name) in the environment. */
export function openAICompatibleConfigured(env: Readonly<Record<string, string | undefined>>): boolean {
  return (env['MEMLOG_OPENAI_BASE_URL'] ?? '') !== '' && (env['MEMLOG_OPENAI_MODEL'] ?? '') !== '';
}

type OpenAISdk = typeof OpenAI;

/** The SDK is imported on the first call rather than with this module, as the Anthropic adapter does (decision 118). */
const importOpenAISdk = (): Promise<{ readonly default: OpenAISdk }> => import('openai');

/**
 * The model port on any server speaking the OpenAI chat-completions protocol (Ollama, llama.cpp's
 * server, vLLM, LM Studio, hosted ones), through the official `openai` package.
 */
export class OpenAICompatibleModel implements ModelPort {
  readonly name = 'openai-compatible';
  /** The SDK, imported on the first call that needs it and kept once it loads. */
  private readonly sdk: () => Promise<OpenAISdk>;
  /** The SDK's client, made on the first call that needs it and kept once made. */
  private readonly client: () => Promise<OpenAI>;
  private readonly model: string;
  /** The model and the server, for the line saying which model runs: `qwen3 at http://127.0.0.1:11434/v1`. */
  readonly describe: string;
  private readonly limit: <T>(run: () => Promise<T>) => Promise<T>;
  /** Cleared once the server refuses `response_format`: later calls ask for JSON in words instead. */
  private schemaSupported = true;

  constructor(options: OpenAICompatibleOptions = {}) {
    const env = options.env ?? process.env;
    const baseURL = options.baseURL ?? env['MEMLOG_OPENAI_BASE_URL'] ?? '';
    const model = options.model ?? env['MEMLOG_OPENAI_MODEL'] ?? '';
    if (baseURL === '') throw new ConfigError('--model openai-compatible needs a server: pass --base-url or set MEMLOG_OPENAI_BASE_URL');
    if (model === '') throw new ConfigError('--model openai-compatible needs a model name: pass --model-name or set MEMLOG_OPENAI_MODEL');
    this.model = model;
    this.describe = `${model} at ${baseURL}`;
    this.limit = limitConcurrency(options.concurrency ?? 2);
    const clientOptions = {
      baseURL,
      apiKey: options.apiKey ?? (env['MEMLOG_OPENAI_API_KEY'] || 'none'),
      maxRetries: options.maxRetries ?? 4,
      timeout: options.timeoutMs ?? 300_000,
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    };
    const importer = options.importSdk ?? importOpenAISdk;
    this.sdk = lazySdk('openai', async () => (await importer()).default);
    this.client = onceMade(async () => new (await this.sdk())(clientOptions));
  }

  complete(request: ModelRequest, options: { readonly signal?: AbortSignal } = {}): Promise<ModelReply> {
    return this.limit(async () => {
      try {
        const create = (params: ChatParams) => this.create(params, options.signal);
        if (request.outputSchema === undefined) return fromChatCompletion(await create(toChatParams(request, this.model, false)));
        return await structuredAnswer(request, create, this.model);
      } catch (error) {
        if (error instanceof ModelPortError) throw error;
        throw toPortError(error, await this.sdk());
      }
    });
  }

  /** One call; a server that refuses `response_format` is asked again without it, and remembered. */
  private async create(params: ChatParams, signal: AbortSignal | undefined): Promise<OpenAI.Chat.ChatCompletion> {
    const withSignal = signal === undefined ? {} : { signal };
    const client = await this.client();
    if (params.response_format === undefined) return client.chat.completions.create(params, withSignal);
    if (this.schemaSupported) {
      try {
        return await client.chat.completions.create(params, withSignal);
      } catch (error) {
        const Sdk = await this.sdk();
        if (!(error instanceof Sdk.BadRequestError || error instanceof Sdk.UnprocessableEntityError)) throw error;
        this.schemaSupported = false;
      }
    }
    const { response_format: _dropped, ...rest } = params;
    return client.chat.completions.create(rest, withSignal);
  }
}

function toPortError(error: unknown, Sdk: OpenAISdk): ModelPortError {
  if (error instanceof Sdk.APIUserAbortError)
    return new ModelPortError('OpenAI-compatible call aborted', null, { aborted: true }, { cause: error });
  if (error instanceof Sdk.APIConnectionTimeoutError)
    return new ModelPortError('OpenAI-compatible server timed out (after retries)', 408, { timeout: true }, { cause: error });
  if (error instanceof Sdk.APIError) {
    const status = typeof error.status === 'number' ? error.status : null;
    return new ModelPortError(
      `OpenAI-compatible server ${status === null ? 'connection failed' : `answered ${status}`}: ${error.message}`,
      status,
      {},
      { cause: error },
    );
  }
  return new ModelPortError(`OpenAI-compatible call failed: ${(error as Error).message}`, null, {}, { cause: error });
}
