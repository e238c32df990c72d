import Anthropic from '@anthropic-ai/sdk';
import { ConfigError, ModelPortError } from '../errors.js';
import type { ContentBlock } from '../transcript/contentSchema.js';
import type { ModelPort, ModelReply, ModelRequest } from './port.js';

/** A current model: the SDK warns about (and the API retires) deprecated ones such as claude-sonnet-4-5. */
export const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-5-5';

export interface AnthropicModelOptions {
  /** Defaults to ANTHROPIC_API_KEY. */
  readonly apiKey?: string;
  /** Defaults to ANTHROPIC_BASE_URL, else the SDK's. */
  readonly baseURL?: string;
  readonly model?: string;
  /** The SDK's retries with backoff on 408/409/429/5xx and dropped connections, honouring retry-after. */
  readonly maxRetries?: number;
  /** Per attempt. */
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** The model port on the real Messages API, through @anthropic-ai/sdk. */
export class AnthropicModel implements ModelPort {
  readonly name = 'anthropic';
  private readonly client: Anthropic;
  private readonly model: string;

  constructor(options: AnthropicModelOptions = {}) {
    const env = options.env ?? process.env;
    const apiKey = options.apiKey ?? env['ANTHROPIC_API_KEY'];
    if (apiKey === undefined || apiKey === '') throw new ConfigError('no Anthropic API key: set ANTHROPIC_API_KEY or pass apiKey (the offline model needs none)');
    const baseURL = options.baseURL ?? env['ANTHROPIC_BASE_URL'];
    this.client = new Anthropic({
      apiKey,
      ...(baseURL === undefined || baseURL === '' ? {} : { baseURL }),
      maxRetries: options.maxRetries ?? 4,
      timeout: options.timeoutMs ?? 120_000,
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    });
    this.model = options.model ?? DEFAULT_ANTHROPIC_MODEL;
  }

  async complete(request: ModelRequest, options: { readonly signal?: AbortSignal } = {}): Promise<ModelReply> {
    try {
      const message = await this.client.messages.create(toParams(request, this.model), options.signal === undefined ? {} : { signal: options.signal });
      return {
        model: message.model,
        content: message.content as unknown as ContentBlock[],
        stopReason: message.stop_reason ?? null,
        usage: {
          inputTokens: message.usage.input_tokens,
          outputTokens: message.usage.output_tokens,
          cacheCreationInputTokens: message.usage.cache_creation_input_tokens ?? 0,
          cacheReadInputTokens: message.usage.cache_read_input_tokens ?? 0,
        },
      };
    } catch (error) {
      throw toPortError(error);
    }
  }
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
    ...(request.system === undefined ? {} : { system: [{ type: 'text', text: request.system, ...(prefix > 0 ? { cache_control: EPHEMERAL } : {}) }] }),
    ...(request.tools === undefined ? {} : { tools: request.tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.inputSchema as Anthropic.Tool.InputSchema })) }),
    ...(request.providerData ?? {}),
  };
}

function toPortError(error: unknown): ModelPortError {
  if (error instanceof Anthropic.APIError) {
    const status = typeof error.status === 'number' ? error.status : null;
    return new ModelPortError(`Anthropic API ${status === null ? 'connection failed' : `answered ${status}`}: ${error.message}`, status, {}, { cause: error });
  }
  return new ModelPortError(`Anthropic API call failed: ${(error as Error).message}`, null, {}, { cause: error });
}
