/**
 * A projects folder for timing `memlog report` where the context window matters (decision 113):
 * ten sessions that compact at Claude Code's 200k point (bench/corpus.ts, 5 MB each), whose
 * usage never passes 200,000, and ten that grow without compacting (bench/sessionGen.ts, 120
 * turns), whose usage passes 200,000 after a compaction was due against it. About 74 MB.
 *
 *   npx tsx bench/windowTree.ts <folder>
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLAUDE_CODE_CONTEXT_TOKENS, writeCorpus } from './corpus.js';
import { generateSession, toJsonl } from './sessionGen.js';

const root = process.argv[2];
if (root === undefined) throw new Error('usage: npx tsx bench/windowTree.ts <folder>');
const compacting = join(root, '-home-dev-compacting');
const growing = join(root, '-home-dev-growing');
mkdirSync(compacting, { recursive: true });
mkdirSync(growing, { recursive: true });
const name = (prefix: string, i: number): string => `${prefix}-0000-4000-8000-${String(i).padStart(12, '0')}`;
for (let i = 0; i < 10; i++)
  writeCorpus(join(compacting, `${name('aaaaaaaa', i)}.jsonl`), 5e6, 100 + i, { compactAtTokens: CLAUDE_CODE_CONTEXT_TOKENS });
for (let i = 0; i < 10; i++) {
  const sessionId = name('bbbbbbbb', i);
  writeFileSync(join(growing, `${sessionId}.jsonl`), toJsonl(generateSession({ turns: 120, seed: 7 + i, sessionId })));
}
