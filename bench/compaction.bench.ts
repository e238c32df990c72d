import { scriptArgs } from './scriptArgs.js';
import { compactionView } from '../src/compaction/compactionView.js';
import { legacyCut, planExtractiveRung, planNotesRung, type PlanContext } from '../src/compaction/rungs.js';
import { extractiveSummary } from '../src/model/offline/extractiveSummary.js';
import type { LogEntry } from '../src/transcript/logEntry.js';
import { machineLine, median, timed } from './benchUtil.js';
import { generateSession } from './sessionGen.js';

/**
 * Compaction planning against conversation length: the view (chain, safe cuts, token sums)
 * and the notes and extractive rungs' plans, at 1k, 10k and 100k messages. Planning must be
 * linear: the time per message at the largest size over the smallest should stay near 1.
 * The floor is one pass that touches every message (JSON.stringify length), to show what
 * linear costs here.
 */
// The runner passes every bench the same arguments (--mb, --rounds…): those this one does not use are accepted and ignored.
const { values: args } = scriptArgs('bench/compaction.bench.ts', {
  options: {
    sizes: { type: 'string', default: '1000,10000,100000' },
    rounds: { type: 'string', default: '3' },
    mb: { type: 'string' },
    warmup: { type: 'string' },
    seed: { type: 'string' },
    dir: { type: 'string' },
  },
});
const sizes = args.sizes.split(',').map(Number);
const rounds = Number(args.rounds);

console.log(machineLine());
const rows: Array<{ messages: number; planUs: number; floorUs: number }> = [];
for (const size of sizes) {
  // About 8 entries a turn; small tool results, so 100k messages stay in memory comfortably.
  const entries: LogEntry[] = generateSession({ turns: Math.ceil(size / 8), seed: 7, sessionId: 'bench-compaction', largeResults: false })
    .slice(0, size)
    .map((entry, seq) => ({ seq, entry }));
  const plan = (): number => {
    const view = compactionView(entries);
    const context: PlanContext = { view, threshold: Math.max(20_000, Math.floor(view.tokensBefore / 2)), trigger: 'manual' };
    const notes = planNotesRung(
      context,
      { text: '# Session Title\nbench\n', truncated: false },
      view.messages[Math.floor(view.messages.length * 0.8)]?.uuid ?? null,
    );
    const extractive = planExtractiveRung(context, legacyCut(view), extractiveSummary);
    return view.messages.length + (notes.ok ? notes.plan.cut : 0) + extractive.cut;
  };
  const floor = (): number => entries.reduce((n, e) => n + JSON.stringify(e.entry).length, 0);
  const planMs: number[] = [];
  const floorMs: number[] = [];
  for (let r = -1; r < rounds; r++) {
    const a = timed(plan);
    const b = timed(floor);
    if (r >= 0) {
      planMs.push(a.ms);
      floorMs.push(b.ms);
    }
  }
  const row = {
    messages: entries.length,
    planUs: (median(planMs) * 1000) / entries.length,
    floorUs: (median(floorMs) * 1000) / entries.length,
  };
  rows.push(row);
  console.log(
    `${String(entries.length).padStart(7)} messages: plan ${median(planMs).toFixed(1).padStart(8)} ms (${row.planUs.toFixed(2)} µs/message), floor ${median(floorMs).toFixed(1).padStart(8)} ms (${row.floorUs.toFixed(2)} µs/message), plan/floor ${(median(planMs) / median(floorMs)).toFixed(2)}x`,
  );
}
const first = rows[0]!;
const last = rows.at(-1)!;
console.log(
  `compaction planning: µs per message at ${last.messages} / at ${first.messages} = ${(last.planUs / first.planUs).toFixed(2)}x (linear: near 1; the floor's own ratio ${(last.floorUs / first.floorUs).toFixed(2)}x)`,
);
