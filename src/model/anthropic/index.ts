/** The model port over the real Anthropic API (Messages and Message Batches). */
export { AnthropicModel, DEFAULT_ANTHROPIC_MODEL, type AnthropicModelOptions } from './anthropicModel.js';
export { AnthropicMessageBatches } from './messageBatches.js';
