import { describe, expect, it } from 'vitest';
import { hasUuid, toEntry, type Entry } from '../../src/transcript/entrySchema.js';
import { userEntry } from '../../src/testing/entryBuilders.js';

function parsed(value: Record<string, unknown>): Entry {
  const result = toEntry(value);
  if (!result.ok) throw new Error(result.message);
  return result.entry;
}

describe('hasUuid', () => {
  it('a chain entry has its uuid', () => {
    const entry = userEntry('u1', 'hi');
    expect(hasUuid(entry)).toBe(true);
    expect(hasUuid(entry) ? entry.uuid : null).toBe('u1');
  });

  it('a side entry has one only when it carries one, as a string', () => {
    expect(hasUuid(parsed({ type: 'summary', summary: 's', leafUuid: 'u1' }))).toBe(false);
    expect(hasUuid(parsed({ type: 'summary', summary: 's', leafUuid: 'u1', uuid: 'x1' }))).toBe(true);
    expect(hasUuid(parsed({ type: 'summary', summary: 's', leafUuid: 'u1', uuid: 7 }))).toBe(false);
  });

  it('an entry of an unknown kind has none, whatever its raw line holds', () => {
    expect(hasUuid(parsed({ type: 'from-the-future', uuid: 'x1' }))).toBe(false);
  });
});
