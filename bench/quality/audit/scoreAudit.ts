import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { scriptArgs } from '../../scriptArgs.js';
import { backfillMemories, selectModel } from '../../../src/jobs/index.js';
import { readSavedMemories } from '../score.js';
import { loadGold } from '../real/realGold.js';
import { kindOfSave } from '../real/realKinds.js';
import { scoreReal } from '../real/realScore.js';
import { layOutProjects } from '../real/runReal.js';

/**
 * `npx tsx bench/quality/audit/scoreAudit.ts <audit-dir> [--saves] [--missed]`: an audit kept outside the repository
 * (decision 132), laid out as the real-session benchmark is — `<audit-dir>/sessions/<source>/<id>.jsonl` and its gold
 * `<audit-dir>/gold/<source>/<id>.json` — run through `memlog extract`'s default path with the offline model and
 * scored the same way. Every session with a gold file is scored, whatever its `half`. `--saves` prints each saved
 * memory with its verdict and the finder that made it; `--missed` each certain item no memory found. A sweep that
 * judges saves by hand gives each session a gold file with no items.
 */
const { values, positionals } = scriptArgs(
  'bench/quality/audit/scoreAudit.ts',
  {
    options: { saves: { type: 'boolean', default: false }, missed: { type: 'boolean', default: false } },
    allowPositionals: true,
  },
  'Operand: <audit-dir>, holding sessions/ and gold/.',
);
const [dir] = positionals;
if (dir === undefined) {
  console.error('scoreAudit: name the audit folder (it holds sessions/ and gold/)');
  process.exit(2);
}
const root = resolve(dir);
const golds = loadGold(undefined, join(root, 'gold'));
const work = mkdtempSync(join(tmpdir(), 'memlog-audit-'));
try {
  layOutProjects(golds, join(work, 'projects'), join(root, 'sessions'));
  await backfillMemories({ root: join(work, 'projects'), out: join(work, 'out'), model: selectModel({ model: 'offline' }) });
  const score = scoreReal(golds, readSavedMemories(join(work, 'out')).memories);
  const precision = score.precision === null ? '-' : score.precision.toFixed(2);
  console.log(
    `sessions ${golds.length}, saved ${score.saved}, precision ${precision} (${score.trueSaves}/${score.saved}), ` +
      `certain recall ${score.certain.found}/${score.certain.total}, all items ${score.all.found}/${score.all.total}`,
  );
  console.log(`false saves: ${JSON.stringify(score.falseSaves)}`);
  if (values.saves)
    for (const judged of score.judgements)
      console.log(`[${judged.verdict}] {${kindOfSave(judged.memory.text)}} ${JSON.stringify(judged.memory)}`);
  if (values.missed) for (const key of score.missedCertain) console.log(`missed ${key}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
