import { describe, expect, it } from 'vitest';
import { indexTranscript } from '../../src/resume/transcriptIndex.js';
import { serializeEntry, toEntry, type Entry } from '../../src/transcript/entrySchema.js';
import { userEntry } from '../../src/testing/entryBuilders.js';

function parsed(value: Record<string, unknown>): Entry {
  const result = toEntry(value);
  if (!result.ok) throw new Error(result.message);
  return result.entry;
}

const denials = (n: number) => ({ type: 'denial-counts', sessionId: 's1', counts: { Bash: n }, consecutive: n });
const route = (name: string) => ({ type: 'api-request-route', sessionId: 's1', route: name });

describe("Claude Code 2.1.337's two new metadata entries", () => {
  it('denial-counts and api-request-route are read as their own kinds and written back as they were', () => {
    for (const value of [denials(2), route('primary')]) {
      const entry = parsed(value);
      expect(entry.type).toBe(value.type);
      expect(JSON.parse(serializeEntry(entry))).toEqual(value);
    }
  });

  it('the last one of each wins when a session is loaded', () => {
    const entries = [denials(1), userEntry('u1', 'hi'), route('primary'), denials(3), route('fallback')].map((e, seq) => ({
      seq,
      entry: 'uuid' in e ? (e as Entry) : parsed(e),
    }));
    const index = indexTranscript(entries);
    expect(index?.metadata.denialCounts).toEqual({ counts: { Bash: 3 }, consecutive: 3 });
    expect(index?.metadata.apiRequestRoute).toEqual({ route: 'fallback' });
  });
});
