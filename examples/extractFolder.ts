/**
 * Library usage: backfill durable memories from every session under a projects folder, with the
 * offline model (deterministic, no key, no network), then read the memory directories back.
 * Run: npx tsx examples/extractFolder.ts [projects folder] [output folder]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backfillMemories, OfflineModel, scanMemoryFiles } from '../src/index.js';

const root = process.argv[2] ?? 'fixtures/projects';
const out = process.argv[3] ?? mkdtempSync(join(tmpdir(), 'memlog-extract-'));
const model = new OfflineModel(); // or selectModel(): the Anthropic API when ANTHROPIC_API_KEY is set

// 1. Backfill: each session is read once in chunks (its candidates recorded in its effect log first), then each project consolidated.
const report = await backfillMemories({ root, out, model });
process.stdout.write(
  `${report.processed} sessions read, ${report.tokens.input} model tokens sent for ${report.sessionTokens} tokens of sessions; memory in ${out}\n`,
);

// 2. Read the memory directories: the topic files' frontmatter, as the model sees it.
for (const project of report.projects) {
  process.stdout.write(`${project.memoryDir}: ${project.memories} memories\n`);
  for (const header of await scanMemoryFiles(project.memoryDir))
    process.stdout.write(`  ${header.filename} [${header.type ?? 'untyped'}] ${header.description ?? ''}\n`);
}

// 3. Again: the effect logs say what was read, so nothing is sent twice.
const again = await backfillMemories({ root, out, model });
process.stdout.write(`second run: ${again.processed} sessions read, ${again.tokens.input} model tokens sent\n`);
