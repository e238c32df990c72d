import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assistantEntry, text, userEntry } from '../src/testing/entryBuilders.js';
import type { Entry } from '../src/transcript/entrySchema.js';
import { toJsonl } from './sessionGen.js';

/**
 * A project's history for measuring what backfill and consolidation keep (decisions 41 and 42): many short
 * sessions, one a day, most of them plain work, and among them the statements a memory system
 * must get right:
 * - one preference said in different words in five sessions (should end as one memory);
 * - one project fact stated, then changed weeks later (only the newest version should stay);
 * - statements with relative dates (no relative date should be left in any memory);
 * - two unrelated rules (they must stay two memories: consolidation must not merge everything).
 * Deterministic: the same call writes the same bytes.
 */
export interface HistoryStatement {
  readonly session: number;
  readonly text: string;
  /** What it is, for the bench's report. */
  readonly kind: 'preference' | 'fact-old' | 'fact-new' | 'dated' | 'rule';
}

export const HISTORY_STATEMENTS: readonly HistoryStatement[] = [
  { session: 3, kind: 'preference', text: 'I prefer pnpm over npm for installing packages.' },
  { session: 8, kind: 'preference', text: 'Please always use pnpm instead of npm in this repo.' },
  { session: 14, kind: 'preference', text: 'Remember that we install packages with pnpm, never npm.' },
  { session: 21, kind: 'preference', text: "Don't run npm install here; pnpm is the package manager." },
  { session: 27, kind: 'preference', text: 'From now on use pnpm for packages, not npm.' },
  { session: 5, kind: 'fact-old', text: 'Remember that the staging API runs on port 8080.' },
  { session: 19, kind: 'fact-new', text: 'Remember that the staging API now runs on port 9090.' },
  { session: 10, kind: 'dated', text: 'Remember that the release freeze starts next Monday.' },
  { session: 16, kind: 'dated', text: 'Remember that the design review is tomorrow at 3pm.' },
  { session: 12, kind: 'rule', text: 'Never push straight to main; open a branch.' },
  { session: 24, kind: 'rule', text: 'Always run the type checker before you say it is done.' },
];

const WORK = [
  'Look at the failing test in the reader and tell me why it fails.',
  'Add a check for empty input to the parser.',
  'Rename the helper that builds the index, it reads badly.',
  'Why is the build slower since yesterday?',
  'Write a small test for the cursor.',
];

const hex = (n: number, width: number): string => n.toString(16).padStart(width, '0');
const uuidOf = (session: number, n: number): string => `${hex(session, 8)}-0000-4000-8000-${hex(n, 12)}`;

/** One session: three turns of work, one of them replaced by a statement when the history has one for it. */
function session(index: number, sessionId: string, cwd: string, day: number): Entry[] {
  const statements = HISTORY_STATEMENTS.filter((s) => s.session === index);
  const prompts = [WORK[index % WORK.length]!, ...statements.map((s) => s.text), WORK[(index + 2) % WORK.length]!];
  const entries: Entry[] = [];
  let clock = Date.UTC(2026, 0, 5, 9, 0, 0) + day * 86_400_000;
  let parent: string | null = null;
  let n = 0;
  for (const [turn, prompt] of prompts.entries()) {
    const envelope = () => {
      clock += 60_000;
      return { parentUuid: parent, sessionId, timestamp: new Date(clock).toISOString() };
    };
    const user = userEntry(uuidOf(index, n++), prompt, envelope());
    entries.push({ ...user, cwd });
    parent = user.uuid;
    const reply = assistantEntry(uuidOf(index, n++), `msg_${index}_${turn}`, text('Done. I looked at it and made the change.'), {
      ...envelope(),
      usage: { input_tokens: 5, output_tokens: 40, cache_read_input_tokens: 2_000 + 300 * turn, cache_creation_input_tokens: 100 },
      stopReason: 'end_turn',
    });
    entries.push({ ...reply, cwd });
    parent = reply.uuid;
  }
  return entries;
}

/** Writes `sessions` sessions (at least 30 for the target) into `root/<project>/`, one a day; returns the project folder. */
export function writeHistory(root: string, sessions = 30): string {
  const cwd = '/home/dev/history';
  const project = join(root, '-home-dev-history');
  mkdirSync(project, { recursive: true });
  for (let index = 1; index <= sessions; index++) {
    const sessionId = uuidOf(index, 0).replace(/-0000-4000-8000-0{12}$/, '-1111-4111-8111-111111111111');
    writeFileSync(join(project, `${sessionId}.jsonl`), toJsonl(session(index, sessionId, cwd, index)));
  }
  return project;
}
