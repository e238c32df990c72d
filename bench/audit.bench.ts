import { parseArgs } from 'node:util';
import { auditEntries } from '../src/audit/index.js';
import type { AuditItemKind } from '../src/audit/index.js';
import type { Entry } from '../src/index.js';
import {
  assistantEntry,
  compactBoundaryEntry,
  compactSummaryEntry,
  text,
  toolResultEntry,
  toolUse,
  userEntry,
} from '../src/testing/index.js';
import { machineLine } from './benchUtil.js';
import { parsedArgs } from './scriptArgs.js';
import { mulberry32 } from './corpus.js';

/**
 * The offline audit's quality (decision 78): generated sessions with planted rules, corrections,
 * facts, a goal and open items before a boundary, and a summary that drops a known subset and
 * carries the rest word for word or in other words, among sentences about the same subjects.
 * Prints the precision and recall of `lost` on the dropped items (target ≥ 0.9 each), overall
 * and by kind.
 */
const USAGE = 'usage: npx tsx bench/audit.bench.ts [--sessions N] [--seed N] [--drop P]';
const { values: args } = parsedArgs('bench/audit.bench.ts', USAGE, () =>
  parseArgs({
    options: {
      sessions: { type: 'string', default: '300' },
      seed: { type: 'string', default: '7' },
      drop: { type: 'string', default: '0.4' },
      mb: { type: 'string' },
      rounds: { type: 'string' },
      warmup: { type: 'string' },
      dir: { type: 'string' },
    },
  }),
);

const AREAS = ['billing', 'checkout', 'search', 'inventory', 'auth', 'reporting', 'shipping', 'onboarding'];
const TOOLS = ['eslint', 'prettier', 'tsc', 'vitest', 'ruff', 'mypy'];
const LIBS = ['zod', 'yup', 'axios', 'ky', 'pino', 'winston', 'dayjs', 'luxon'];
const FEATURES = ['rate limiting', 'retry with backoff', 'CSV export', 'audit logging', 'pagination', 'caching'];

interface Planted {
  readonly kind: AuditItemKind;
  /** The words the person says. */
  readonly said: string;
  /** The same thing in other words, for a summary that paraphrases. */
  readonly paraphrase: string;
  /** An assistant line the person corrects, for a correction. */
  readonly before?: string;
}

/** The subjects of one session: each item its own area, library, tool and feature, so that no two items say the same thing. */
interface Subjects {
  readonly areas: readonly string[];
  readonly libs: readonly string[];
  readonly tools: readonly string[];
  readonly features: readonly string[];
}

function shuffled<T>(xs: readonly T[], rnd: () => number): T[] {
  return xs
    .map((x) => [rnd(), x] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, x]) => x);
}

function subjects(rnd: () => number): Subjects {
  return { areas: shuffled(AREAS, rnd), libs: shuffled(LIBS, rnd), tools: shuffled(TOOLS, rnd), features: shuffled(FEATURES, rnd) };
}

function plant(s: Subjects, rnd: () => number): Planted[] {
  const [a0, a1, a2, a3, a4, a5, a6, a7] = s.areas as [string, string, string, string, string, string, string, string];
  const [l0, l1, l2, l3] = s.libs as [string, string, string, string];
  const [tool] = s.tools as [string];
  const [f0, f1] = s.features as [string, string];
  const port = 5000 + Math.floor(rnd() * 4000);
  const host = `db${Math.floor(rnd() * 90) + 10}.internal`;
  return [
    {
      kind: 'rule',
      said: `Always run ${tool} before you commit in the ${a0} service.`,
      paraphrase: `Commits to the ${a0} service must pass ${tool} first.`,
    },
    {
      kind: 'rule',
      said: `Never touch the ${a1} migrations without asking me first.`,
      paraphrase: `The ${a1} migrations are off limits unless the user is asked.`,
    },
    {
      kind: 'rule',
      said: `I prefer ${l0} over ${l1} for the ${a2} validation.`,
      paraphrase: `For ${a2} validation the user prefers ${l0}.`,
    },
    {
      kind: 'correction',
      before: `I will use ${l3} for the ${a3} client.`,
      said: `No, use ${l2} in the ${a3} client, not ${l3}.`,
      paraphrase: `The ${a3} client uses ${l2} (the user corrected ${l3}).`,
    },
    {
      kind: 'fact',
      said: `Remember that the ${a4} database runs on ${host} port ${port}.`,
      paraphrase: `${a4} database: ${host}:${port}.`,
    },
    { kind: 'open-item', said: `Add ${f0} to the ${a5} API`, paraphrase: `Still open: ${f0} for the ${a5} API.` },
    { kind: 'open-item', said: `src/${a6}/handlers.ts`, paraphrase: `Changed so far: src/${a6}/handlers.ts.` },
    {
      kind: 'goal',
      said: `Now finish the ${f1} work in the ${a7} API and make the tests pass.`,
      paraphrase: `Current task: ${f1} in the ${a7} API, with passing tests.`,
    },
  ];
}

/** The entries of a session that says each planted item, then a boundary whose summary carries `carried`. */
function session(planted: readonly Planted[], summary: string, n: number): Entry[] {
  const entries: Entry[] = [];
  let parent: string | null = null;
  const push = (entry: Entry & { uuid: string }) => {
    entries.push(entry);
    parent = entry.uuid;
  };
  planted.forEach((item, i) => {
    const id = (s: string) => `s${n}-${i}-${s}`;
    if (item.kind === 'open-item' && item.said.startsWith('src/')) {
      push(
        assistantEntry(id('a'), id('m'), toolUse(id('t'), 'Edit', { file_path: item.said, old_string: 'a', new_string: 'b' }), {
          parentUuid: parent,
        }),
      );
      push(toolResultEntry(id('r'), id('t'), id('a')));
    } else if (item.kind === 'open-item') {
      push(
        assistantEntry(
          id('a'),
          id('m'),
          toolUse(id('t'), 'TodoWrite', {
            todos: [
              { content: item.said, status: 'pending' },
              { content: 'Read the code', status: 'completed' },
            ],
          }),
          { parentUuid: parent },
        ),
      );
      push(toolResultEntry(id('r'), id('t'), id('a')));
    } else {
      if (item.before !== undefined) push(assistantEntry(id('b'), id('mb'), text(item.before), { parentUuid: parent }));
      push(userEntry(id('u'), item.said, { parentUuid: parent }));
      push(assistantEntry(id('a'), id('m'), text('Understood, going on with the work.'), { parentUuid: parent }));
    }
  });
  const boundary = compactBoundaryEntry(`s${n}-b`, parent ?? 'x');
  return [...entries, boundary, compactSummaryEntry(`s${n}-s`, boundary.uuid, summary)];
}

/** Sentences about the items' areas that carry none of them (their libraries and tools are others): what makes matching hard. */
function distractors(s: Subjects, rnd: () => number): string[] {
  const area = (): string => s.areas[Math.floor(rnd() * s.areas.length)] ?? 'billing';
  const lib = s.libs.at(-1) ?? 'lodash';
  const tool = s.tools.at(-1) ?? 'make';
  return [
    `We read the ${area()} service and its tests; ${tool} output was clean.`,
    `The ${area()} client code was reviewed and ${lib} appears in two files.`,
    `Discussed the database schema and the API of ${area()} briefly.`,
  ];
}

interface Tally {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}
const tally = (): Tally => ({ tp: 0, fp: 0, fn: 0, tn: 0 });

// The same sessions on every machine for a seed.
const rnd = mulberry32(Number(args.seed));
const dropShare = Number(args.drop);
const total = tally();
const byKind = new Map<AuditItemKind, Tally>();
let planted = 0;
let found = 0;
for (let n = 0; n < Number(args.sessions); n++) {
  const about = subjects(rnd);
  const items = plant(about, rnd);
  const dropped = items.map(() => rnd() < dropShare);
  const lines = items.flatMap((item, i) => (dropped[i] === true ? [] : [rnd() < 0.5 ? item.said : item.paraphrase]));
  const summary = ['Summary:', ...[...lines, ...distractors(about, rnd)].sort(() => rnd() - 0.5)].join('\n');
  const entries = session(items, summary, n);
  const [audit] = auditEntries(entries.map((entry, i) => ({ line: i + 1, entry })));
  items.forEach((item, i) => {
    planted++;
    const match = audit?.items.find((a) => a.kind === item.kind && (a.text === item.said || a.text.includes(item.said)));
    if (match !== undefined) found++;
    const lost = match !== undefined && (match.verdict === 'lost' || match.verdict === 'lost-restated');
    const t = byKind.get(item.kind) ?? tally();
    byKind.set(item.kind, t);
    for (const each of [total, t]) {
      if (dropped[i] === true) {
        if (lost) each.tp++;
        else each.fn++;
      } else if (lost) each.fp++;
      else each.tn++;
    }
  });
}

const ratio = (a: number, b: number): string => (b === 0 ? '—' : (a / b).toFixed(3));
const row = (name: string, t: Tally) =>
  `| ${name} | ${ratio(t.tp, t.tp + t.fp)} | ${ratio(t.tp, t.tp + t.fn)} | ${t.tp} | ${t.fp} | ${t.fn} | ${t.tn} |`;
console.log(machineLine());
console.log(
  `${args.sessions} sessions, seed ${args.seed}, ${Math.round(dropShare * 100)}% of items dropped; planted items the audit found: ${found}/${planted}`,
);
console.log('| items | precision of lost | recall of lost | lost, dropped | lost, carried | not lost, dropped | not lost, carried |');
console.log('|---|---|---|---|---|---|---|');
console.log(row('all', total));
for (const [kind, t] of [...byKind].sort()) console.log(row(kind, t));
const precision = total.tp / (total.tp + total.fp);
const recall = total.tp / (total.tp + total.fn);
console.log(`target precision ≥ 0.9 and recall ≥ 0.9: ${precision >= 0.9 && recall >= 0.9 ? 'met' : 'NOT met'}`);
