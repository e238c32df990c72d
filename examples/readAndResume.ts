/**
 * Library usage: stream a transcript, count what it holds, then resume it as Claude Code would.
 * Run: npx tsx examples/readAndResume.ts [transcript.jsonl]
 */
import { count, filter } from 'rxjs';
import { loadConversation, readTranscript } from '../src/index.js';

const file = process.argv[2] ?? 'fixtures/projects/-home-dev-acme-shop/4a2030a7-b5cb-49a2-b41c-016deb5688ff.jsonl';

// 1. Stream: entries and diagnostics as an Observable; memory stays flat whatever the file size.
readTranscript(file)
  .pipe(
    filter((item) => item.kind === 'entry' && item.entry.type === 'assistant'),
    count(),
  )
  .subscribe((pieces) => process.stdout.write(`${pieces} assistant entries\n`));

// 2. Resume: the chain from the newest leaf and the messages the API would receive.
const resumed = loadConversation(file);
process.stdout.write(`chain of ${resumed.chain.nodes.length} entries ending at ${resumed.chain.leaf ?? 'nothing'}\n`);
for (const message of resumed.messages.slice(0, 4)) {
  const kinds = message.content.map((block) => block.type).join(', ');
  process.stdout.write(`${message.role}: ${kinds}\n`);
}
for (const d of resumed.diagnostics) process.stderr.write(`line ${d.line}: ${d.code}\n`);
