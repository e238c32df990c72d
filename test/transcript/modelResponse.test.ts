import { describe, expect, it } from 'vitest';
import type { AssistantEntry } from '../../src/transcript/chainSchema.js';
import { isModelResponse, isSynthetic, isSyntheticApiError, SYNTHETIC_MODEL } from '../../src/transcript/modelResponse.js';
import { assistantEntry, text } from '../../src/testing/entryBuilders.js';

function reply(options: { model?: string; apiError?: boolean } = {}): AssistantEntry {
  const entry = assistantEntry('a1', 'm1', text('done'));
  return {
    ...entry,
    message: { ...entry.message, ...(options.model === undefined ? {} : { model: options.model }) },
    ...(options.apiError === undefined ? {} : { isApiErrorMessage: options.apiError }),
  };
}

describe('isModelResponse', () => {
  it('a reply the API sent is a model response', () => {
    expect(isModelResponse(reply())).toBe(true);
    expect(isModelResponse(reply({ apiError: false }))).toBe(true);
  });

  it('a reply with no model name (old or hand-made files) is a model response', () => {
    const entry = reply();
    const { model: _model, ...message } = entry.message;
    expect(isModelResponse({ ...entry, message })).toBe(true);
  });

  it('a locally made reply is not, even when not flagged as an error ("No response requested.")', () => {
    expect(isModelResponse(reply({ model: SYNTHETIC_MODEL }))).toBe(false);
    expect(isModelResponse(reply({ model: SYNTHETIC_MODEL, apiError: false }))).toBe(false);
  });

  it('an API error is not, whatever model it names', () => {
    expect(isModelResponse(reply({ model: SYNTHETIC_MODEL, apiError: true }))).toBe(false);
    expect(isModelResponse(reply({ apiError: true }))).toBe(false);
  });
});

describe('isSynthetic', () => {
  it('looks at the model name only', () => {
    expect(isSynthetic(reply({ model: SYNTHETIC_MODEL }))).toBe(true);
    expect(isSynthetic(reply({ model: SYNTHETIC_MODEL, apiError: true }))).toBe(true);
    expect(isSynthetic(reply())).toBe(false);
    expect(isSynthetic(reply({ apiError: true }))).toBe(false);
  });
});

describe('isSyntheticApiError', () => {
  it('needs both the error flag and the synthetic model: only those are left out of a resumed request', () => {
    expect(isSyntheticApiError(reply({ model: SYNTHETIC_MODEL, apiError: true }))).toBe(true);
    expect(isSyntheticApiError(reply({ model: SYNTHETIC_MODEL }))).toBe(false);
    expect(isSyntheticApiError(reply({ model: SYNTHETIC_MODEL, apiError: false }))).toBe(false);
    expect(isSyntheticApiError(reply({ apiError: true }))).toBe(false);
    expect(isSyntheticApiError(reply())).toBe(false);
  });
});
