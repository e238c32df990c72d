import { describe, expect, it } from 'vitest';
import { findMemoryStatements } from '../../../src/model/offline/memoryStatements.js';
import type { ModelMessage } from '../../../src/model/port.js';

const user = (content: string): ModelMessage => ({ role: 'user', content });
const found = (text: string) => findMemoryStatements([user(text)]).map((s) => s.text);

describe('a scratch place for one task is no memory (decision 68, amended)', () => {
  it.each([
    'Download this repo into a temp folder and we will work on skills for its CLI: https://github.com/example/example-cli',
    'Descarga en un folder temporal este repo y vamos a trabajar skills para la CLI: https://github.com/example/example-cli',
    'The spec for the importer is in ~/Downloads/importer-spec-v3.pdf.',
    "The customer's logs are at /tmp/customer-4411.log",
  ])('%s', (said) => {
    expect(found(said)).toEqual([]);
  });

  it.each([
    'The raw survey data lives in ~/Downloads/survey-2026 and we keep it there.',
    'Always clone third-party repos into a temp folder, never into the workspace.',
    'The API reference lives at https://docs.example.org/api.',
  ])('a lasting place of the same shape is kept: %s', (said) => {
    expect(found(said)).toHaveLength(1);
  });
});
