import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { scriptArgs } from '../../scriptArgs.js';
import { specStorySession } from './specStoryChat.js';

/**
 * `npx tsx bench/quality/audit/fromSpecStory.ts <chat.md>… <out-dir> <source>`: chats SpecStory saved
 * (`.specstory/history/*.md`) as Claude Code sessions, one `<sessionId>.jsonl` each in `<out-dir>`, for an audit
 * (decision 138). Prints one line per chat: its session file, the chat's file name and its number of typed prompts. The
 * chats are public material without a licence: read for facts, never committed.
 */
const ABOUT = 'Operands: <chat.md>... <out-dir> <source>. Writes one Claude Code session per chat the person typed in.';
const { positionals } = scriptArgs('bench/quality/audit/fromSpecStory.ts', { allowPositionals: true }, ABOUT);
const source = positionals.at(-1);
const outDir = positionals.at(-2);
const chats = positionals.slice(0, -2);
if (chats.length === 0 || outDir === undefined || source === undefined || !/^[a-z0-9-]+$/.test(source)) {
  console.error(`fromSpecStory: name one chat or more, an output folder and a source (lower case, digits, dashes)\n${ABOUT}`);
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
for (const chat of chats) {
  const session = specStorySession(readFileSync(chat, 'utf8'), basename(chat), source);
  if (session === undefined) {
    console.log(`${basename(chat)}\tleft out: the person typed nothing`);
    continue;
  }
  writeFileSync(join(outDir, `${session.sessionId}.jsonl`), `${session.entries.map((entry) => JSON.stringify(entry)).join('\n')}\n`);
  console.log(`${source}/${session.sessionId}.jsonl\t${basename(chat)}\tprompts=${session.prompts}`);
}
