/** The model port over any OpenAI chat-completions server (local models: Ollama, llama.cpp, vLLM, LM Studio). */
export { OpenAICompatibleModel, openAICompatibleConfigured, type OpenAICompatibleOptions } from './openaiCompatibleModel.js';
