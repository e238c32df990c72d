import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scriptArgs } from './scriptArgs.js';
import { extractMemories } from '../src/jobs/extraction/extractMemories.js';
import { OfflineModel } from '../src/model/offline/offlineModel.js';
import { readLogEntries } from '../src/transcript/readLogEntries.js';
import { machineLine, timed, timedAsync } from './benchUtil.js';
import { generateSession, toJsonl } from './sessionGen.js';

/**
 * Batch extraction with the offline model: sessions per second over a generated projects folder
 * (default 1,000 sessions in 20 projects, 4 turns each, a preference stated every other turn),
 * at concurrency 1 and 2, each into a fresh output folder. The floor reads and validates every
 * session once (what any extraction must at least do).
 */
// The runner passes every bench the same arguments (--mb, --rounds…): those this one does not use are accepted and ignored.
const { values: args } = scriptArgs('bench/extraction.bench.ts', {
  options: {
    sessions: { type: 'string', default: '1000' },
    projects: { type: 'string', default: '20' },
    turns: { type: 'string', default: '4' },
    dir: { type: 'string' },
    mb: { type: 'string' },
    warmup: { type: 'string' },
    seed: { type: 'string' },
    rounds: { type: 'string' },
  },
});
const sessions = Number(args.sessions);
const projectCount = Number(args.projects);
const turns = Number(args.turns);
const dir = resolve(args.dir ?? join(dirname(fileURLToPath(import.meta.url)), '..', '.memlog-bench'));
const root = join(dir, `projects-${sessions}x${turns}`);
rmSync(root, { recursive: true, force: true });

const files: string[] = [];
for (let s = 0; s < sessions; s++) {
  const project = join(root, `-home-dev-project-${s % projectCount}`);
  mkdirSync(project, { recursive: true });
  const sessionId = `${(s + 1).toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`;
  const file = join(project, `${sessionId}.jsonl`);
  writeFileSync(
    file,
    toJsonl(
      generateSession({
        turns,
        seed: 1000 + s,
        sessionId,
        cwd: `/home/dev/project-${s % projectCount}`,
        statementEvery: 2,
        largeResults: false,
      }),
    ),
  );
  files.push(file);
}

console.log(machineLine());
const floor = timed(() => files.reduce((n, file) => n + readLogEntries(file).entries.length, 0));
console.log(
  `floor: read and validate ${sessions} sessions (${floor.value} entries): ${floor.ms.toFixed(0)} ms, ${((sessions / floor.ms) * 1000).toFixed(0)} sessions/s`,
);
for (const concurrency of [1, 2]) {
  const out = join(dir, `extract-out-c${concurrency}`);
  rmSync(out, { recursive: true, force: true });
  const run = await timedAsync(() => extractMemories({ root, out, model: new OfflineModel(), concurrency }));
  const report = run.value;
  if (report.failedRuns > 0 || report.processed !== sessions)
    throw new Error(`extraction processed ${report.processed} of ${sessions} sessions, ${report.failedRuns} failed runs`);
  const runs = report.sessions.reduce((n, s) => n + s.runs, 0);
  const memories = report.projects.reduce((n, p) => n + p.memories, 0);
  console.log(
    `concurrency ${concurrency}: ${(run.ms / 1000).toFixed(1)} s, ${((sessions / run.ms) * 1000).toFixed(1)} sessions/s, ${runs} runs (${(run.ms / runs).toFixed(1)} ms/run), ${memories} memories; floor/extraction ${(floor.ms / run.ms).toFixed(3)}x`,
  );
  const rerun = await timedAsync(() => extractMemories({ root, out, model: new OfflineModel(), concurrency }));
  if (rerun.value.processed !== 0) throw new Error(`a second run processed ${rerun.value.processed} sessions`);
  console.log(
    `concurrency ${concurrency}, second run (nothing new): ${(rerun.ms / 1000).toFixed(1)} s, ${((sessions / rerun.ms) * 1000).toFixed(0)} sessions/s`,
  );
}
