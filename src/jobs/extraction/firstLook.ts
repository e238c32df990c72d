import type { ModelMessage, ModelPort } from '../../model/port.js';
import { humanText } from '../../model/offline/conversationFacts.js';
import { isTextBlock } from '../../transcript/contentGuards.js';

/** Whether a first look runs before each extraction, and what a no does. */
export interface FirstLookSettings {
  /** shadow: the run goes ahead whatever the answer, which is recorded; enforce: a no skips the run (the cursor stays). */
  readonly mode: 'shadow' | 'enforce';
  /** The model asked; a small one with no retries (the caller builds it so). */
  readonly model: ModelPort;
  /** The whole call, after which it counts as unanswered (default 20 s, as Claude Code's). */
  readonly timeoutMs?: number;
  readonly maxTokens?: number;
}

/** What the first look found: `answer` null when there was none that is a boolean (a timeout, an error, malformed JSON): such a look never skips. */
export interface FirstLookAnswer {
  readonly mode: 'shadow' | 'enforce';
  readonly answer: boolean | null;
  /** Why there is no answer. */
  readonly error?: string;
  readonly tokens: { readonly input: number; readonly output: number };
  readonly ms: number;
}

export const FIRST_LOOK_TIMEOUT_MS = 20_000;
export const FIRST_LOOK_MAX_TOKENS = 64;
/** The newest part of the new messages shown, in characters: the look is meant to be cheap. */
const SHOWN_CHARS = 8_000;

export const FIRST_LOOK_SCHEMA = {
  type: 'object',
  properties: { write_likely: { type: 'boolean' } },
  required: ['write_likely'],
  additionalProperties: false,
} as const;

const SYSTEM = 'You decide, cheaply, whether a background memory-extraction run is worth starting for a coding assistant.';

/**
 * One cheap call before an extraction run (Claude Code 2.1.332's hosted first look): the new
 * messages, and the question whether any is worth keeping in long-term memory, answered as JSON
 * through a schema. One attempt, a short timeout: this never retries and never throws; what is
 * not a boolean answer is recorded as none.
 */
export async function firstLook(
  settings: FirstLookSettings,
  newPart: readonly ModelMessage[],
  signal?: AbortSignal,
): Promise<FirstLookAnswer> {
  const started = Date.now();
  const timeout = AbortSignal.timeout(settings.timeoutMs ?? FIRST_LOOK_TIMEOUT_MS);
  const both = signal === undefined ? timeout : AbortSignal.any([signal, timeout]);
  const base = { mode: settings.mode };
  try {
    const reply = await settings.model.complete(
      {
        system: SYSTEM,
        messages: [{ role: 'user', content: question(newPart) }],
        maxTokens: settings.maxTokens ?? FIRST_LOOK_MAX_TOKENS,
        outputSchema: FIRST_LOOK_SCHEMA,
        task: { kind: 'first_look', messages: newPart },
      },
      { signal: both },
    );
    const tokens = { input: reply.usage.inputTokens, output: reply.usage.outputTokens };
    const text = reply.content.flatMap((block) => (isTextBlock(block) ? [block.text] : [])).join('');
    const answer = parseAnswer(text);
    return answer === null
      ? {
          ...base,
          answer: null,
          error: `the answer is not {"write_likely": boolean}: ${JSON.stringify(text.slice(0, 120))}`,
          tokens,
          ms: Date.now() - started,
        }
      : { ...base, answer, tokens, ms: Date.now() - started };
  } catch (error) {
    if (signal?.aborted === true) throw error;
    const why = timeout.aborted ? `no answer within ${settings.timeoutMs ?? FIRST_LOOK_TIMEOUT_MS} ms` : (error as Error).message;
    return { ...base, answer: null, error: why, tokens: { input: 0, output: 0 }, ms: Date.now() - started };
  }
}

/** `write_likely` when the text is exactly a JSON object holding a boolean there; null otherwise. */
export function parseAnswer(text: string): boolean | null {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    const value = (parsed as Record<string, unknown>)['write_likely'];
    return typeof value === 'boolean' ? value : null;
  } catch {
    return null;
  }
}

function question(newPart: readonly ModelMessage[]): string {
  const lines = newPart.flatMap((message) => {
    const said = message.role === 'user' ? humanText(message) : assistantText(message);
    return said === '' ? [] : [`${message.role}: ${said}`];
  });
  const shown = lines.join('\n').slice(-SHOWN_CHARS);
  return [
    '<messages>',
    shown,
    '</messages>',
    '',
    'Would a memory-extraction run find anything here worth keeping for future sessions: a preference or correction from the user, a fact about the project not visible in the code, or a pointer to an outside reference? Set write_likely to true if so, false if not.',
  ].join('\n');
}

function assistantText(message: ModelMessage): string {
  if (typeof message.content === 'string') return message.content;
  return message.content
    .flatMap((block) => (isTextBlock(block) ? [block.text] : []))
    .join('\n')
    .trim();
}
