import type Anthropic from '@anthropic-ai/sdk';
import { ConfigError, ModelPortError } from '../../errors.js';
import { lazySdk, onceMade } from '../lazySdk.js';
import { AnthropicMessageBatches } from './messageBatches.js';
import { toModelReply } from './toModelReply.js';
import type { MessageBatchesPort } from '../messageBatches.js';
import type { ModelPort, ModelReply, ModelRequest } from '../port.js';

/** A current model: the SDK warns about (and the API retires) deprecated ones such as claude-sonnet-4-5. */
export const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-5-5';

export interface AnthropicModelOptions {
  /** Defaults to ANTHROPIC_API_KEY. */
  readonly apiKey?: string;
  /** Defaults to ANTHROPIC_BASE_URL, else the SDK's. */
  readonly baseURL?: string;
  /** Defaults to MEMLOG_MODEL_ID, else DEFAULT_ANTHROPIC_MODEL. */
  readonly model?: string;
  /** The SDK's retries with backoff on 408/409/429/5xx and dropped connections, honouring retry-after. */
  readonly maxRetries?: number;
  /** Per attempt. */
  readonly timeoutMs?: number;
  /**
   * Stream the reply over SSE (the default, as Claude Code does): long replies never hit the
   * SDK's non-streaming limits, and a connection dropped mid-stream is retried here, since the
   * SDK retries only before the answer starts.
   */
  readonly stream?: boolean;
  readonly fetch?: typeof fetch;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** How the SDK's module is imported (tests give one that fails); defaults to `import('@anthropic-ai/sdk')`. */
  readonly importSdk?: () => Promise<{ readonly default: AnthropicSdk }>;
}

type AnthropicSdk = typeof Anthropic;

/**
 * The SDK is imported on the first call rather than with this module (decision 118): every command that
 * can run a model imports this adapter, and most runs use another model or none, so compiling the
 * SDK's megabyte at each start was paid for nothing.
 */
const importAnthropicSdk = (): Promise<{ readonly default: AnthropicSdk }> => import('@anthropic-ai/sdk');

/** The model port on the real Messages API, through @anthropic-ai/sdk. */
export class AnthropicModel implements ModelPort {
  readonly name = 'anthropic';
  /** The SDK, imported on the first call that needs it and kept once it loads. */
  private readonly sdk: () => Promise<AnthropicSdk>;
  /** The SDK's client, made on the first call that needs it and kept once made. */
  private readonly client: () => Promise<Anthropic>;
  private readonly model: string;
  private readonly stream: boolean;
  private readonly maxRetries: number;

  constructor(options: AnthropicModelOptions = {}) {
    const env = options.env ?? process.env;
    const apiKey = options.apiKey ?? env['ANTHROPIC_API_KEY'];
    if (apiKey === undefined || apiKey === '')
      throw new ConfigError('no Anthropic API key: set ANTHROPIC_API_KEY or pass apiKey (the offline model needs none)');
    const baseURL = options.baseURL ?? env['ANTHROPIC_BASE_URL'];
    this.maxRetries = options.maxRetries ?? 4;
    this.stream = options.stream ?? true;
    const clientOptions = {
      apiKey,
      ...(baseURL === undefined || baseURL === '' ? {} : { baseURL }),
      maxRetries: this.maxRetries,
      timeout: options.timeoutMs ?? 120_000,
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    };
    const importer = options.importSdk ?? importAnthropicSdk;
    this.sdk = lazySdk('@anthropic-ai/sdk', async () => (await importer()).default);
    this.client = onceMade(async () => new (await this.sdk())(clientOptions));
    this.model = options.model ?? (env['MEMLOG_MODEL_ID'] || DEFAULT_ANTHROPIC_MODEL);
  }

  /** The same account's Message Batches API: the same requests, asynchronous, at half price. */
  get batches(): MessageBatchesPort {
    return new AnthropicMessageBatches(this.client, (request) => toParams(request, this.model));
  }

  async complete(request: ModelRequest, options: { readonly signal?: AbortSignal } = {}): Promise<ModelReply> {
    try {
      const params = toParams(request, this.model);
      const client = await this.client();
      const message = this.stream
        ? await this.streamed(client, params, options.signal)
        : await client.messages.create(params, options.signal === undefined ? {} : { signal: options.signal });
      return toModelReply(message);
    } catch (error) {
      if (error instanceof ModelPortError) throw error;
      throw toPortError(error, await this.sdk());
    }
  }

  /** One streamed call; a stream that breaks after it began is asked again, up to maxRetries times. */
  private async streamed(
    client: Anthropic,
    params: Anthropic.MessageCreateParamsNonStreaming,
    signal: AbortSignal | undefined,
  ): Promise<Anthropic.Message> {
    const Sdk = await this.sdk();
    for (let attempt = 0; ; attempt++) {
      let began = false;
      const stream = client.messages.stream(params, signal === undefined ? {} : { signal });
      stream.on('connect', () => {
        began = true;
      });
      // The SDK parses streamed tool input leniently: cut JSON becomes a partial object. Keep the
      // raw text so that a half-made tool call is refused rather than run.
      const toolInputs = new Map<number, string>();
      stream.on('streamEvent', (event) => {
        if (event.type === 'content_block_start' && event.content_block.type === 'tool_use') toolInputs.set(event.index, '');
        if (event.type === 'content_block_delta' && event.delta.type === 'input_json_delta')
          toolInputs.set(event.index, (toolInputs.get(event.index) ?? '') + event.delta.partial_json);
      });
      try {
        const message = await stream.finalMessage();
        for (const [index, raw] of toolInputs) assertWholeJson(raw, message.content[index]);
        return message;
      } catch (error) {
        if (error instanceof ModelPortError) throw error;
        if (!began || signal?.aborted === true || error instanceof Sdk.APIUserAbortError || attempt >= this.maxRetries) throw error;
        await sleep(Math.min(8_000, 500 * 2 ** attempt), signal);
      }
    }
  }
}

function assertWholeJson(raw: string, block: Anthropic.ContentBlock | undefined): void {
  if (raw === '') return;
  try {
    JSON.parse(raw);
  } catch {
    const name = block?.type === 'tool_use' ? `${block.name} (${block.id})` : 'a tool';
    throw new ModelPortError(
      `the model's input for ${name} is not whole JSON (${raw.length} characters streamed); the call is refused, not run`,
      null,
      { malformedToolInput: true },
    );
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}

const EPHEMERAL = { type: 'ephemeral' } as const;

/** The SDK's request body: the system prompt and the end of the shared prefix marked for caching. */
export function toParams(request: ModelRequest, defaultModel: string): Anthropic.MessageCreateParamsNonStreaming {
  const prefix = request.sharedPrefix ?? 0;
  const messages = request.messages.map((message, index): Anthropic.MessageParam => {
    const blocks = typeof message.content === 'string' ? [{ type: 'text' as const, text: message.content }] : [...message.content];
    if (index !== prefix - 1 || blocks.length === 0) return { role: message.role, content: blocks as Anthropic.ContentBlockParam[] };
    const last = { ...blocks[blocks.length - 1], cache_control: EPHEMERAL };
    return { role: message.role, content: [...blocks.slice(0, -1), last] as Anthropic.ContentBlockParam[] };
  });
  return {
    model: request.model ?? defaultModel,
    max_tokens: request.maxTokens,
    messages,
    ...(request.system === undefined
      ? {}
      : { system: [{ type: 'text', text: request.system, ...(prefix > 0 ? { cache_control: EPHEMERAL } : {}) }] }),
    ...(request.tools === undefined
      ? {}
      : {
          tools: request.tools.map((tool) => ({
            name: tool.name,
            description: tool.description,
            input_schema: tool.inputSchema as Anthropic.Tool.InputSchema,
          })),
        }),
    ...(request.outputSchema === undefined
      ? {}
      : { output_config: { format: { type: 'json_schema', schema: { ...request.outputSchema } } } }),
    ...(request.providerData ?? {}),
  };
}

function toPortError(error: unknown, Sdk: AnthropicSdk): ModelPortError {
  if (error instanceof Sdk.APIUserAbortError)
    return new ModelPortError('Anthropic API call aborted', null, { aborted: true }, { cause: error });
  if (error instanceof Sdk.APIError) {
    const status = typeof error.status === 'number' ? error.status : null;
    return new ModelPortError(
      `Anthropic API ${status === null ? 'connection failed' : `answered ${status}`}: ${error.message}`,
      status,
      {},
      { cause: error },
    );
  }
  return new ModelPortError(`Anthropic API call failed: ${(error as Error).message}`, null, {}, { cause: error });
}
