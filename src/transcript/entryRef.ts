import type { LogEntry } from './logEntry.js';
import { hasUuid } from './entrySchema.js';

/**
 * How a person names an entry: as `memlog replay` prints it, by its seq ("entry 16"), by the
 * first characters of its uuid ("83905b2c"), or by the whole uuid. Resolves the name against a
 * transcript's entries to the entry's seq, or says why it cannot.
 */
export type EntryRefResult =
  { readonly ok: true; readonly seq: number; readonly uuid: string | null } | { readonly ok: false; readonly reason: string };

/** The shortest uuid prefix taken: shorter ones match too much to be meant. */
const MIN_PREFIX = 4;

export function resolveEntryRef(entries: Iterable<LogEntry>, ref: string): EntryRefResult {
  const name = ref.trim();
  if (/^\d+$/.test(name)) {
    const seq = Number(name);
    for (const e of entries) if (e.seq === seq) return { ok: true, seq, uuid: uuidOf(e) };
    return { ok: false, reason: `no entry ${seq} (entries are numbered from 0 in file order, as memlog replay shows them)` };
  }
  if (!/^[0-9a-f-]+$/i.test(name) || name.replace(/-/g, '').length < MIN_PREFIX)
    return {
      ok: false,
      reason: `${JSON.stringify(ref)} names no entry: give its number, its uuid, or at least ${MIN_PREFIX} first characters of the uuid`,
    };
  const wanted = name.toLowerCase();
  const matches: Array<{ seq: number; uuid: string }> = [];
  for (const e of entries) {
    const uuid = uuidOf(e);
    if (uuid === null) continue;
    if (uuid.toLowerCase() === wanted) return { ok: true, seq: e.seq, uuid };
    if (uuid.toLowerCase().startsWith(wanted)) matches.push({ seq: e.seq, uuid });
  }
  const only = matches.length === 1 ? matches[0] : undefined;
  if (only !== undefined) return { ok: true, seq: only.seq, uuid: only.uuid };
  if (matches.length === 0) return { ok: false, reason: `no entry whose uuid starts with ${name}` };
  return {
    ok: false,
    reason: `${name} is the start of ${matches.length} uuids (entries ${matches
      .slice(0, 5)
      .map((m) => m.seq)
      .join(', ')}${matches.length > 5 ? ', …' : ''}); give more of it`,
  };
}

function uuidOf(e: LogEntry): string | null {
  return hasUuid(e.entry) ? e.entry.uuid : null;
}
