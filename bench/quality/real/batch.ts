import { scriptArgs } from '../../scriptArgs.js';
import { selectModel } from '../../../src/jobs/index.js';
import { machineLine } from '../../benchUtil.js';
import { BATCHES, formatFalseSaves, formatMissedCertain, selectSessions } from './realBatch.js';
import { loadGold, REAL_HALVES, type GoldSession } from './realGold.js';
import { formatRealTable, type RealRow } from './realTable.js';
import { runReal } from './runReal.js';

/**
 * `npx tsx bench/quality/real/batch.ts <batch | session…> [--missed]`: some real sessions alone
 * (a batch nobody tuned on, or sessions named by path under bench/quality/real/sessions/), through
 * `memlog extract`'s default path with the offline model, scored against their gold per half
 * (decision 67). Prints totals per half; `--missed` lists the dev half's missed certain items
 * and false saves, never the aside half's.
 */
const USAGE = `usage: npx tsx bench/quality/real/batch.ts <${Object.keys(BATCHES).join('|')} | session.jsonl…> [--missed]`;

function parse(): { names: string[]; missed: boolean } {
  try {
    const { values, positionals } = scriptArgs('bench/quality/real/batch.ts', {
      options: { missed: { type: 'boolean', default: false } },
      allowPositionals: true,
    });
    return { names: positionals, missed: values.missed };
  } catch (error) {
    console.error(`batch: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

function select(names: readonly string[]): GoldSession[] {
  try {
    return selectSessions(names, loadGold());
  } catch (error) {
    console.error(`batch: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

async function runHalves(golds: readonly GoldSession[]): Promise<Array<{ row: RealRow; golds: GoldSession[] }>> {
  const runs = [];
  for (const half of REAL_HALVES) {
    const own = golds.filter((gold) => gold.half === half);
    if (own.length === 0) continue;
    const run = await runReal(own, selectModel({ model: 'offline' }));
    runs.push({ row: { extractor: 'offline', half, ...run }, golds: own });
  }
  return runs;
}

const { names, missed } = parse();
const golds = select(names);
console.log(machineLine());
console.log(`${golds.length} session(s): ${REAL_HALVES.map((h) => `${golds.filter((g) => g.half === h).length} ${h}`).join(', ')}`);
const runs = await runHalves(golds);
console.log(formatRealTable(runs.map((run) => run.row)));
if (missed)
  for (const run of runs.filter((r) => r.row.half === 'dev')) {
    console.log(formatMissedCertain(run.golds, run.row.score).join('\n'));
    console.log(formatFalseSaves(run.golds, run.row.score).join('\n'));
  }
