import { describe, expect, it } from 'vitest';
import { findMemoryStatements } from '../../../src/model/offline/memoryStatements.js';
import { isOneOffPlace } from '../../../src/model/offline/oneOffPlace.js';
import type { ModelMessage } from '../../../src/model/port.js';

const user = (content: string): ModelMessage => ({ role: 'user', content });
const found = (text: string) => findMemoryStatements([user(text)]).map((s) => s.text);

describe('a scratch place for one task is no memory (decision 68, amended)', () => {
  it.each([
    'Download this repo into a temp folder and we will work on skills for its CLI: https://github.com/example/example-cli',
    'Descarga en un folder temporal este repo y vamos a trabajar skills para la CLI: https://github.com/example/example-cli',
    'The spec for the importer is in ~/Downloads/importer-spec-v3.pdf.',
    "The customer's logs are at /tmp/customer-4411.log",
    // Put there once, even where a script reads it: the file is for this task.
    'I just downloaded the dump to /tmp/dump-0412.sql, the importer reads it from there',
  ])('%s', (said) => {
    expect(found(said)).toEqual([]);
  });

  it.each([
    'The raw survey data lives in ~/Downloads/survey-2026 and we keep it there.',
    'Always clone third-party repos into a temp folder, never into the workspace.',
    'The API reference lives at https://docs.example.org/api.',
    // Said of how things are, in the present, a temporary folder is where they always go (decision 68, amended).
    'Remember that the seed dump lives at /tmp/memlog/seed.sql and the tests read it from there.',
    'Note: our CI caches go to /tmp/ci-cache/deps.tar on the runner.',
  ])('a lasting place of the same shape is kept: %s', (said) => {
    expect(found(said)).toHaveLength(1);
  });

  it.each([
    ['The seed dump lives at /tmp/memlog/seed.sql and the tests read it from there', false],
    ['Our CI caches go to /tmp/ci-cache/deps.tar on the runner', false],
    ['Clone the vendor repos into /tmp, the build script expects them there', false],
    ['I just downloaded the dump to /tmp/dump-0412.sql, the importer reads it from there', true],
    ['I saved the trace to /tmp/trace-77.json', true],
    ["The customer's logs are at /tmp/customer-4411.log", true],
  ])('%s: a place for one task only is %s', (said, oneOff) => {
    expect(isOneOffPlace(said)).toBe(oneOff);
  });
});
