import type { Diagnostic } from '../../errors.js';
import { buildChain, selectLeaf } from '../../resume/conversationChain.js';
import { FingerprintSet } from '../../resume/fingerprintSet.js';
import { lightEntry } from '../../resume/lightEntry.js';
import { indexTranscript } from '../../resume/transcriptIndex.js';
import { hasUuid } from '../../transcript/entrySchema.js';
import type { LogEntry } from '../../transcript/logEntry.js';
import { readTranscriptSync } from '../../transcript/readTranscript.js';
import { DEFAULT_AUTOCOMPACT_SETTINGS } from '../../projections/autocompactTrigger.js';
import { contextWindowInference, selectInferredWindow, type InferredWindow } from '../../projections/contextWindowInference.js';

const isBoundary = (entry: LogEntry['entry']): boolean => entry.type === 'system' && entry.subtype === 'compact_boundary';

/**
 * Whether a line names as its parent a progress line written before the line's last boundary: such a parent may lie
 * before where the entries would start, and a chain walks through a progress parent to its own.
 */
class EarlierProgressParents {
  readonly #all = new FingerprintSet();
  #sinceBoundary = new FingerprintSet();
  found = false;

  note(entry: LogEntry['entry'] & { readonly uuid: string }, parent: string | null): void {
    if (parent !== null && this.#all.mayHave(parent) && !this.#sinceBoundary.mayHave(parent)) this.found = true;
    if (entry.type === 'progress') {
      this.#all.add(entry.uuid);
      this.#sinceBoundary.add(entry.uuid);
    }
    if (isBoundary(entry)) this.#sinceBoundary = new FingerprintSet();
  }
}

export interface CompactionEntries {
  entries: LogEntry[];
  diagnostics: Diagnostic[];
  /** The window the session's usage proved against the default one; null when the default held it. */
  inferred: InferredWindow | null;
}

/**
 * A transcript's entries as compaction plans over them, in memory in proportion to what it plans
 * over rather than to the file (decisions 51 and 53): nothing before the compact boundary before the last
 * one (what a resume prunes, and what the forgetting index of src/resume/transcriptIndex.ts
 * forgets), light entries (src/resume/lightEntry.ts) up to the chain's last boundary, whole
 * entries from there on — the messages a compaction summarises, keeps and counts. Read twice:
 * once to decide the chain and where to start, once for the entries from there. Where the entries
 * before that start could still matter (the index had to read everything again, or a line there
 * names a parent written after it, which a relink walk could follow back), it starts at the top.
 * `compactionView` over these gives the plan it gives over the whole file
 * (test/jobs/compaction/compactionEntries.property.test.ts). The first read also folds the largest
 * main-thread input, for the window the session ran with (decision 113).
 */
export function readCompactionEntries(path: string): CompactionEntries {
  const diagnostics: Diagnostic[] = [];
  const boundarySeqs: number[] = [];
  const seen = new FingerprintSet();
  /** Parents named before they were written (or never: another file's), with the first line naming each. */
  const awaited = new Map<string, number>();
  /** The first line whose parent was written after it. */
  let firstForwardReference = Number.POSITIVE_INFINITY;
  const progressParents = new EarlierProgressParents();
  let window = contextWindowInference.initialState();
  function* light(record: boolean): Generator<{ seq: number; entry: LogEntry['entry'] }> {
    for (const item of readTranscriptSync(path)) {
      if (item.kind === 'diagnostic') {
        if (record) diagnostics.push(item);
        continue;
      }
      const { seq, entry } = item;
      if (record) window = contextWindowInference.evolve(window, item);
      if (record && hasUuid(entry)) {
        const parent = (entry as { parentUuid?: string | null }).parentUuid ?? null;
        if (parent !== null && !seen.mayHave(parent) && !awaited.has(parent)) awaited.set(parent, seq);
        const referrer = awaited.get(entry.uuid);
        if (referrer !== undefined) firstForwardReference = Math.min(firstForwardReference, referrer);
        seen.add(entry.uuid);
        progressParents.note(entry, parent);
        if (isBoundary(entry)) boundarySeqs.push(seq);
      }
      yield { seq, entry: lightEntry(entry) };
    }
  }
  const index = indexTranscript(light(true), { again: () => light(false) });
  const chain = buildChain(index, selectLeaf(index, 'newest')).nodes;
  let start = 0;
  chain.forEach((node, i) => {
    if (isBoundary(node.entry)) start = i;
  });
  const wholeFrom = new Set(chain.slice(start).map((node) => node.seq));
  const forgotten = boundarySeqs.at(-2) ?? 0;
  const from = index.readAgain || firstForwardReference < forgotten || progressParents.found ? 0 : forgotten;
  const entries: LogEntry[] = [];
  for (const item of readTranscriptSync(path)) {
    if (item.kind !== 'entry' || item.seq < from) continue;
    entries.push({ seq: item.seq, entry: wholeFrom.has(item.seq) ? item.entry : lightEntry(item.entry) });
  }
  return { entries, diagnostics, inferred: selectInferredWindow(window, DEFAULT_AUTOCOMPACT_SETTINGS.contextWindow) };
}
