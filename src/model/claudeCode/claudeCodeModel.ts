import { ModelPortError } from '../../errors.js';
import { limitConcurrency } from '../limitConcurrency.js';
import { forcedTool } from '../forcedTool.js';
import type { ModelPort, ModelReply, ModelRequest } from '../port.js';
import { isJsonObject } from '../tolerantJson.js';
import { claudeArgs } from './claudeArgs.js';
import { assertClaudeCodeSupported } from './claudeCodeSupport.js';
import { claudePrompt } from './claudePrompt.js';
import { runClaude, type ClaudeResult } from './runClaude.js';
import { envelopeBlocks, envelopeSchema, needsEnvelope, toolsPrompt } from './toolEnvelope.js';

/** Claude Code's alias for its smallest, cheapest model. */
export const DEFAULT_CLAUDE_MODEL = 'haiku';

/** memlog's own system prompt when a request has none: never Claude Code's coding-agent prompt. */
const MEMLOG_SYSTEM = 'You are a careful assistant that works on memory files for memlog. Answer only what is asked.';

export interface ClaudeCodeModelOptions {
  /** The Claude Code executable; defaults to MEMLOG_CLAUDE_BIN, else `claude` on PATH. */
  readonly bin?: string;
  /** A Claude Code model alias or id (`--claude-model`); defaults to haiku. */
  readonly model?: string;
  /** Calls in flight at most (default 2). */
  readonly concurrency?: number;
  /** Per attempt (default 5 minutes). */
  readonly timeoutMs?: number;
  /** Attempts after the first, on errors Claude Code reports as retryable (429, 5xx, 529) and timeouts. */
  readonly maxRetries?: number;
  /** The first wait between attempts; doubled each time (default 1 s). */
  readonly retryDelayMs?: number;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/**
 * The model port on the person's installed Claude Code in print mode, with their own login: no
 * tools of its own, structured answers through `--json-schema`, and no trace left (decision 71).
 */
export class ClaudeCodeModel implements ModelPort {
  readonly name = 'claude-code';
  /** What Claude Code reported these calls cost, summed (they count against the person's plan). */
  costUsd = 0;
  private readonly bin: string;
  private readonly model: string;
  private readonly env: Readonly<Record<string, string | undefined>>;
  private readonly limit: <T>(run: () => Promise<T>) => Promise<T>;

  constructor(private readonly options: ClaudeCodeModelOptions = {}) {
    this.env = options.env ?? process.env;
    this.bin = options.bin ?? (this.env['MEMLOG_CLAUDE_BIN'] || 'claude');
    this.model = options.model ?? DEFAULT_CLAUDE_MODEL;
    this.limit = limitConcurrency(options.concurrency ?? 2);
    // Before any call: a Claude Code that cannot promise no trace stops the run here.
    assertClaudeCodeSupported(this.bin, this.env);
  }

  complete(request: ModelRequest, options: { readonly signal?: AbortSignal } = {}): Promise<ModelReply> {
    return this.limit(() => this.withRetries(request, options.signal));
  }

  private async withRetries(request: ModelRequest, signal: AbortSignal | undefined): Promise<ModelReply> {
    const retries = this.options.maxRetries ?? 2;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once(request, signal);
      } catch (error) {
        const retryable = error instanceof ModelPortError && error.retryable && error.status !== null;
        if (!retryable || attempt >= retries || signal?.aborted === true) throw error;
        await new Promise((resolve) => setTimeout(resolve, (this.options.retryDelayMs ?? 1_000) * 2 ** attempt));
      }
    }
  }

  private async once(request: ModelRequest, signal: AbortSignal | undefined): Promise<ModelReply> {
    const forced = forcedTool(request);
    const envelope = needsEnvelope(request);
    const system = [request.system ?? MEMLOG_SYSTEM, ...(envelope ? [toolsPrompt(request.tools ?? [], forced)] : [])].join('\n\n');
    const schema = envelope ? envelopeSchema(request.tools ?? [], forced) : (request.outputSchema ?? TEXT_SCHEMA);
    const result = await runClaude({
      bin: this.bin,
      args: claudeArgs(request.model ?? this.model, system, schema),
      prompt: claudePrompt(request),
      env: this.env,
      timeoutMs: this.options.timeoutMs ?? 300_000,
      ...(signal === undefined ? {} : { signal }),
    });
    this.costUsd += result.total_cost_usd ?? 0;
    return toReply(result, envelope ? 'envelope' : request.outputSchema === undefined ? 'text' : 'json', request.model ?? this.model);
  }
}

/**
 * A plain answer is asked for as `{text}` too: print mode then always ends in one structured-output
 * call, the same shape for every request (decision 71).
 */
const TEXT_SCHEMA = { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } as const;

function toReply(result: ClaudeResult, shape: 'envelope' | 'json' | 'text', model: string): ModelReply {
  const usage = {
    inputTokens: result.usage?.input_tokens ?? 0,
    outputTokens: result.usage?.output_tokens ?? 0,
    cacheCreationInputTokens: result.usage?.cache_creation_input_tokens ?? 0,
    cacheReadInputTokens: result.usage?.cache_read_input_tokens ?? 0,
  };
  const answered = Object.keys(result.modelUsage ?? {})[0] ?? model;
  if (shape === 'envelope') {
    const { content, calls } = envelopeBlocks(result.structured_output);
    return { model: answered, content, stopReason: calls > 0 ? 'tool_use' : 'end_turn', usage };
  }
  const answer = result.structured_output;
  if (!isJsonObject(answer) || (shape === 'text' && typeof answer['text'] !== 'string'))
    throw new ModelPortError('Claude Code answered without the structured output memlog asked for', 422, {});
  const text = shape === 'text' ? String(answer['text']) : JSON.stringify(answer);
  return { model: answered, content: [{ type: 'text', text }], stopReason: 'end_turn', usage };
}
