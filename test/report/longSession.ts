import {
  assistantEntry,
  compactBoundaryEntry,
  compactSummaryEntry,
  text,
  toolResultEntry,
  toolUse,
  userEntry,
} from '../../src/testing/entryBuilders.js';
import type { EffectRecord } from '../../src/pipeline/effectRecord.js';
import type { Entry } from '../../src/transcript/entrySchema.js';
import type { LogEntry } from '../../src/transcript/logEntry.js';

/**
 * A deterministic session of about `size` entries for the page tests: turns of a prompt, tool
 * calls (every 7th fails) and a reply, the context growing with each response, and a compact
 * boundary whenever it passes 170,000 tokens. Ids come from counters; times from the entry index.
 */
export function longSession(size: number): Entry[] {
  const entries: Entry[] = [];
  let n = 0;
  let context = 8_000;
  let parent: string | null = null;
  const id = (kind: string): string => `${kind}-${String(n++).padStart(6, '0')}`;
  const time = (): string => new Date(Date.UTC(2026, 0, 1) + entries.length * 7_000).toISOString();
  const push = (entry: Entry): void => {
    entries.push(entry);
    parent = (entry as { uuid?: string }).uuid ?? parent;
  };
  for (let turn = 0; entries.length < size; turn++) {
    push(userEntry(id('prompt'), `Turn ${turn}: make the parser handle case ${turn}`, { parentUuid: parent, timestamp: time() }));
    for (let call = 0; call < 3 && entries.length < size; call++) {
      context += 1_500;
      const msg = id('msg');
      const useId = id('toolu');
      const piece = id('use');
      push(
        assistantEntry(piece, msg, toolUse(useId, call % 2 === 0 ? 'Read' : 'Bash'), {
          parentUuid: parent,
          timestamp: time(),
          usage: { input_tokens: 10, output_tokens: 200, cache_read_input_tokens: context },
        }),
      );
      const failed = n % 7 === 0;
      push(toolResultEntry(id('result'), useId, piece, { timestamp: time(), isError: failed, content: failed ? 'Exit code 1' : 'ok' }));
    }
    context += 900;
    push(
      assistantEntry(id('reply'), id('msg'), text(`Done with case ${turn}.`), {
        parentUuid: parent,
        timestamp: time(),
        stopReason: 'end_turn',
        usage: { input_tokens: 10, output_tokens: 300, cache_read_input_tokens: context },
      }),
    );
    if (context > 170_000) {
      const boundary = id('boundary');
      const last = parent ?? 'none';
      push(compactBoundaryEntry(boundary, last, undefined, { timestamp: time() }));
      push(compactSummaryEntry(id('summary'), boundary, 'Summary of the work so far.', { timestamp: time() }));
      context = 12_000;
    }
  }
  return entries;
}

/**
 * memlog's records of runs over a session of at least 41 entries with a compact boundary: an
 * extraction run that wrote a file, a trailing one, a failed notes run, and the first boundary
 * as a compaction memlog made (Claude Code made the others).
 */
export function recordedRuns(entries: readonly LogEntry[]): EffectRecord[] {
  const at = (seq: number) => ({ seq, uuid: (entries[seq]?.entry as { uuid: string }).uuid });
  const boundary = entries.find(({ entry }) => entry.type === 'system' && entry.subtype === 'compact_boundary');
  if (boundary === undefined) throw new Error('recordedRuns needs a session with a compact boundary');
  return [
    { v: 1, type: 'run_started', at: at(10), run: 'extraction', runId: 'x1', batch: [at(9)], trailing: false },
    { v: 1, type: 'run_finished', at: at(20), run: 'extraction', runId: 'x1', outcome: { written: [{ file: 'a.md', change: 'added' }] } },
    { v: 1, type: 'run_started', at: at(20), run: 'extraction', runId: 'x2', batch: [at(12), at(18)], trailing: true },
    { v: 1, type: 'run_failed', at: at(30), run: 'session_notes', runId: 'n1', error: 'model said no' },
    {
      v: 1,
      type: 'compacted',
      at: at(40),
      outcome: {
        rung: 'notes',
        trigger: 'manual',
        boundaryUuid: (boundary.entry as { uuid: string }).uuid,
        tokensBefore: 5,
        tokensAfter: 4,
      },
    },
  ];
}
