import { describe, expect, it } from 'vitest';
import { ConfigError, OfflineModel } from '../../src/index.js';
import { extractionModels, type ExtractionModelOptions } from '../../src/jobs/index.js';

const OFFLINE: ExtractionModelOptions = { model: 'offline', consolidation: 'lexical', firstLook: 'off', firstLookTimeout: 20 };

describe('extractionModels: every model memlog extract runs on, chosen once', () => {
  it('the offline model alone: no batches, no first look, no agent', () => {
    const models = extractionModels(OFFLINE);
    expect(models.model).toBeInstanceOf(OfflineModel);
    expect(models).toEqual({ model: models.model });
  });

  it('a first look on a model that is not the API asks that same model, with the timeout in milliseconds', () => {
    const models = extractionModels({ ...OFFLINE, firstLook: 'enforce', firstLookTimeout: 7 });
    expect(models.firstLook).toEqual({ mode: 'enforce', timeoutMs: 7000, model: models.model });
  });

  it('batches without the Anthropic API, or the agent on the offline model, is a ConfigError naming the model', () => {
    expect(() => extractionModels({ ...OFFLINE, batch: true })).toThrow(ConfigError);
    expect(() => extractionModels({ ...OFFLINE, batch: true })).toThrow(/this run would use the offline model/);
    expect(() => extractionModels({ ...OFFLINE, consolidation: 'agent' })).toThrow(/consolidation agent runs a model as an agent/);
  });
});
