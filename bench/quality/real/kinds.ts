import { scriptArgs } from '../../scriptArgs.js';
import { selectModel } from '../../../src/jobs/index.js';
import { readSavedMemories } from '../score.js';
import { BATCHES, selectSessions } from './realBatch.js';
import { loadGold, type GoldSession } from './realGold.js';
import { formatKindTable, kindOfSave, tallyKinds } from './realKinds.js';
import { scoreReal, type RealScore } from './realScore.js';
import { runReal } from './runReal.js';

/**
 * `npx tsx bench/quality/real/kinds.ts [--saved <folder>] [--saves] <dev | batch | session…>`: the dev half's saves
 * per kind of statement (decision 116), each attributed to the finder that reads its sentence today. Without
 * `--saved` today's extractor runs over the sessions; with it, the memories an extract run wrote into that folder
 * (an older commit's, say) are scored against today's gold. `--saves` lists every save with its verdict and kind.
 * Dev sessions only: the aside half is scored by totals only (decision 67).
 */
const USAGE = `usage: npx tsx bench/quality/real/kinds.ts [--saved <folder>] [--saves] <dev | ${Object.keys(BATCHES).join(' | ')} | session.jsonl…>`;

function parse(): { names: string[]; saved?: string; saves: boolean } {
  try {
    const { values, positionals } = scriptArgs('bench/quality/real/kinds.ts', {
      options: { saved: { type: 'string' }, saves: { type: 'boolean', default: false } },
      allowPositionals: true,
    });
    return { names: positionals, saves: values.saves, ...(values.saved === undefined ? {} : { saved: values.saved }) };
  } catch (error) {
    console.error(`kinds: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

function devSessions(names: readonly string[]): GoldSession[] {
  const dev = loadGold('dev');
  if (names.length === 1 && names[0] === 'dev') return dev;
  try {
    const picked = selectSessions(names, loadGold()).filter((gold) => gold.half === 'dev');
    if (picked.length === 0) throw new Error('no dev session among those named');
    return picked;
  } catch (error) {
    console.error(`kinds: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

async function score(golds: readonly GoldSession[], saved: string | undefined): Promise<RealScore> {
  if (saved !== undefined) return scoreReal(golds, readSavedMemories(saved).memories);
  return (await runReal(golds, selectModel({ model: 'offline' }))).score;
}

const { names, saved, saves } = parse();
const golds = devSessions(names);
const result = await score(golds, saved);
console.log(`${golds.length} dev session(s), ${result.saved} saved, precision ${result.precision?.toFixed(2) ?? '–'}`);
console.log(formatKindTable(tallyKinds(result.judgements)));
if (saves)
  for (const { memory, verdict } of result.judgements)
    console.log(`  ${verdict} [${kindOfSave(memory.text)}] ${memory.project}/${memory.filename}: ${memory.text.split('\n')[1] ?? ''}`);
