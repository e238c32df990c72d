import { assistantEntry, text, toolResultEntry, toolUse, userEntry } from '../src/testing/entryBuilders.js';
import type { Entry } from '../src/transcript/entrySchema.js';
import { mulberry32 } from './corpus.js';

/**
 * Deterministic sessions for the benches that need whole sessions (compaction, incremental
 * updates, batch extraction): turns of a prompt, tool calls with their results and a closing
 * reply, with PERFORMANCE.md's size mix (most entries 0.3–5 KB, about 5% of tool results
 * 20–200 KB). The same seed gives the same entries.
 */
export interface SessionShape {
  readonly turns: number;
  readonly seed: number;
  readonly sessionId: string;
  readonly cwd?: string;
  /** Every Nth turn's prompt states a preference to remember (for extraction); 0: never. */
  readonly statementEvery?: number;
  /** Scale of the large tool results; 0 keeps every entry small. */
  readonly largeResults?: boolean;
}

const WORDS =
  'the reader parses each entry of the session and folds the state; a test checks the index, the cursor moves past the memory file → é ✓ when the build passes'.split(
    ' ',
  );
const STATEMENTS = [
  'Remember that I prefer pnpm over npm.',
  'Never push straight to main, open a branch.',
  'Always run the type checker before you say it is done.',
  'I prefer small focused commits.',
  "Don't add comments that repeat the code.",
];

function prose(random: () => number, bytes: number): string {
  const words: string[] = [];
  let size = 0;
  while (size < bytes) {
    const word = WORDS[Math.floor(random() * WORDS.length)]!;
    words.push(word);
    size += word.length + 1;
  }
  return words.join(' ');
}

function code(random: () => number, bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let n = 1; size < bytes; n++) {
    const line = `${String(n).padStart(6)}→  const ${WORDS[Math.floor(random() * WORDS.length)]!.replace(/\W/g, 'x')}${n} = read("${prose(random, 24)}");`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n');
}

const uuid = (seed: number, n: number): string => {
  const hex = ((seed * 2654435761) >>> 0).toString(16).padStart(8, '0');
  return `${hex}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
};

/** One session's entries, chained by parentUuid, with usage on every assistant entry. */
export function generateSession(shape: SessionShape): Entry[] {
  const random = mulberry32(shape.seed);
  const entries: Entry[] = [];
  let n = 0;
  let parent: string | null = null;
  let context = 3_000;
  let clock = Date.UTC(2026, 0, 1) + shape.seed * 1_000_000;
  const envelope = () => {
    clock += 1_000 + Math.floor(random() * 30_000);
    return { parentUuid: parent, sessionId: shape.sessionId, timestamp: new Date(clock).toISOString() };
  };
  const push = (entry: Entry): void => {
    if (shape.cwd !== undefined) (entry as { cwd: string }).cwd = shape.cwd;
    entries.push(entry);
    parent = (entry as { uuid: string }).uuid;
  };
  for (let turn = 0; turn < shape.turns; turn++) {
    const statement =
      shape.statementEvery !== undefined && shape.statementEvery > 0 && turn % shape.statementEvery === shape.statementEvery - 1;
    const prompt = statement
      ? `${STATEMENTS[turn % STATEMENTS.length]} ${prose(random, 120)}`
      : `Please look at the reader: ${prose(random, 300 + Math.floor(random() * 700))}`;
    push(userEntry(uuid(shape.seed, n++), prompt, envelope()));
    const calls = 1 + Math.floor(random() * 3);
    for (let call = 0; call < calls; call++) {
      const messageId = `msg_${shape.seed}_${turn}_${call}`;
      const id = `toolu_${shape.seed}_${turn}_${call}`;
      const usage = { input_tokens: 5, output_tokens: 120, cache_read_input_tokens: context, cache_creation_input_tokens: 200 };
      push(
        assistantEntry(uuid(shape.seed, n++), messageId, text(prose(random, 200 + Math.floor(random() * 400))), {
          ...envelope(),
          usage,
          stopReason: null,
        }),
      );
      const piece = uuid(shape.seed, n++);
      push(
        assistantEntry(piece, messageId, toolUse(id, 'Read', { file_path: `${shape.cwd ?? '/project'}/src/file${call}.ts` }), {
          ...envelope(),
          usage,
          stopReason: 'tool_use',
        }),
      );
      const large = shape.largeResults !== false && random() < 0.05;
      const result = code(random, large ? 20_000 + Math.floor(random() * 180_000) : 1_000 + Math.floor(random() * 4_000));
      push(toolResultEntry(uuid(shape.seed, n++), id, piece, { ...envelope(), content: result }));
      context += Math.round(result.length / 4) + 200;
    }
    const usage = { input_tokens: 5, output_tokens: 300, cache_read_input_tokens: context, cache_creation_input_tokens: 300 };
    push(
      assistantEntry(
        uuid(shape.seed, n++),
        `msg_${shape.seed}_${turn}_end`,
        text(`Done: ${prose(random, 300 + Math.floor(random() * 600))}`),
        { ...envelope(), usage, stopReason: 'end_turn' },
      ),
    );
  }
  return entries;
}

export const toJsonl = (entries: readonly Entry[]): string => entries.map((e) => `${JSON.stringify(e)}\n`).join('');
