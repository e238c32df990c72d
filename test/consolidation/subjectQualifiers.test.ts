import { describe, expect, it } from 'vitest';
import { subjectQualifiers } from '../../src/consolidation/subjectQualifiers.js';

describe('subjectQualifiers', () => {
  it('reads the environment wherever it stands, one name for its spellings', () => {
    expect(subjectQualifiers('The staging API runs on port 9090.')).toEqual(['staging']);
    expect(subjectQualifiers('The prod API runs on port 8080.')).toEqual(['production']);
    expect(subjectQualifiers('Deploy to production only on Fridays.')).toEqual(['production']);
    expect(subjectQualifiers('Tests run against the local database.')).toEqual(['local']);
  });

  it('reads which one of a thing: the word before it, the number or name after it', () => {
    expect(subjectQualifiers('The billing service owns invoices.')).toEqual(['bill']);
    expect(subjectQualifiers('Invoices belong to the billing service.')).toEqual(['bill']);
    expect(subjectQualifiers('Service 1 runs on port 8001.')).toEqual(['servic 1']);
    expect(subjectQualifiers('Port 8005 is now used by service 1.')).toEqual(['servic 1']);
    expect(subjectQualifiers('The cache on host db1.internal uses port 6379.')).toEqual(['db1.internal']);
  });

  it('reads names and numbered things in the subject, and leaves the values after it', () => {
    expect(subjectQualifiers('`src/legacy/` is frozen.')).toEqual(['src/legacy/']);
    expect(subjectQualifiers('Shard 12 holds the EU customers.')).toEqual(['shard 12']);
    expect(subjectQualifiers('The API runs on Node 20.')).toEqual([]);
    expect(subjectQualifiers('Lint config lives in eslint.config.js.')).toEqual([]);
    expect(subjectQualifiers('Service 1: port 8001.')).toEqual(['servic 1']);
    expect(subjectQualifiers('Use pnpm for everything in this project: `pnpm install`, `pnpm test`.')).toEqual([]);
  });

  it('finds none in rules said with the usual words, nor in a rule’s verb', () => {
    expect(subjectQualifiers('Use tabs for indentation, not spaces.')).toEqual([]);
    expect(subjectQualifiers('Restart the services after changing the config.')).toEqual([]);
    expect(subjectQualifiers('Always run the tests before pushing.')).toEqual([]);
    expect(subjectQualifiers('The new API moved to port 9090.')).toEqual([]);
  });
});
