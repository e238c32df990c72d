import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { scriptArgs } from './scriptArgs.js';
import { findMemoryStatements } from '../src/model/offline/memoryStatements.js';
import type { ModelMessage } from '../src/model/port.js';
import { machineLine, timed } from './benchUtil.js';
import { loadGold, REAL_SESSIONS } from './quality/real/realGold.js';
import { generateSession } from './sessionGen.js';

/**
 * The offline extractor's statement finder (`findMemoryStatements`, decision 97) over generated
 * sessions (4 turns, a preference every other turn) and over the real sessions' dev half, whole
 * conversations as the backfill reads them. With `--baseline DIR` (a checkout of another version,
 * e.g. main's, with its node_modules), each version runs in child processes of its own, alternated
 * round by round (two finders in one process slow whichever runs second: their call sites share
 * the JIT's feedback), and the ratio of the minimums is printed.
 *
 *   node --expose-gc --import tsx bench/statementFinder.bench.ts --baseline ../main [--sessions 300] [--rounds 5]
 */
// The runner passes every bench the same arguments: those this one does not use are accepted and ignored.
const { values: args } = scriptArgs('bench/statementFinder.bench.ts', {
  options: {
    baseline: { type: 'string' },
    finder: { type: 'string' },
    sessions: { type: 'string', default: '300' },
    rounds: { type: 'string', default: '5' },
    mb: { type: 'string' },
    warmup: { type: 'string' },
    seed: { type: 'string' },
    dir: { type: 'string' },
  },
});

type Finder = (messages: readonly ModelMessage[]) => readonly unknown[];

/** A transcript's user and assistant messages, as the model port carries them. */
function conversation(entries: ReadonlyArray<Record<string, unknown>>): ModelMessage[] {
  return entries.flatMap((entry) => {
    const message = entry['message'] as ModelMessage | undefined;
    return (entry['type'] === 'user' || entry['type'] === 'assistant') && message !== undefined
      ? [{ role: message.role, content: message.content }]
      : [];
  });
}

function parsedLines(file: string): Array<Record<string, unknown>> {
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line) => {
      try {
        return line.trim() === '' ? [] : [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}

const generated = Array.from({ length: Number(args.sessions) }, (_, s) =>
  conversation(
    generateSession({ turns: 4, seed: 1000 + s, sessionId: `s${s}`, statementEvery: 2, largeResults: false }) as unknown as Array<
      Record<string, unknown>
    >,
  ),
);
const real = loadGold('dev').map((gold) => conversation(parsedLines(join(REAL_SESSIONS, gold.session))));

const run = (find: Finder, input: ReadonlyArray<readonly ModelMessage[]>): number =>
  timed(() => input.reduce((n, messages) => n + find(messages).length, 0)).ms;

const INPUTS = [
  [`${generated.length} generated sessions`, generated],
  [`${real.length} real sessions (dev half)`, real],
] as const;

/** One finder's best times over the inputs, after one warm-up run each (the language model loads on first use). */
async function measure(root: string | undefined, rounds: number): Promise<number[]> {
  const find =
    root === undefined
      ? findMemoryStatements
      : (
          (await import(pathToFileURL(resolve(root, 'src', 'model', 'offline', 'memoryStatements.ts')).href)) as {
            findMemoryStatements: Finder;
          }
        ).findMemoryStatements;
  return INPUTS.map(([, input]) => {
    run(find, input);
    return Math.min(...Array.from({ length: rounds }, () => run(find, input)));
  });
}

/** A child process measuring one version once: its best times, as JSON on stdout. */
function child(root: string): number[] {
  const argv = [
    ...process.execArgv,
    fileURLToPath(import.meta.url),
    '--finder',
    root,
    '--rounds',
    '3',
    '--sessions',
    String(args.sessions),
  ];
  return JSON.parse(execFileSync(process.execPath, argv, { encoding: 'utf8' })) as number[];
}

if (args.finder !== undefined) {
  console.log(JSON.stringify(await measure(args.finder, Number(args.rounds))));
} else {
  console.log(machineLine());
  if (args.baseline === undefined) {
    const best = await measure(undefined, Number(args.rounds));
    INPUTS.forEach(([name], i) => console.log(`${name}: ${best[i]?.toFixed(1)} ms`));
  } else {
    const versions = [resolve(args.baseline), resolve(fileURLToPath(import.meta.url), '..', '..')];
    const runs = Array.from({ length: Number(args.rounds) }, () => versions.map(child));
    const best = versions.map((_, v) => INPUTS.map((_, i) => Math.min(...runs.map((round) => round[v]?.[i] ?? NaN))));
    INPUTS.forEach(([name], i) => {
      const [base, mine] = [best[0]?.[i] ?? NaN, best[1]?.[i] ?? NaN];
      console.log(
        `${name}: baseline ${base.toFixed(1)} ms, this version ${mine.toFixed(1)} ms; this version / baseline ${(mine / base).toFixed(2)}x`,
      );
    });
  }
}
