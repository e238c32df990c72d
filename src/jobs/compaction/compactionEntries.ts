import type { Diagnostic } from '../../errors.js';
import { buildChain, selectLeaf } from '../../resume/conversationChain.js';
import { lightEntry } from '../../resume/lightEntry.js';
import { indexTranscript } from '../../resume/transcriptIndex.js';
import type { LogEntry } from '../../transcript/logEntry.js';
import { readTranscriptSync } from '../../transcript/readTranscript.js';
import { entriesAt } from '../../transcript/transcriptEntries.js';

const isBoundary = (entry: LogEntry['entry']): boolean => entry.type === 'system' && entry.subtype === 'compact_boundary';

/**
 * A transcript's entries as compaction plans over them, in memory in proportion to what it keeps
 * (issue 21): every entry light (src/resume/lightEntry.ts: enough to decide the chain, the cuts
 * and what a resume of the result loads), and whole from the last compact boundary of the chain
 * on — the messages a compaction summarises, keeps and counts. Read twice: once to decide the
 * chain, once for the whole entries it needs. `compactionView` over these gives the plan it gives
 * over the whole file (test/jobs/compaction/compactionEntries.property.test.ts).
 */
export function readCompactionEntries(path: string): { entries: LogEntry[]; diagnostics: Diagnostic[] } {
  const entries: LogEntry[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const item of readTranscriptSync(path)) {
    if (item.kind === 'diagnostic') diagnostics.push(item);
    else entries.push({ seq: item.seq, entry: lightEntry(item.entry) });
  }
  const index = indexTranscript(entries);
  const chain = buildChain(index, selectLeaf(index, 'newest')).nodes;
  let start = 0;
  chain.forEach((node, i) => {
    if (isBoundary(node.entry)) start = i;
  });
  // Entries are numbered from 0 in file order, so an entry's seq is its place in the array.
  for (const [seq, entry] of entriesAt(path, new Set(chain.slice(start).map((node) => node.seq))))
    if (entries[seq]?.seq === seq) entries[seq] = { seq, entry };
  return { entries, diagnostics };
}
