import { createHash } from 'node:crypto';

/**
 * What the audits' converters share (decision 132): another coding agent's chat, read as turns, written in Claude Code's
 * JSONL shapes with ids that come out the same on every conversion.
 */

export interface Turn {
  readonly role: 'user' | 'assistant';
  readonly text: string;
}

/** A UUID-shaped id from a seed: the same seed, the same id. */
export function uuidOf(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface SessionShape {
  readonly sessionId: string;
  /** The folder the chat is said to run in: a made-up one per source, never a path of the machine converting it. */
  readonly source: string;
  /** The assistant's model name, as the entries give it: the agent the chat came from. */
  readonly model: string;
  /** When each turn was said, in milliseconds. */
  readonly times: readonly number[];
}

/** The turns of one chat as Claude Code's user and assistant lines, chained by parentUuid. */
export function claudeCodeEntries(turns: readonly Turn[], shape: SessionShape): Array<Record<string, unknown>> {
  let parentUuid: string | null = null;
  return turns.map((turn, i) => {
    const uuid = uuidOf(`${shape.sessionId}#${i}`);
    const common = {
      parentUuid,
      isSidechain: false,
      userType: 'external',
      cwd: `/home/user/${shape.source}`,
      sessionId: shape.sessionId,
      version: '2.1.332',
      gitBranch: 'main',
      uuid,
      timestamp: new Date(shape.times[i] ?? 0).toISOString(),
    };
    parentUuid = uuid;
    return turn.role === 'user'
      ? { ...common, type: 'user', message: { role: 'user', content: turn.text } }
      : {
          ...common,
          type: 'assistant',
          message: {
            id: `msg_${uuid.replace(/-/g, '').slice(0, 24)}`,
            type: 'message',
            role: 'assistant',
            model: shape.model,
            content: [{ type: 'text', text: turn.text }],
            stop_reason: 'end_turn',
            usage: { input_tokens: 0, output_tokens: 0 },
          },
        };
  });
}
