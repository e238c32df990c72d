import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scriptArgs } from '../../scriptArgs.js';
import { aiderSessions } from './aiderHistory.js';

/**
 * `npx tsx bench/quality/audit/fromAider.ts <history.md> <out-dir> <source>`: an aider chat history as Claude Code
 * sessions, one `<sessionId>.jsonl` per session in `<out-dir>`, for an audit (decision 132). Prints one line per session:
 * its file, start time and number of typed prompts. The histories are public material without a licence: read for
 * facts, never committed.
 */
const ABOUT = 'Operands: <history.md> <out-dir> <source>. Writes one Claude Code session per aider session.';
const { positionals } = scriptArgs('bench/quality/audit/fromAider.ts', { allowPositionals: true }, ABOUT);
const [history, outDir, source] = positionals;
if (history === undefined || outDir === undefined || source === undefined || !/^[a-z0-9-]+$/.test(source)) {
  console.error(`fromAider: name a history, an output folder and a source (lower case, digits, dashes)\n${ABOUT}`);
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
for (const session of aiderSessions(readFileSync(history, 'utf8'), source)) {
  const file = join(outDir, `${session.sessionId}.jsonl`);
  writeFileSync(file, `${session.entries.map((entry) => JSON.stringify(entry)).join('\n')}\n`);
  console.log(`${source}/${session.sessionId}.jsonl\t${session.started}\tprompts=${session.prompts}`);
}
