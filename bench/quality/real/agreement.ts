import { scriptArgs } from '../../scriptArgs.js';
import { selectModel } from '../../../src/jobs/index.js';
import { loadGold } from './realGold.js';
import { SECOND_READING } from './secondReading.js';
import { readersAgree } from './readersAgree.js';
import type { RealScore } from './realScore.js';
import { runReal } from './runReal.js';

/**
 * `npx tsx bench/quality/real/agreement.ts`: how far a second, independent reading of some development sessions
 * (bench/quality/real/second/, the gold format) agrees with the benchmark's gold, each judged by the other as
 * memories are (decision 154); then the offline extractor over the same sessions, judged by each reading.
 */
const ratio = (found: number, total: number): string => (total === 0 ? '–' : `${(found / total).toFixed(2)} (${found}/${total})`);

function row(label: string, score: RealScore): string {
  const strict = score.oneItemEach;
  return `| ${label} | ${score.saved} | ${ratio(score.trueSaves, score.saved)} | ${ratio(score.certain.found, score.certain.total)} | ${ratio(strict.trueSaves, score.saved)} | ${ratio(strict.certain.found, strict.certain.total)} |`;
}

scriptArgs('bench/quality/real/agreement.ts', { options: {}, allowPositionals: false });
const second = loadGold(undefined, SECOND_READING);
if (second.some((gold) => gold.half !== 'dev')) throw new Error('the second reading covers development sessions only');
const first = loadGold('dev').filter((gold) => second.some((other) => other.session === gold.session));
const agree = readersAgree(first, second);
const model = selectModel({ model: 'offline' });
const byFirst = (await runReal(first, model)).score;
const bySecond = (await runReal(second, model)).score;
console.log(
  `${second.length} development sessions read twice; items: first reading ${first.flatMap((g) => g.items).length}, second ${second.flatMap((g) => g.items).length}`,
);
console.log('| judged | saved | precision | recall (certain) | precision, one item each | recall (certain), one item each |');
console.log('| --- | --- | --- | --- | --- | --- |');
console.log(row("second reader's items, by the benchmark's gold", agree.secondByFirst));
console.log(row("second reader's certain items, by the benchmark's gold", agree.secondCertainByFirst));
console.log(row("benchmark's items, by the second reading", agree.firstBySecond));
console.log(row('offline extractor, by the benchmark gold', byFirst));
console.log(row('offline extractor, by the second reading', bySecond));
