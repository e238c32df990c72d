import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../src/transcript/logEntry.js';
import { resolveEntryRef } from '../../src/transcript/entryRef.js';

const entries = [
  { seq: 0, entry: { type: 'summary' } },
  { seq: 1, entry: { type: 'user', uuid: 'abcd1234-0000-4000-8000-000000000001' } },
  { seq: 2, entry: { type: 'assistant', uuid: 'abcd5678-0000-4000-8000-000000000002' } },
  { seq: 3, entry: { type: 'user', uuid: 'ffff0000-0000-4000-8000-000000000003' } },
] as unknown as LogEntry[];

describe('naming an entry', () => {
  it('by its number, an entry without a uuid too', () => {
    expect(resolveEntryRef(entries, '0')).toEqual({ ok: true, seq: 0, uuid: null });
    expect(resolveEntryRef(entries, '3')).toEqual({ ok: true, seq: 3, uuid: 'ffff0000-0000-4000-8000-000000000003' });
    expect(resolveEntryRef(entries, '4')).toMatchObject({ ok: false, reason: expect.stringMatching(/no entry 4/) as unknown });
  });

  it('by its whole uuid or a unique start of it, in either case', () => {
    expect(resolveEntryRef(entries, 'abcd5678-0000-4000-8000-000000000002')).toMatchObject({ ok: true, seq: 2 });
    expect(resolveEntryRef(entries, 'ABCD1')).toMatchObject({ ok: true, seq: 1 });
    expect(resolveEntryRef(entries, 'ffff')).toMatchObject({ ok: true, seq: 3 });
  });

  it('refuses a start two uuids share, one too short to mean anything, and what is no uuid at all', () => {
    expect(resolveEntryRef(entries, 'abcd')).toEqual({ ok: false, reason: 'abcd is the start of 2 uuids (entries 1, 2); give more of it' });
    expect(resolveEntryRef(entries, 'ff')).toMatchObject({ ok: false });
    expect(resolveEntryRef(entries, 'nope')).toMatchObject({ ok: false });
    expect(resolveEntryRef(entries, '0a12')).toEqual({ ok: false, reason: 'no entry whose uuid starts with 0a12' });
    // Digits alone are an entry's number, as replay prints it.
    expect(resolveEntryRef(entries, '0123')).toMatchObject({ ok: false, reason: expect.stringMatching(/^no entry 123 /) as unknown });
  });
});
