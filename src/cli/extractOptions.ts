import { InvalidArgumentError } from 'commander';
import type { ModelKind } from '../jobs/index.js';
import { DEFAULT_CHUNK_TOKENS } from '../jobs/light/index.js';
import { TRIGGER_POLICIES, type TriggerPolicy } from '../projections/index.js';
import { MODEL_HELP, type ModelPortCliOptions } from './modelPortOptions.js';
import { MODEL_KINDS } from './optionChecks.js';
import type { OptionRule, OptionTable } from './optionTable.js';
import { REVIEW_ENV } from './reviewSetting.js';
import { EXTRACT_OUT } from './extractOut.js';
import { nonNegative, positive } from './triggerOptions.js';

/** `memlog extract`'s own options, as commander hands them to the action (the model port's options besides). */
export interface ExtractCliOptions {
  readonly out: string;
  readonly intoClaude?: boolean;
  readonly model: ModelKind;
  readonly cassette?: string;
  readonly record?: boolean;
  readonly concurrency: number;
  readonly frontmatter: 'metadata' | 'flat';
  readonly extractEvery?: number;
  readonly policy: TriggerPolicy;
  readonly proseWords?: number;
  readonly firstLook: 'off' | 'shadow' | 'enforce';
  readonly firstLookTimeout: number;
  readonly firstLookModel?: string;
  readonly idleFlush?: number;
  readonly batch?: boolean;
  readonly perTurn?: boolean;
  readonly chunkTokens?: number;
  readonly consolidation: 'lexical' | 'agent';
  /** The default since decision 46; still accepted for scripts written when it was opt-in. */
  readonly twoPhase?: boolean;
  readonly dryRun?: boolean;
  readonly review?: boolean;
  readonly json?: boolean;
}

/** The session catalog's options, beside the table (one name, two flags): a file, false for --no-catalog, undefined for the default. */
interface CatalogCliOptions {
  readonly catalog?: string | false;
}

export type ExtractCommandOptions = ExtractCliOptions & ModelPortCliOptions & CatalogCliOptions;

const form = (value: string): 'metadata' | 'flat' => {
  if (value === 'metadata' || value === 'flat') return value;
  throw new InvalidArgumentError('expected metadata or flat');
};

/** `memlog extract`'s options, in the order `--help` lists them. */
export const EXTRACT_OPTIONS: OptionTable<ExtractCliOptions> = {
  out: {
    flags: '--out <dir>',
    description: "memlog's output folder: <out>/<project>/memory and the effect logs that hold each session's cursor",
    default: EXTRACT_OUT,
  },
  intoClaude: {
    flags: '--into-claude',
    description: 'write where Claude Code reads: <project>/memory, effect logs beside the transcripts',
  },
  model: { flags: '--model <kind>', description: MODEL_HELP, choices: MODEL_KINDS, default: 'auto' },
  cassette: { flags: '--cassette <file>', description: 'replay model calls from this cassette (with --record: record them)' },
  record: { flags: '--record', description: 'with --cassette: call the model and record its answers' },
  concurrency: { flags: '--concurrency <n>', description: 'projects worked on side by side', parse: positive, default: 2 },
  frontmatter: {
    flags: '--frontmatter <form>',
    description: 'topic-file frontmatter: metadata (current Claude Code) or flat',
    parse: form,
    default: 'metadata',
  },
  extractEvery: {
    flags: '--extract-every <turns>',
    description: 'with --per-turn: extract every N eligible turns (default 1)',
    parse: positive,
  },
  policy: {
    flags: '--policy <policy>',
    description:
      "with --per-turn: whose rules decide the runs: memlog (memlog's own) or claude-code (Claude Code's, for the version that wrote each entry)",
    choices: TRIGGER_POLICIES,
    default: 'memlog',
  },
  proseWords: {
    flags: '--prose-words <n>',
    description: 'with --per-turn: the prose gate, the words a user message since the cursor needs (default 3; 0: off)',
    parse: nonNegative,
  },
  firstLook: {
    flags: '--first-look <mode>',
    description:
      'with --per-turn: one cheap call before each run asking whether anything is worth writing: shadow (run anyway, record the answer) or enforce (a no skips the run; the cursor stays)',
    choices: ['off', 'shadow', 'enforce'],
    default: 'off',
  },
  firstLookTimeout: {
    flags: '--first-look-timeout <seconds>',
    description: 'with --first-look: how long the one call may take (default 20; never retried)',
    parse: positive,
    default: 20,
  },
  firstLookModel: {
    flags: '--first-look-model <id>',
    description: 'with --first-look and an Anthropic model: the model asked (default: the one extracting)',
  },
  idleFlush: {
    flags: '--idle-flush <seconds>',
    description: 'with --per-turn: run a held-back extraction when the session then stayed idle this long',
    parse: positive,
  },
  batch: {
    flags: '--batch',
    description:
      'send the requests through the Anthropic Message Batches API (half price, asynchronous): each run collects the batches that have ended and sends what is due next (a chunk per session a round)',
  },
  perTurn: {
    flags: '--per-turn',
    description:
      "extract as Claude Code does live, turn by turn: every run sends the conversation since the cursor (a session's tokens sent many times over)",
  },
  chunkTokens: {
    flags: '--chunk-tokens <n>',
    description: `the largest chunk of whole turns sent at once, in estimated tokens (default ${DEFAULT_CHUNK_TOKENS})`,
    parse: positive,
  },
  consolidation: {
    flags: '--consolidation <planner>',
    description:
      'how phase 2 merges the candidates: lexical (deterministic, free) or agent (the consolidation agent on the selected model, as memlog consolidate --model anthropic)',
    choices: ['lexical', 'agent'],
    default: 'lexical',
  },
  twoPhase: { flags: '--two-phase', description: 'read each session once, then consolidate (the default)', hidden: true },
  dryRun: { flags: '--dry-run', description: 'list what would be processed, with an estimate of model tokens; write nothing' },
  review: {
    flags: '--review',
    description: `put each project's merged memories in the review inbox beside its memory directory instead of writing them (memlog review); the default when ${REVIEW_ENV}=1`,
  },
  json: { flags: '--json', description: 'print the report as one JSON object' },
};

type Key = keyof ExtractCliOptions;

/** The options that decide the runs of --per-turn, meaningless without it. */
const PER_TURN_ONLY: readonly Key[] = ['policy', 'proseWords', 'idleFlush', 'firstLook', 'firstLookTimeout', 'firstLookModel'];

const flag = (key: Key): string => EXTRACT_OPTIONS[key].flags.split(' ')[0] ?? key;

/** The combinations `memlog extract` refuses, in the order they are checked (the first broken one is the error). */
export const EXTRACT_RULES: readonly OptionRule<Key>[] = [
  { given: 'record', without: 'cassette', message: '--record records into a cassette: it needs --cassette <file>' },
  { given: 'intoClaude', with: 'out', message: '--into-claude writes where Claude Code reads; it does not go with --out' },
  { given: 'perTurn', with: 'twoPhase', message: '--per-turn and --two-phase are two ways to extract: choose one' },
  {
    given: 'perTurn',
    with: 'chunkTokens',
    message: '--chunk-tokens sizes the chunks each session is read in; --per-turn sends runs, not chunks',
  },
  { given: 'perTurn', with: 'review', message: "--review proposes the backfill's merge; --per-turn writes each run as it goes" },
  {
    given: 'perTurn',
    with: 'consolidation',
    message: '--consolidation chooses how the backfill consolidates its candidates; --per-turn has no such phase',
  },
  {
    given: { option: 'consolidation', value: 'agent' },
    with: { option: 'model', value: 'offline' },
    message: '--consolidation agent runs a model as an agent; the offline model cannot (use --model anthropic, or --consolidation lexical)',
  },
  {
    given: 'extractEvery',
    without: 'perTurn',
    message: '--extract-every spaces the runs of --per-turn; the default backfill reads each session once (add --per-turn)',
  },
  ...PER_TURN_ONLY.map((key): OptionRule<Key> => ({
    given: key,
    without: 'perTurn',
    message: `${flag(key)} decides the runs of --per-turn; the default backfill reads each session once (add --per-turn)`,
  })),
];
