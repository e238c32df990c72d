/**
 * Library usage: replay a session's memory life from its transcript alone. When session notes,
 * durable-memory extraction and compaction fall due, and why. Pure and deterministic: no model,
 * no clock, the same file gives the same decisions.
 * Run: npx tsx examples/replaySession.ts [transcript.jsonl]
 */
import { buildTimeline, formatTimeline, readLogEntries, replaySync, type Decision } from '../src/index.js';

const file = process.argv[2] ?? 'fixtures/projects/-home-dev-acme-shop/4a2030a7-b5cb-49a2-b41c-016deb5688ff.jsonl';

// 1. Read: every entry with its position; a line that cannot be read is a diagnostic, never an exception.
const { entries, diagnostics } = readLogEntries(file);
for (const d of diagnostics) process.stderr.write(`line ${d.line}: ${d.code}\n`);

// 2. Replay: the triggers folded over the entries. Each decision names the entry that caused it and says why.
const { decisions } = replaySync(entries);
const due = (kind: Decision['kind']) => decisions.filter((d) => d.kind === kind).length;
process.stdout.write(
  `${entries.length} entries; due: session notes ${due('session_notes_due')}, extraction ${due('extraction_due')}, compaction ${due('compaction_due')}\n`,
);
const firstCompaction = decisions.find((d) => d.kind === 'compaction_due');
if (firstCompaction !== undefined)
  process.stdout.write(`first compaction due at entry ${firstCompaction.seq}: ${firstCompaction.reason}\n`);

// 3. The same replay turn by turn, as `memlog replay` prints it. Settings change the thresholds: here a 1M-token window.
process.stdout.write(`${formatTimeline(file, buildTimeline(entries, { autocompact: { contextWindow: 1_000_000 } }))}\n`);
