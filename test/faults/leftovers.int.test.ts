import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compactTranscript, extractMemories, OfflineModel } from '../../src/index.js';
import { blobDir } from '../../src/jobs/records/blobStore.js';
import { leftovers } from '../support/dirSnapshot.js';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

const SESSION = 'a1eaaff9-3a09-471e-b457-360fb17ea04f';

/** A demo project in a fresh folder, without its own memory folder. */
function project(): string {
  const dir = join(tempDir(), 'projects', 'acme');
  cpSync(join(demoProjects, '-home-dev-acme-shop'), dir, { recursive: true });
  return dir;
}

/** What kill -9 leaves beside a memory directory: run copies with their base links, and atomic-write temp files inside it. */
function plantExtractLeftovers(memoryDir: string): void {
  mkdirSync(memoryDir, { recursive: true });
  const parent = join(memoryDir, '..');
  const name = memoryDir.split('/').at(-1) ?? 'memory';
  const staging = join(parent, `.${name}.${SESSION}.extraction@99.memlog-run`);
  mkdirSync(staging, { recursive: true });
  writeFileSync(join(staging, 'half-written.md'), '---\nname: x\n');
  mkdirSync(`${staging}.base`, { recursive: true });
  writeFileSync(join(`${staging}.base`, 'MEMORY.md'), '- old\n');
  writeFileSync(join(memoryDir, '.MEMORY.md.0123456789ab.tmp'), '- torn');
}

/** A blob write a kill cut short, beside a blob kept whole: what a Ctrl-C during extract --per-turn leaves in the store. */
function plantBlobLeftover(memoryDir: string): { torn: string; kept: string } {
  const shard = join(blobDir(memoryDir), 'ab');
  mkdirSync(shard, { recursive: true });
  const torn = join(shard, '.memlog.0123456789ab.tmp');
  writeFileSync(torn, '- tor');
  const kept = join(shard, `ab${'0'.repeat(62)}`);
  writeFileSync(kept, 'kept');
  return { torn, kept };
}

describe('leftovers of killed and failed runs are cleaned by the next successful run', () => {
  it('memlog extract into memlog output: run copies, base links and temp files go', async () => {
    const root = project();
    const out = join(tempDir(), 'out');
    const memoryDir = join(out, 'acme', 'memory');
    plantExtractLeftovers(memoryDir);
    const blobs = plantBlobLeftover(memoryDir);
    expect(leftovers(out).length).toBeGreaterThan(0);
    const report = await extractMemories({ root: join(root, '..'), out, model: new OfflineModel() });
    expect(report.failedRuns).toBe(0);
    expect(leftovers(out)).toEqual([]);
    expect(existsSync(blobs.torn)).toBe(false);
    expect(existsSync(blobs.kept)).toBe(true);
    expect(readdirSync(memoryDir)).toContain('MEMORY.md');
  });

  it("memlog extract --into-claude: nothing is left inside Claude Code's own project folder", () => {
    const root = project();
    const memoryDir = join(root, 'memory');
    plantExtractLeftovers(memoryDir);
    // The sessions' cwd does not exist here, so Claude Code's memory is the project folder's own memory/.
    const result = runCli(['extract', join(root, '..'), '--into-claude', '--model', 'offline'], { env: { CLAUDE_CONFIG_DIR: tempDir() } });
    expect(result.status).toBe(0);
    expect(leftovers(root)).toEqual([]);
  });

  it("memlog notes: a dead run's staging copy and temp file go, and compaction does not wait for them", async () => {
    const root = project();
    const transcript = join(root, `${SESSION}.jsonl`);
    const notesDir = join(root, SESSION, 'session-memory');
    mkdirSync(notesDir, { recursive: true });
    writeFileSync(join(notesDir, '.summary.md.session_notes_15.memlog-run'), '# Session Title\n');
    writeFileSync(join(notesDir, '.summary.md.0123456789ab.tmp'), '# Sess');
    // A compaction before any notes build: the dead marker must not hold it for the 15-second wait.
    let waits = 0;
    const dry = await compactTranscript({ transcriptPath: transcript, dryRun: true, wait: { sleep: () => Promise.resolve(void waits++) } });
    expect(waits).toBe(0);
    expect(dry.diagnostics).toEqual([]);
    const result = runCli(['notes', transcript, '--model', 'offline', '--config-dir', tempDir()]);
    expect(result.status).toBe(0);
    expect(leftovers(root)).toEqual([]);
    expect(existsSync(join(notesDir, 'summary.md'))).toBe(true);
  });
});
