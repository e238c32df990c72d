import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parsedArgs } from '../scriptArgs.js';
import { selectModel } from '../../src/jobs/index.js';
import { CassetteModel } from '../../src/model/cassette/index.js';
import type { ModelPort } from '../../src/model/port.js';
import { machineLine } from '../benchUtil.js';
import { corpusHalf } from './corpus.js';
import { formatRealTable, formatRealTypes, realDetail, realHalves, runRealHalves, withRealSection } from './real/realReport.js';
import type { Half } from './labels.js';
import { EXTRACT_PATHS, prepareSessions, runQuality } from './runQuality.js';
import { formatHazardKinds, formatTable, replaceSection, type Row } from './table.js';

/**
 * `npm run bench:quality`: the labelled corpus (bench/quality/corpus/) said in generated
 * sessions, extracted by each extractor along both `memlog extract` paths, scored per half.
 * Then the real public sessions of bench/quality/real/ through `memlog extract`'s default path,
 * offline model, scored against their gold lists per half (decision 67). Prints the tables and
 * writes each into bench/RESULTS.md between its markers. Measures only: the generated corpus's
 * floors are in test/bench/qualityScore.floor.test.ts.
 */
const USAGE = `usage: npx tsx bench/quality/run.ts [options]

  --cassette FILE   also run the Anthropic-shaped cassette model replaying FILE
  --record          with --cassette: call the --model (anthropic by default) and keep its answers in FILE
  --model KIND      anthropic, openai-compatible or claude-code: also run that live model (decision 71),
                    or, with --cassette --record, the model recorded; offline is always run
  --base-url URL --model-name NAME   with --model openai-compatible (default: MEMLOG_OPENAI_*)
  --claude-model ALIAS               with --model claude-code (default: haiku)
  --half dev|dev2|heldout|hazard|hazard-aside|all (default all; "both" is kept as a name for all)
  --no-write        print only, leave RESULTS.md alone
  --missed          list the ids each run missed or saved wrongly (development halves only)
  --real-only       only the real sessions of bench/quality/real/ (decision 67)
  --real-half dev|aside|all (default all) the real sessions' halves; --missed refuses aside
  --no-real         only the generated sessions`;
const { values: args } = parsedArgs('bench/quality/run.ts', USAGE, () =>
  parseArgs({
    options: {
      cassette: { type: 'string' },
      half: { type: 'string', default: 'all' },
      'no-write': { type: 'boolean', default: false },
      missed: { type: 'boolean', default: false },
      record: { type: 'boolean', default: false },
      model: { type: 'string' },
      'base-url': { type: 'string' },
      'model-name': { type: 'string' },
      'claude-model': { type: 'string' },
      'real-only': { type: 'boolean', default: false },
      'real-half': { type: 'string', default: 'all' },
      'no-real': { type: 'boolean', default: false },
    },
  }),
);

const realHalfList = args['no-real'] ? [] : realHalves(args['real-half']);
if (realHalfList === undefined) {
  console.error(`bench:quality: --real-half must be one of all, dev, aside; got ${args['real-half']}`);
  process.exit(2);
}
if (args.missed && args['real-half'] === 'aside') {
  console.error('bench:quality: the aside half of the real sessions is scored by totals only; --missed lists the dev half');
  process.exit(2);
}

const ALL_HALVES: readonly Half[] = ['dev', 'dev2', 'heldout', 'hazard', 'hazard-aside'];
/** Halves kept aside: scored by totals, never listed item by item. */
const ASIDE: readonly Half[] = ['heldout', 'hazard-aside'];
if (!['all', 'both', ...ALL_HALVES].includes(args.half)) {
  console.error(`bench:quality: --half must be one of all, ${ALL_HALVES.join(', ')}; got ${args.half}`);
  process.exit(2);
}
const halves: Half[] = args.half === 'all' || args.half === 'both' ? [...ALL_HALVES] : [args.half as Half];
const LIVE_MODELS = ['anthropic', 'openai-compatible', 'claude-code'] as const;
type LiveModel = (typeof LIVE_MODELS)[number];
if (args.model !== undefined && args.model !== 'offline' && !(LIVE_MODELS as readonly string[]).includes(args.model)) {
  console.error(`bench:quality: --model must be one of offline, ${LIVE_MODELS.join(', ')}; got ${args.model}`);
  process.exit(2);
}
const live = args.model === undefined || args.model === 'offline' ? undefined : (args.model as LiveModel);
const ports = {
  openai: {
    ...(args['base-url'] === undefined ? {} : { baseURL: args['base-url'] }),
    ...(args['model-name'] === undefined ? {} : { model: args['model-name'] }),
  },
  claudeCode: args['claude-model'] === undefined ? {} : { model: args['claude-model'] },
};
const extractors: Array<{ name: string; model: () => ModelPort }> = [
  { name: 'offline', model: () => selectModel({ model: 'offline' }) },
  ...(args.cassette === undefined
    ? live === undefined
      ? []
      : [{ name: live, model: () => selectModel({ model: live, ...ports }) }]
    : [
        {
          name: 'cassette',
          model: () =>
            selectModel({
              cassette: args.cassette!,
              record: args.record,
              model: args.model === 'offline' ? 'offline' : (live ?? 'anthropic'),
              ...ports,
            }),
        },
      ]),
];

const rows: Row[] = [];
const started = performance.now();
for (const half of args['real-only'] ? [] : halves) {
  const statements = corpusHalf(half);
  const prepared = prepareSessions(statements);
  try {
    for (const extractor of extractors)
      for (const path of EXTRACT_PATHS) {
        const model = extractor.model();
        const run = await runQuality(prepared, statements, model, path, extractor.name);
        // A recording cassette keeps its answers only when told to save them.
        if (model instanceof CassetteModel && args.record) await model.save();
        rows.push({ extractor: extractor.name, half, path, ...run });
        if (half.startsWith('hazard'))
          console.log(`${extractor.name} ${half} ${path} by hazard kind: ${formatHazardKinds(statements, run.score)}`);
        if (args.missed && !ASIDE.includes(half)) {
          const s = run.score;
          console.log(
            `${extractor.name} ${half} ${path}: missed ${s.missed.join(' ') || '-'}; negatives saved ${s.negativesSaved.join(' ') || '-'}; duplicates ${s.duplicates.join(' ') || '-'}`,
          );
        }
      }
  } finally {
    prepared.dispose();
  }
}

const results = join(dirname(fileURLToPath(import.meta.url)), '..', 'RESULTS.md');
const today = new Date().toISOString().slice(0, 10);
console.log(machineLine());

if (rows.length > 0) {
  const table = formatTable(rows);
  console.log(table);
  console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
  if (!args['no-write'] && halves.length === ALL_HALVES.length) {
    const body = [
      `\`npm run bench:quality\` (${today}): the labelled corpus of bench/quality/corpus/`,
      '(dev; dev2, a second development half written later blind to the rules; held-out, kept aside) said in generated sessions, through `memlog extract` (two phases, the default) and',
      '`--per-turn`. Recall: positives some memory of their project holds all the words of; precision: memories',
      'matching a positive over all saved; negatives saved: non-memories (tasks, questions, fixes, code facts, transient',
      "state, secrets) found in a memory; secrets: any piece of a corpus secret in any memory file, and src/secrets' scanner's findings.",
      'Targets: recall ≥ 0.75 overall and ≥ 0.6 per type, precision ≥ 0.9, secrets 0, on every half.',
      '',
      table,
    ].join('\n');
    writeFileSync(results, replaceSection(existsSync(results) ? readFileSync(results, 'utf8') : '', body));
    console.log(`written to ${results}`);
  }
}

if (realHalfList.length > 0) {
  const realRows = await runRealHalves(realHalfList);
  const realTable = [formatRealTable(realRows), '', formatRealTypes(realRows)].join('\n');
  console.log('\nReal sessions (bench/quality/real):');
  console.log(realTable);
  if (args.missed) console.log(realDetail(realRows));
  if (!args['no-write'] && realHalfList.length === 2) {
    writeFileSync(results, withRealSection(existsSync(results) ? readFileSync(results, 'utf8') : '', realTable, today));
    console.log(`real sessions written to ${results}`);
  }
}
