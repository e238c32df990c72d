import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  assistantEntry,
  compactBoundaryEntry,
  compactSummaryEntry,
  text,
  toolResultEntry,
  toolUse,
  userEntry,
} from '../../src/testing/entryBuilders.js';
import type { Entry } from '../../src/transcript/entrySchema.js';
import { mulberry32 } from '../corpus.js';
import { toJsonl } from '../sessionGen.js';
import type { ResolvedStatement } from './corpus.js';

/**
 * Claude Code sessions with the corpus's statements said in them, as a user would: among turns
 * of ordinary work (a prompt, tool calls with long outputs, a reply), three to five statements a
 * session, several sessions a project, a compaction in every third session, one session a working
 * day. Deterministic: the same statements and seed write the same bytes.
 */
export interface GenerateOptions {
  readonly seed?: number;
  readonly projects?: number;
}

/** Where each statement was said: its project folder's name. */
export type Placements = ReadonlyMap<string, string>;

const PROJECT_NAMES = ['atlas', 'beacon', 'cobalt', 'dune', 'ember'];

const WORK = [
  'Look at the failing test in the order module and tell me why it fails.',
  'Add input validation to the signup form handler.',
  'Refactor the pagination helper so it takes a cursor instead of an offset.',
  'Run the tests and fix whatever is red.',
  'Clean up the unused imports in the api folder.',
  'Add a unit test for the price formatter.',
  'Check why lint complains about the new file.',
  'Make the error message for expired sessions clearer.',
];

const FOLLOW_UPS = ['Anyway, carry on with the tests.', 'Now back to the pagination change.', 'OK, continue where you were.'];

const ACKS = ['Understood.', 'Got it, I will keep that in mind.', 'Noted.', 'Makes sense.'];

const CODE_WORDS = 'order cart price total items cursor page limit offset user session token expires format amount currency'.split(' ');

const hex = (n: number, width: number): string => n.toString(16).padStart(width, '0');

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function shuffle<T>(random: () => number, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function codeListing(random: () => number, bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let n = 1; size < bytes; n++) {
    const a = pick(random, CODE_WORDS);
    const b = pick(random, CODE_WORDS);
    const line = `${String(n).padStart(6)}→  export const ${a}${n} = compute(${b}, "${a} → ${b} ✓");`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n');
}

function testLog(random: () => number, bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  while (size < bytes) {
    const line = `✓ src/${pick(random, CODE_WORDS)}.test.ts > ${pick(random, CODE_WORDS)} handles ${pick(random, CODE_WORDS)} (${Math.floor(random() * 90)} ms)`;
    lines.push(line);
    size += line.length + 1;
  }
  return `${lines.join('\n')}\n\nTest Files  ${lines.length} passed`;
}

interface SessionPlan {
  readonly project: string;
  readonly day: number;
  readonly index: number;
  readonly statements: readonly ResolvedStatement[];
}

class SessionWriter {
  readonly entries: Entry[] = [];
  private parent: string | null = null;
  private n = 0;
  private clock: number;
  private context = 4_000;

  constructor(
    private readonly random: () => number,
    private readonly sessionId: string,
    private readonly cwd: string,
    start: number,
  ) {
    this.clock = start;
  }

  private uuid(): string {
    return `${this.sessionId.slice(0, 8)}-0000-4000-8000-${hex(this.n++, 12)}`;
  }

  private envelope(gapMs: number) {
    this.clock += gapMs;
    return { parentUuid: this.parent, sessionId: this.sessionId, timestamp: new Date(this.clock).toISOString() };
  }

  private push(entry: Entry): string {
    (entry as { cwd: string }).cwd = this.cwd;
    this.entries.push(entry);
    this.parent = (entry as { uuid: string }).uuid;
    return this.parent;
  }

  private usage(output: number) {
    return { input_tokens: 5, output_tokens: output, cache_read_input_tokens: this.context, cache_creation_input_tokens: 200 };
  }

  prompt(content: string): void {
    this.push(userEntry(this.uuid(), content, this.envelope(60_000 + Math.floor(this.random() * 240_000))));
  }

  /** A tool call and its result; `queued`: words the person typed while it ran, handed over before its result or withdrawn (decision 100). */
  toolCall(turn: string, queued?: { readonly text: string; readonly how: 'mid-turn' | 'withdrawn' }): void {
    const random = this.random;
    const messageId = `msg_${this.sessionId.slice(0, 8)}_${turn}`;
    const toolId = `toolu_${this.sessionId.slice(0, 8)}_${turn}`;
    const file = `src/${pick(random, CODE_WORDS)}/${pick(random, CODE_WORDS)}.ts`;
    this.push(
      assistantEntry(this.uuid(), messageId, text(`Let me look at ${file} first.`), {
        ...this.envelope(2_000 + Math.floor(random() * 8_000)),
        usage: this.usage(60),
        stopReason: null,
      }),
    );
    const kind = pick(random, ['Read', 'Bash', 'Grep'] as const);
    const input =
      kind === 'Read'
        ? { file_path: `${this.cwd}/${file}` }
        : kind === 'Bash'
          ? { command: 'npm test -- --reporter=dot', description: 'Run the tests' }
          : { pattern: pick(random, CODE_WORDS), path: `${this.cwd}/src` };
    const piece = this.push(
      assistantEntry(this.uuid(), messageId, toolUse(toolId, kind, input), {
        ...this.envelope(500),
        usage: this.usage(80),
        stopReason: 'tool_use',
      }),
    );
    if (queued !== undefined) this.queue(queued.text, queued.how === 'mid-turn' ? 'remove' : 'popAll');
    // Long outputs: most a few KB, one in eight 20–40 KB, as real Read and test runs give.
    const bytes = random() < 0.125 ? 20_000 + Math.floor(random() * 20_000) : 1_500 + Math.floor(random() * 5_000);
    const output = kind === 'Bash' ? testLog(random, bytes) : codeListing(random, bytes);
    this.push(toolResultEntry(this.uuid(), toolId, piece, { ...this.envelope(1_000 + Math.floor(random() * 20_000)), content: output }));
    this.context += Math.round(output.length / 4) + 200;
  }

  /**
   * Claude Code's queue lines for a message typed while the agent worked: `remove` when it is handed over mid-turn (no
   * user line holds it), `popAll` when the person pulls it back into the input.
   */
  private queue(content: string, then: 'remove' | 'popAll'): void {
    const at = (gapMs: number) => new Date((this.clock += gapMs)).toISOString();
    const line = (operation: string, fields: Record<string, unknown>) =>
      ({ type: 'queue-operation', operation, timestamp: at(2_000), sessionId: this.sessionId, ...fields }) as unknown as Entry;
    this.entries.push(line('enqueue', { content }), line(then, {}));
  }

  /** The assistant asks through AskUserQuestion and the person answers: the answer comes back as the call's tool result. */
  askAndAnswer(question: string, answer: string, turn: string): void {
    const messageId = `msg_${this.sessionId.slice(0, 8)}_${turn}_ask`;
    const toolId = `toolu_${this.sessionId.slice(0, 8)}_${turn}_ask`;
    const input = { questions: [{ question, header: 'Question', options: [{ label: 'Yes' }, { label: 'No' }], multiSelect: false }] };
    const piece = this.push(
      assistantEntry(this.uuid(), messageId, toolUse(toolId, 'AskUserQuestion', input), {
        ...this.envelope(4_000),
        usage: this.usage(120),
        stopReason: 'tool_use',
      }),
    );
    const content = `User has answered your questions: "${question}"="${answer}". You can now continue with the user's answers in mind.`;
    this.push(toolResultEntry(this.uuid(), toolId, piece, { ...this.envelope(30_000 + Math.floor(this.random() * 60_000)), content }));
  }

  reply(content: string, turn: string): void {
    this.push(
      assistantEntry(this.uuid(), `msg_${this.sessionId.slice(0, 8)}_${turn}_end`, text(content), {
        ...this.envelope(3_000 + Math.floor(this.random() * 20_000)),
        usage: this.usage(200),
        stopReason: 'end_turn',
      }),
    );
  }

  compact(): void {
    const last = this.parent!;
    const boundary = this.uuid();
    this.entries.push({
      ...compactBoundaryEntry(boundary, last, undefined, { ...this.envelope(30_000), sessionId: this.sessionId }),
      cwd: this.cwd,
    });
    this.parent = boundary;
    const summary =
      'This session is being continued from a previous conversation that ran out of context. Summary: the user and the assistant worked through ' +
      'test failures and small refactors in the src folder; the tests pass again and the remaining work is the pagination change.';
    this.push(compactSummaryEntry(this.uuid(), boundary, summary, { ...this.envelope(1_000), sessionId: this.sessionId }));
    this.context = 6_000;
  }
}

function workTurn(writer: SessionWriter, random: () => number, turn: string): void {
  writer.prompt(pick(random, WORK));
  const calls = 1 + Math.floor(random() * 3);
  for (let call = 0; call < calls; call++) writer.toolCall(`${turn}_${call}`);
  writer.reply('Done: the change is in and the tests pass.', turn);
}

function statementTurn(writer: SessionWriter, random: () => number, statement: ResolvedStatement, turn: string): void {
  if (statement.earlier !== undefined) {
    // What it corrects was said earlier in the same session, with work in between.
    writer.prompt(statement.earlier.text);
    writer.reply(pick(random, ACKS), `${turn}_earlier`);
    workTurn(writer, random, `${turn}_between`);
  }
  if (statement.ask !== undefined) {
    // Answered through AskUserQuestion in the middle of a work turn.
    writer.prompt(pick(random, WORK));
    writer.toolCall(`${turn}_0`);
    writer.askAndAnswer(statement.ask, statement.said, turn);
    writer.reply(pick(random, ACKS), turn);
    return;
  }
  if (statement.queued !== undefined) {
    writer.prompt(pick(random, WORK));
    writer.toolCall(`${turn}_0`, { text: statement.said, how: statement.queued });
    writer.reply(pick(random, ACKS), turn);
    return;
  }
  const followUp = random() < 0.3 && statement.hazard === undefined;
  writer.prompt(followUp ? `${statement.said} ${pick(random, FOLLOW_UPS)}` : statement.said);
  if (followUp) writer.toolCall(`${turn}_0`);
  writer.reply(pick(random, ACKS), turn);
}

function sessionEntries(plan: SessionPlan, seed: number): { sessionId: string; entries: Entry[] } {
  const random = mulberry32(seed);
  const sessionId = `${hex(seed, 8)}-${hex(plan.index, 4)}-4000-8000-${hex(plan.day, 12)}`;
  const start = Date.UTC(2026, 1, 2 + plan.day, 8, 30) + Math.floor(random() * 90) * 60_000;
  const writer = new SessionWriter(random, sessionId, `/home/dev/${plan.project}`, start);
  const compactAfter = plan.index % 3 === 1 ? Math.floor(plan.statements.length / 2) : -1;
  let turn = 0;
  for (const [k, statement] of plan.statements.entries()) {
    const work = 1 + Math.floor(random() * 2);
    for (let w = 0; w < work; w++) workTurn(writer, random, String(turn++));
    statementTurn(writer, random, statement, String(turn++));
    if (k === compactAfter - 1) writer.compact();
  }
  workTurn(writer, random, String(turn++));
  return { sessionId, entries: writer.entries };
}

/**
 * Writes the sessions into `root` (a projects folder: one `-home-dev-<name>` folder per
 * project) and says where each statement went.
 */
export function writeQualitySessions(root: string, statements: readonly ResolvedStatement[], options: GenerateOptions = {}): Placements {
  const seed = options.seed ?? 20;
  const random = mulberry32(seed);
  const projects = PROJECT_NAMES.slice(0, options.projects ?? 3);
  const order = shuffle(random, statements);
  const plans: SessionPlan[] = [];
  for (let i = 0, index = 0; i < order.length; index++) {
    const size = 3 + Math.floor(random() * 3);
    plans.push({
      project: projects[index % projects.length]!,
      day: Math.floor(index / projects.length),
      index,
      statements: order.slice(i, i + size),
    });
    i += size;
  }
  const placements = new Map<string, string>();
  for (const plan of plans) {
    const dir = join(root, `-home-dev-${plan.project}`);
    mkdirSync(dir, { recursive: true });
    const { sessionId, entries } = sessionEntries(plan, seed * 1_000 + plan.index);
    writeFileSync(join(dir, `${sessionId}.jsonl`), toJsonl(entries));
    for (const statement of plan.statements) placements.set(statement.id, `-home-dev-${plan.project}`);
  }
  return placements;
}
