import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The gold lists of the real-session benchmark (decision 67): one JSON file per real Claude Code
 * session under bench/quality/real/gold/, written by reading the person's prompts and
 * AskUserQuestion answers, never from an extractor's output.
 */
export const REAL_ROOT = dirname(fileURLToPath(import.meta.url));
export const REAL_SESSIONS = join(REAL_ROOT, 'sessions');
export const REAL_GOLD = join(REAL_ROOT, 'gold');

/** The part a session belongs to: `aside` is kept aside while developing and scored by totals only. */
export const REAL_HALVES = ['dev', 'aside'] as const;
export type RealHalf = (typeof REAL_HALVES)[number];

/** Why a false save is noise, as a trap names it; `other` is anything neither the gold list nor a trap names. */
export const TRAP_CAUSES = ['pasted', 'task', 'status', 'question', 'assistant', 'other'] as const;
export type TrapCause = (typeof TRAP_CAUSES)[number];

// Words as bench/quality/matchWords.ts reads them: lowercase, `x*` a prefix, `a|b` either.
const words = z
  .array(
    z
      .string()
      .min(1)
      .regex(/^[^A-Z]*$/, 'words are lowercase'),
  )
  .min(1);

const goldItem = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  type: z.enum(['user', 'feedback', 'project', 'reference']),
  certainty: z.enum(['certain', 'defensible']),
  words,
  text: z.string().min(1),
  /**
   * `<session>#<id>` of the same fact in another session of the same source: when both are
   * scored together they are one item (memories are kept per project, so it is one memory).
   */
  sameAs: z
    .string()
    .regex(/^[a-z0-9-]+\/[^/#]+\.jsonl#[a-z0-9-]+$/)
    .optional(),
});

export const goldSession = z.strictObject({
  /** `<source>/<file>.jsonl` under bench/quality/real/sessions/. */
  session: z.string().regex(/^[a-z0-9-]+\/[^/]+\.jsonl$/),
  half: z.enum(REAL_HALVES),
  note: z.string().min(1),
  items: z.array(goldItem),
  /** Facts said and later corrected: a memory holding these words kept the old version. */
  superseded: z.array(z.strictObject({ id: z.string().regex(/^[a-z0-9-]+$/), words, text: z.string().min(1) })),
  /** Noise an extractor is likely to save from this session, used only to name a false save's cause. */
  traps: z.array(z.strictObject({ cause: z.enum(TRAP_CAUSES).exclude(['other']), words })),
});

export type GoldSession = z.infer<typeof goldSession>;
export type GoldItem = z.infer<typeof goldItem>;

/** The project folder (the source) a session is laid out in. */
export const sourceOf = (gold: Pick<GoldSession, 'session'>): string => gold.session.split('/')[0]!;

/** Every gold file's path under a gold folder, sorted. */
export function goldFiles(root = REAL_GOLD): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.json'))
    .map((name) => join(root, name))
    .sort();
}

/** Reads and checks one gold file; a bad one is a one-line error naming it. */
export function readGold(path: string, root = REAL_GOLD): GoldSession {
  const parsed = goldSession.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(`${relative(root, path)}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'invalid'}`);
}

/** The gold lists of one half (or all), sorted by session. */
export function loadGold(half?: RealHalf, root = REAL_GOLD): GoldSession[] {
  return goldFiles(root)
    .map((path) => readGold(path, root))
    .filter((gold) => half === undefined || gold.half === half);
}
