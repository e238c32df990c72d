/**
 * Library usage: extract durable memories from every session under a projects folder, with the
 * offline model (deterministic, no key, no network), then read the memory directories back.
 * Run: npx tsx examples/extractFolder.ts [projects folder] [output folder]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractMemories, OfflineModel, scanMemoryFiles } from '../src/index.js';

const root = process.argv[2] ?? 'fixtures/projects';
const out = process.argv[3] ?? mkdtempSync(join(tmpdir(), 'memlog-extract-'));
const model = new OfflineModel(); // or selectModel(): the Anthropic API when ANTHROPIC_API_KEY is set

// 1. Extract: each session is replayed, extraction runs where it falls due, and every run is recorded in the effect log first.
const report = await extractMemories({ root, out, model });
process.stdout.write(`${report.processed} sessions processed, ${report.failedRuns} runs failed; memory in ${out}\n`);

// 2. Read the memory directories: the topic files' frontmatter, as the model sees it.
for (const project of report.projects) {
  process.stdout.write(`${project.memoryDir}: ${project.memories} memories\n`);
  for (const header of await scanMemoryFiles(project.memoryDir))
    process.stdout.write(`  ${header.filename} [${header.type ?? 'untyped'}] ${header.description ?? ''}\n`);
}

// 3. Again: the effect logs say what was done, so nothing is extracted twice.
const again = await extractMemories({ root, out, model });
process.stdout.write(`second run: ${again.processed} sessions processed\n`);
