import { ConfigError } from '../errors.js';
import { AnthropicModel } from '../model/anthropic/anthropicModel.js';
import type { MessageBatchesPort } from '../model/messageBatches.js';
import { OfflineModel } from '../model/offline/offlineModel.js';
import type { ModelPort } from '../model/port.js';
import { modelFromOptions, type ModelOptions } from './selectModel.js';
import type { FirstLookSettings } from './extraction/firstLook.js';

/** What `memlog extract` asks of its models, besides the model options themselves. */
export interface ExtractionModelOptions extends ModelOptions {
  /** Send the requests through the Message Batches API (the Anthropic model's). */
  readonly batch?: boolean;
  readonly consolidation: 'lexical' | 'agent';
  readonly firstLook: 'off' | 'shadow' | 'enforce';
  /** Seconds. */
  readonly firstLookTimeout: number;
  readonly firstLookModel?: string;
}

/** The models an extraction runs on: the one that extracts, and what the batches, the first look and the consolidation agent use. */
export interface ExtractionModels {
  readonly model: ModelPort;
  readonly batches?: MessageBatchesPort;
  readonly firstLook?: FirstLookSettings;
  readonly consolidationAgent?: { readonly model: ModelPort };
}

/**
 * Every model `memlog extract` runs on, chosen here once (decision 75); a combination the chosen
 * model cannot serve (batches without the Anthropic API, the agent on the offline model) is a
 * ConfigError that says which model this run would have used.
 */
export function extractionModels(options: ExtractionModelOptions): ExtractionModels {
  const model = modelFromOptions(options);
  if (options.batch === true && !(model instanceof AnthropicModel))
    throw new ConfigError(
      `--batch sends requests through the Anthropic Message Batches API: it needs ANTHROPIC_API_KEY and --model anthropic or auto (this run would use the ${model.name} model)`,
    );
  // auto without a key falls back to the offline model, which cannot run the agent.
  if (options.consolidation === 'agent' && model instanceof OfflineModel)
    throw new ConfigError(
      '--consolidation agent runs a model as an agent: it needs ANTHROPIC_API_KEY or --model anthropic, openai-compatible or claude-code (this run would use the offline model)',
    );
  const firstLook = firstLookSettings(options, model);
  return {
    model,
    ...(options.batch === true && model instanceof AnthropicModel ? { batches: model.batches } : {}),
    ...(firstLook === undefined ? {} : { firstLook }),
    ...(options.consolidation === 'agent' ? { consolidationAgent: { model } } : {}),
  };
}

/** One attempt, no retries, a short timeout (Claude Code's first look): a model of its own when it is the API. */
function firstLookSettings(options: ExtractionModelOptions, model: ModelPort): FirstLookSettings | undefined {
  if (options.firstLook === 'off') return undefined;
  const timeoutMs = options.firstLookTimeout * 1000;
  const asked =
    model instanceof AnthropicModel
      ? new AnthropicModel({
          maxRetries: 0,
          stream: false,
          timeoutMs,
          ...(options.firstLookModel === undefined ? {} : { model: options.firstLookModel }),
        })
      : model;
  return { mode: options.firstLook, timeoutMs, model: asked };
}
