/**
 * Writes the synthetic demo Claude Code projects folder into fixtures/projects/ and its README.
 * Deterministic: running it twice gives byte-identical files. Usage: npx tsx scripts/generateDemoFixtures.ts
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACME_CWD, NOTES_CWD, projectDirName } from './demoFixtures/acmeShop.js';
import { compactedSession } from './demoFixtures/compactedSession.js';
import { fixTestsSession } from './demoFixtures/fixTestsSession.js';
import { notesSession } from './demoFixtures/notesSession.js';
import { readme } from './demoFixtures/readme.js';
import { subagentSession } from './demoFixtures/subagentSession.js';

const fixturesDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const projectsDir = join(fixturesDir, 'projects');

function write(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

const fixTests = fixTestsSession();
const subagent = subagentSession();
const compacted = compactedSession();
const notes = notesSession();

rmSync(projectsDir, { recursive: true, force: true });
const acme = join(projectsDir, projectDirName(ACME_CWD));
for (const w of [fixTests.writer, subagent.writer, compacted.writer]) write(join(acme, `${w.sessionId}.jsonl`), w.toJsonl());
const subagentsDir = join(acme, subagent.writer.sessionId, 'subagents');
write(join(subagentsDir, `agent-${subagent.agentId}.jsonl`), subagent.sidechain.toJsonl());
write(join(subagentsDir, `agent-${subagent.agentId}.meta.json`), JSON.stringify(subagent.meta));
for (const [name, content] of Object.entries(fixTests.memory)) write(join(acme, 'memory', name), content);
write(join(projectsDir, projectDirName(NOTES_CWD), `${notes.sessionId}.jsonl`), notes.toJsonl());
write(join(projectsDir, 'README.md'), readme({ fixTests, subagent, compacted, notes }));

console.log(`wrote demo fixtures to ${projectsDir}`);
