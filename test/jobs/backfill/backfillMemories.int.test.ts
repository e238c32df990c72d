import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { generateSession, toJsonl } from '../../../bench/sessionGen.js';
import { ModelPortError } from '../../../src/errors.js';
import { backfillMemories, type BackfillReport } from '../../../src/jobs/index.js';
import type { ModelPort } from '../../../src/model/port.js';
import { OfflineModel } from '../../../src/model/offline/index.js';
import { readEffectLog } from '../../../src/pipeline/effectLog.js';
import { demoProjects, repoRoot } from '../../support/paths.js';
import { tempDir } from '../../support/tempDir.js';
import { cliArgs } from '../../support/cliBundle.js';

const run = promisify(execFile);

/** The memory files of every project under an output folder, by path, with their text. */
function memoryFiles(out: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const project of readdirSync(out)) {
    const dir = join(out, project, 'memory');
    for (const name of readdirSync(dir)
      .filter((n) => n.endsWith('.md'))
      .sort())
      files[join(project, name)] = readFileSync(join(dir, name), 'utf8');
  }
  return files;
}

const extractTwoPhase = async (root: string, out: string, ...extra: string[]): Promise<BackfillReport> => {
  const args = [...cliArgs(), 'extract', root, '--out', out, '--model', 'offline', '--two-phase', '--json', ...extra];
  const { stdout } = await run(process.execPath, args, { cwd: repoRoot });
  return JSON.parse(stdout) as BackfillReport;
};

/** One project holding one long generated session (bench/sessionGen.ts), with a statement to remember every few turns. */
function longSession(turns: number): string {
  const root = tempDir();
  const project = join(root, '-home-dev-long');
  mkdirSync(project);
  const sessionId = '00000000-0000-4000-8000-000000000001';
  writeFileSync(
    join(project, `${sessionId}.jsonl`),
    toJsonl(generateSession({ turns, seed: 7, sessionId, statementEvery: 9, largeResults: true })),
  );
  return root;
}

describe('memlog extract --two-phase with the offline model', () => {
  it('writes the demo projects memories through candidates and consolidation; a rerun sends nothing and changes nothing', async () => {
    const out = tempDir();
    const first = await extractTwoPhase(demoProjects, out);
    expect(first.failedRuns).toBe(0);
    expect(first.processed).toBe(first.sessions.length);
    expect(first.tokens.input).toBeGreaterThan(0);
    const files = memoryFiles(out);
    const descriptions = Object.values(files).join('\n');
    expect(descriptions).toContain('Never commit directly to main');
    expect(descriptions).toContain('Use Python 3.12, not 3.11.');
    expect(Object.keys(files)).toContain(join('-home-dev-acme-shop', 'MEMORY.md'));
    for (const project of first.projects) expect(project.consolidated.status).toBe('consolidated');
    // Each chunk's candidates are in the session's effect log, their times the cited entries' own.
    const records = readdirSync(join(out, '-home-dev-notes-cli', 'effects')).flatMap(
      (name) => readEffectLog(join(out, '-home-dev-notes-cli', 'effects', name)).records,
    );
    const candidates = records.flatMap((r) => (r.type === 'candidates' ? r.candidates : []));
    expect(candidates.map((c) => c.description)).toEqual(['Use Python 3.12, not 3.11.']);
    const session = readFileSync(join(demoProjects, '-home-dev-notes-cli', 'f3306bf5-2268-4ce0-9622-47a3ea80e2a8.jsonl'), 'utf8');
    const cited = session
      .split('\n')
      .filter((line) => line.includes(candidates[0]!.sources[0]!.uuid))
      .map((line) => JSON.parse(line) as { uuid: string; timestamp: string })
      .find((e) => e.uuid === candidates[0]!.sources[0]!.uuid);
    expect(candidates[0]!.saidAt).toBe(cited?.timestamp);

    const again = await extractTwoPhase(demoProjects, out);
    expect(again.tokens.input).toBe(0);
    expect(again.sessions.every((s) => s.chunks === 0)).toBe(true);
    expect(again.projects.every((p) => p.consolidated.status === 'nothing new')).toBe(true);
    expect(memoryFiles(out)).toEqual(files);
  }, 60_000);

  it('sends a long session about once: model input at most 1.5 times the session, in several chunks', async () => {
    const root = longSession(320);
    const report = await backfillMemories({ root, out: tempDir(), model: new OfflineModel(), chunkTokens: 20_000 });
    const [session] = report.sessions;
    expect(session!.chunks).toBeGreaterThan(2);
    expect(session!.candidates).toBeGreaterThan(0);
    expect(report.tokens.input).toBeLessThanOrEqual(1.5 * report.sessionTokens);
    expect(report.tokens.input).toBeGreaterThan(0.5 * report.sessionTokens);
  }, 60_000);

  it('a run that stops between chunks is finished by the next, which sends only the chunks not recorded, and ends as an uninterrupted run', async () => {
    const root = longSession(120);
    const clean = tempDir();
    const uninterrupted = await backfillMemories({ root, out: clean, model: new OfflineModel(), chunkTokens: 10_000 });
    const chunks = uninterrupted.sessions[0]!.chunks;
    expect(chunks).toBeGreaterThan(3);

    const out = tempDir();
    const offline = new OfflineModel();
    let calls = 0;
    const failsOnThird: ModelPort = {
      name: 'fails-on-third',
      complete: (request, options) =>
        ++calls === 3 ? Promise.reject(new ModelPortError('connection reset', null)) : offline.complete(request, options),
    };
    const stopped = await backfillMemories({ root, out, model: failsOnThird, chunkTokens: 10_000 });
    expect(stopped.failedRuns).toBe(1);
    expect(stopped.sessions[0]!.chunks).toBe(2);

    const resumed = await backfillMemories({ root, out, model: new OfflineModel(), chunkTokens: 10_000 });
    expect(resumed.sessions[0]!.recordedBefore).toBe(2);
    expect(resumed.sessions[0]!.chunks).toBe(chunks - 2);
    expect(memoryFiles(out)).toEqual(memoryFiles(clean));
  }, 60_000);
});
