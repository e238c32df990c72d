import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assistantEntry, toolResult, toolUse, userEntry } from '../../src/testing/index.js';
import { emitOwnModules } from '../support/emitOwnModules.js';
import { repoRoot } from '../support/paths.js';
import { tempDir } from '../support/tempDir.js';

/**
 * The search modules and the parse worker emitted as the build lays them out (src/ → dist/), so the
 * worker's module is there beside its client, as in the built package; the sources alone (tests,
 * tsx, the CLI bundle) parse in this thread. Only our own modules are emitted; packages load from node_modules.
 */
function emitSearch(into: string): void {
  emitOwnModules(
    into,
    ['index.ts', 'parseWorker.ts', 'parseWorkerClient.ts'].map((name) => join(repoRoot, 'src', 'search', name)),
  );
}

/** `count` lines of a session from line `from` on: words, tool calls, long tool results, and a bad line now and then. */
function sessionLines(count: number, from: number): string[] {
  return Array.from({ length: count }, (_, k) => {
    const i = from + k;
    if (i % 97 === 0) return '{"type": "user", "message": ';
    const entry =
      i % 3 === 0
        ? userEntry(`u-${i}`, `deploy number ${i} of the zebrafish service`)
        : i % 3 === 1
          ? assistantEntry(`a-${i}`, `m-${i}`, toolUse(`t-${i}`, 'Bash', { command: `make deploy-${i}` }))
          : userEntry(`r-${i}`, [toolResult(`t-${i - 1}`, `build log ${i} `.repeat(120))]);
    return JSON.stringify(entry);
  });
}

const PROBE = `
import { findSessionFiles } from '../dist/search/sessionFiles.js';
import { indexSessions } from '../dist/search/indexSessions.js';
import { openSearchDb } from '../dist/search/searchDb.js';
import { ParseWorkerClient } from '../dist/search/parseWorkerClient.js';
import { createHash } from 'node:crypto';
const [root, a, b] = process.argv.slice(2);
const worker = ParseWorkerClient.start();
worker?.close();
const dump = (path, parseWorker) => {
  const db = openSearchDb(path);
  const report = indexSessions(db, findSessionFiles([root]), { roots: [root], batchRows: 300, chunkBytes: 64 * 1024, parseWorker });
  const rows = db.prepare('SELECT f.path, f.indexed_to, f.next_seq, f.skipped_lines, e.seq, e.offset, e.uuid, e.role, e.kind, e.text FROM entries e JOIN files f ON f.id = e.file_id ORDER BY f.path, e.seq, e.kind').all();
  const hits = db.prepare("SELECT rowid FROM entries_fts WHERE entries_fts MATCH 'zebrafish' ORDER BY rowid").all().length;
  db.close();
  return { report, rows: rows.length, digest: createHash('sha256').update(JSON.stringify(rows)).digest('hex'), hits };
};
console.log(JSON.stringify({ worker: worker !== undefined, withWorker: dump(a, true), inThread: dump(b, false) }));
`;

interface Probe {
  worker: boolean;
  withWorker: { report: Record<string, number>; rows: number; digest: string; hits: number };
  inThread: { report: Record<string, number>; rows: number; digest: string; hits: number };
}

describe('the parse worker (decision 89)', () => {
  it('indexes what this thread indexes, batch by batch, a first pass and a pass over a grown file', () => {
    const dir = tempDir('memlog-parse-worker-');
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
    emitSearch(dir);
    mkdirSync(join(dir, 'scripts'));
    writeFileSync(join(dir, 'scripts', 'probe.mjs'), PROBE);
    const project = join(dir, 'projects', '-home-dev-app');
    mkdirSync(project, { recursive: true });
    const file = join(project, '11111111-1111-4111-8111-111111111111.jsonl');
    writeFileSync(file, `${sessionLines(3000, 0).join('\n')}\n`);
    const run = (): Probe =>
      JSON.parse(
        execFileSync(process.execPath, [join(dir, 'scripts', 'probe.mjs'), join(dir, 'projects'), join(dir, 'a.db'), join(dir, 'b.db')], {
          cwd: dir,
          encoding: 'utf8',
        }),
      ) as Probe;
    const first = run();
    expect(first.worker).toBe(true);
    expect(first.withWorker.report).toMatchObject({ read: 1, skippedLines: 31 });
    expect(first.withWorker.rows).toBeGreaterThan(2500);
    expect(first.withWorker).toEqual(first.inThread);
    appendFileSync(file, `${sessionLines(2000, 3000).join('\n')}\n{"type":"user","mess`);
    const grown = run();
    expect(grown.withWorker.report).toMatchObject({ grown: 1, read: 0 });
    expect(grown.withWorker).toEqual(grown.inThread);
    // Every third line says zebrafish, less the bad lines among them (each 291st).
    expect(grown.withWorker.hits).toBe(1667 - 18);
  }, 120_000);
});
