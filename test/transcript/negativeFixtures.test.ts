import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serializeEntry } from '../../src/index.js';
import { readTranscriptFileSync } from '../../src/transcript/index.js';
import { negativeFixtures } from '../support/paths.js';

const EXPECTED: Record<string, string[]> = {
  'torn-tail.jsonl': ['entry@1', 'entry@2', 'truncated_line@3'],
  'malformed-middle.jsonl': ['entry@1', 'malformed_json@2', 'entry@3'],
  'not-entries.jsonl': [1, 2, 3, 4, 5, 6, 7].map((n) => `schema_mismatch@${n}`).concat('entry@8'),
  'crlf-bom-blank.jsonl': ['entry@1', 'entry@4'],
  'invalid-utf8.jsonl': ['entry@1', 'invalid_utf8@2', 'entry@3'],
  'unknown-kinds.jsonl': ['entry@1', 'entry@2', 'entry@3'],
};

describe('bundled negative fixtures', () => {
  it.each(Object.entries(EXPECTED))('%s gives exactly %j', (file, expected) => {
    const items = readTranscriptFileSync(join(negativeFixtures, file));
    expect(items.map((i) => `${i.kind === 'entry' ? 'entry' : i.code}@${i.line}`)).toEqual(expected);
  });

  it('unknown kinds, unknown blocks and unknown fields are written back byte for byte', () => {
    const path = join(negativeFixtures, 'unknown-kinds.jsonl');
    const items = readTranscriptFileSync(path);
    const text = items.map((i) => (i.kind === 'entry' ? serializeEntry(i.entry) : '')).join('\n');
    expect(`${text}\n`).toBe(readFileSync(path, 'utf8'));
    expect(items[1]).toMatchObject({ entry: { type: 'unknown', raw: { type: 'from-the-future' } } });
  });
});
