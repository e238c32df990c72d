import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scriptArgs } from './scriptArgs.js';
import { hasRelativeDate } from '../src/consolidation/absoluteDates.js';
import { consolidateMemory } from '../src/jobs/consolidation/consolidateMemory.js';
import { readMemoryDirectory } from '../src/jobs/consolidation/memoryDirectory.js';
import { backfillMemories } from '../src/jobs/backfill/backfillMemories.js';
import { extractMemories } from '../src/jobs/extraction/extractMemories.js';
import { OfflineModel } from '../src/model/offline/offlineModel.js';
import { machineLine } from './benchUtil.js';
import { writeHistory } from './historyGen.js';

/**
 * What a backfill keeps of a generated history (bench/historyGen.ts: 30 sessions, a preference
 * said five ways, a fact that changed, relative dates, two unrelated rules), with the offline
 * model: after `memlog extract --per-turn` alone, after `memlog consolidate` on its output, and
 * after the default `memlog extract` (two phases). Prints the
 * targets (bench/RESULTS.md) beside what was measured; it asserts nothing (a bench measures, tests judge).
 */
const { values: args } = scriptArgs('bench/backfillQuality.bench.ts', {
  options: { sessions: { type: 'string', default: '30' }, mb: { type: 'string' }, rounds: { type: 'string' } },
});

interface Tally {
  readonly memories: number;
  readonly aboutPreference: number;
  readonly oldFact: number;
  readonly newFact: number;
  readonly relativeDates: number;
  readonly rules: number;
}

function tally(memoryDir: string): Tally {
  const { memories } = readMemoryDirectory(memoryDir);
  const texts = memories.map((m) => ({ text: `${m.file.description}\n${m.file.body}`, at: new Date(m.file.modified ?? 0) }));
  const count = (pattern: RegExp) => texts.filter((t) => pattern.test(t.text)).length;
  return {
    memories: memories.length,
    aboutPreference: count(/\bpnpm\b/i),
    oldFact: count(/\b8080\b/),
    newFact: count(/\b9090\b/),
    relativeDates: texts.filter((t) => hasRelativeDate(t.text, t.at)).length,
    rules: count(/push straight to main|type checker/i),
  };
}

const row = (name: string, t: Tally): string =>
  `${name.padEnd(22)} ${String(t.memories).padStart(8)} ${String(t.aboutPreference).padStart(10)} ${String(t.oldFact).padStart(8)} ${String(t.newFact).padStart(8)} ${String(t.relativeDates).padStart(9)} ${String(t.rules).padStart(6)}`;

const root = mkdtempSync(join(tmpdir(), 'memlog-history-'));
try {
  const projects = join(root, 'projects');
  writeHistory(projects, Number(args.sessions));
  const out = join(root, 'out');
  await extractMemories({ root: projects, out, model: new OfflineModel() });
  const memoryDir = join(out, '-home-dev-history', 'memory');
  const extracted = tally(memoryDir);
  const consolidation = await consolidateMemory({ memoryDir, force: true });
  const consolidated = tally(memoryDir);
  const twoPhaseOut = join(root, 'two-phase');
  const backfill = await backfillMemories({ root: projects, out: twoPhaseOut, model: new OfflineModel() });
  const twoPhase = tally(join(twoPhaseOut, '-home-dev-history', 'memory'));
  console.log(machineLine());
  console.log(`backfill quality over ${args.sessions} generated sessions, offline model`);
  console.log(
    `${''.padEnd(22)} ${'memories'.padStart(8)} ${'pnpm pref'.padStart(10)} ${'port old'.padStart(8)} ${'port new'.padStart(8)} ${'rel.dates'.padStart(9)} ${'rules'.padStart(6)}`,
  );
  console.log(
    row('target', { memories: NaN, aboutPreference: 1, oldFact: 0, newFact: 1, relativeDates: 0, rules: 2 }).replace('NaN', '  -'),
  );
  console.log(row('extract --per-turn', extracted));
  console.log(row('--per-turn+consolidate', consolidated));
  console.log(row('extract (two phases)', twoPhase));
  const sent = backfill.sessions.reduce((sum, s) => sum + s.tokens.input, 0);
  const own = backfill.sessions.reduce((sum, s) => sum + s.sessionTokens, 0);
  console.log(
    `backfill tokens sent: ${sent} for sessions of ${own} tokens (${(sent / own).toFixed(2)}×; a fixed prompt dominates sessions this short)`,
  );
  if (consolidation.status !== 'skipped')
    console.log(`consolidation: ${consolidation.plan.changes.map((c) => c.kind).join(', ') || 'no change'}`);
  console.log(`index: ${readFileSync(join(memoryDir, 'MEMORY.md'), 'utf8').trim().split('\n').length} lines`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
