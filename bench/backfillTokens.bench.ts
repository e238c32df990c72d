import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scriptArgs } from './scriptArgs.js';
import { backfillMemories } from '../src/jobs/backfill/backfillMemories.js';
import { extractMemories } from '../src/jobs/extraction/extractMemories.js';
import { OfflineModel } from '../src/model/offline/offlineModel.js';
import { machineLine } from './benchUtil.js';
import { generateSession, toJsonl } from './sessionGen.js';

/**
 * Model input tokens a backfill sends per session, against the session's own size (the same
 * estimate), for one generated session of each length: `memlog extract` (two phases, each
 * session read about once) beside `memlog extract --per-turn` (Claude Code's live runs, each
 * sending the conversation since the cursor and all before it), in one run. Offline model: it
 * reports no usage, so "sent" is the project's estimate of each request, for both. The
 * target: the backfill at most 1.5× at 20, 80 and 320 turns. Measures; asserts nothing.
 */
const { values: args } = scriptArgs('bench/backfillTokens.bench.ts', { options: { turns: { type: 'string', default: '20,80,320' } } });

const root = mkdtempSync(join(tmpdir(), 'memlog-backfill-tokens-'));
try {
  console.log(machineLine());
  console.log(
    `${'turns'.padStart(6)} ${'session'.padStart(9)} ${'backfill'.padStart(10)} ${'ratio'.padStart(6)} ${'per turn'.padStart(10)} ${'ratio'.padStart(6)}`,
  );
  for (const turns of args.turns.split(',').map(Number)) {
    const projects = join(root, `t${turns}`, 'projects');
    const project = join(projects, '-home-dev-long');
    mkdirSync(project, { recursive: true });
    const sessionId = '00000000-0000-4000-8000-000000000001';
    writeFileSync(
      join(project, `${sessionId}.jsonl`),
      toJsonl(generateSession({ turns, seed: 7, sessionId, statementEvery: 9, largeResults: true })),
    );
    const backfill = await backfillMemories({ root: projects, out: join(root, `t${turns}`, 'backfill'), model: new OfflineModel() });
    const perTurn = await extractMemories({ root: projects, out: join(root, `t${turns}`, 'per-turn'), model: new OfflineModel() });
    const own = backfill.sessionTokens;
    const ratio = (sent: number): string => `${(sent / own).toFixed(2)}×`;
    console.log(
      `${String(turns).padStart(6)} ${own.toLocaleString('en-US').padStart(9)} ${backfill.tokens.input.toLocaleString('en-US').padStart(10)} ${ratio(backfill.tokens.input).padStart(6)} ${perTurn.tokens.input.toLocaleString('en-US').padStart(10)} ${ratio(perTurn.tokens.input).padStart(6)}`,
    );
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
