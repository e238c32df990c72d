import { scriptArgs } from '../../scriptArgs.js';
import { selectModel } from '../../../src/jobs/index.js';
import { machineLine } from '../../benchUtil.js';
import { loadGold, REAL_HALVES, type GoldSession, type RealHalf } from './realGold.js';
import { SECOND_READING } from './secondReading.js';
import { readersAgree, trueByEither } from './readersAgree.js';
import { scoreReal, type RealScore } from './realScore.js';
import { ratio } from './realTable.js';
import { runReal } from './runReal.js';

/**
 * `npx tsx bench/quality/real/agreement.ts`: how far a second, independent reading of some sessions
 * (bench/quality/real/second/, the gold format) agrees with the benchmark's gold, each judged by the other as
 * memories are (decision 154); then the offline extractor over the same sessions, judged by each reading and by
 * either. Per half, totals only: the aside half's second reading is scored, never shown.
 */
function row(label: string, score: RealScore): string {
  const strict = score.oneItemEach;
  return `| ${label} | ${score.saved} | ${ratio(score.trueSaves, score.saved)} | ${ratio(score.certain.found, score.certain.total)} | ${ratio(strict.certain.found, strict.certain.total)} |`;
}

async function printHalf(half: RealHalf, second: readonly GoldSession[]): Promise<void> {
  const first = loadGold(half).filter((gold) => second.some((other) => other.session === gold.session));
  const agree = readersAgree(first, second);
  const byFirst = (await runReal(first, selectModel({ model: 'offline' }))).score;
  const memories = byFirst.judgements.map((judgement) => judgement.memory);
  const bySecond = scoreReal(second, memories);
  const either = trueByEither(first, second, memories);
  const itemsWritten = (golds: readonly GoldSession[]): number => golds.flatMap((gold) => gold.items).length;
  console.log(
    `\n${half}: ${second.length} sessions read twice; items written: first reading ${itemsWritten(first)}, second ${itemsWritten(second)}`,
  );
  console.log('| judged | saved | precision | recall (certain) | recall (certain), one item each |');
  console.log('| --- | --- | --- | --- | --- |');
  console.log(row("second reader's items, by the benchmark's gold", agree.secondByFirst));
  console.log(row("second reader's certain items, by the benchmark's gold", agree.secondCertainByFirst));
  console.log(row("benchmark's items, by the second reading", agree.firstBySecond));
  console.log(row("offline extractor, by the benchmark's gold", byFirst));
  console.log(row('offline extractor, by the second reading', bySecond));
  console.log(`| offline extractor, a true save by either reading | ${either.saved} | ${ratio(either.trueSaves, either.saved)} | | |`);
}

scriptArgs('bench/quality/real/agreement.ts', { options: {}, allowPositionals: false });
const second = loadGold(undefined, SECOND_READING);
console.log(machineLine());
for (const half of REAL_HALVES) {
  const read = second.filter((gold) => gold.half === half);
  if (read.length > 0) await printHalf(half, read);
}
