import { claudeCodeEntries, type Turn, uuidOf } from './chatTurns.js';

/**
 * An aider chat history (`.aider.chat.history.md`, which people commit with their code) as Claude Code sessions, for
 * audits of what the offline extractor saves from people's own words (decision 132): what a person types to one coding
 * agent is the same kind of statement as what they type to another. Each "# aider chat started at …" block is a session;
 * `#### ` lines are what the person typed; `> ` lines are aider's own output (its prompts, command output, token counts),
 * left out; the rest is the assistant's reply. Aider's architect mode hands its own reply to the editor model as a
 * `#### ` block: such a block repeats the reply before it and is left out too, or the assistant's plan would read as the
 * person's words.
 */

export interface AiderSession {
  /** A UUID made from the source, the start time and the block's place, so a conversion gives the same ids again. */
  readonly sessionId: string;
  readonly started: string;
  /** The transcript entries, in Claude Code's JSONL shapes (user and assistant lines, chained by parentUuid). */
  readonly entries: ReadonlyArray<Record<string, unknown>>;
  readonly prompts: number;
}

/** Spacing aside, the opening of a text: how a hand-off is told from a prompt of the person's. */
const opening = (text: string): string => text.replace(/\s+/g, ' ').trim().slice(0, 200);

/** A prompt the person typed, or undefined for a command, a yes/no answer to aider or a hand-off of the reply before it. */
function typedPrompt(lines: readonly string[], before: Turn | undefined): string | undefined {
  const typed = lines.join('\n').trim();
  // "/ask …", "/code …", "/architect …" carry a prompt after the command; any other command is aider's business.
  const prompt = typed.replace(/^\/(?:ask|code|architect)\s+/, '');
  if (prompt === '' || /^\/\S+/.test(prompt) || /\(Y\)es\/\(N\)o/.test(prompt)) return undefined;
  if (before?.role === 'assistant' && opening(prompt) === opening(before.text)) return undefined;
  return prompt;
}

/** The turns of one session block. */
function turnsOf(block: string): Turn[] {
  const turns: Turn[] = [];
  let typed: string[] = [];
  let reply: string[] = [];
  const flush = (): void => {
    const prompt = typed.length === 0 ? undefined : typedPrompt(typed, turns.at(-1));
    if (prompt !== undefined) turns.push({ role: 'user', text: prompt });
    typed = [];
    // A reasoning model's thinking, which aider prints in tags, is no reply to the person.
    const text = reply
      .join('\n')
      .replace(/<thinking-content-[0-9a-f]+>[\s\S]*?<\/thinking-content-[0-9a-f]+>/g, '')
      .trim();
    if (text !== '') turns.push({ role: 'assistant', text });
    reply = [];
  };
  for (const line of block.split('\n')) {
    if (line.startsWith('#### ') || line === '####') {
      if (reply.length > 0) flush();
      typed.push(line.slice(5).trimEnd());
    } else if (line.startsWith('> ') || line === '>') {
      if (typed.length > 0) flush();
    } else if (typed.length > 0) {
      // A blank line ends what was typed (aider writes a blank line inside a prompt as "####"); the reply starts after it.
      flush();
      if (line.trim() !== '') reply.push(line);
    } else {
      reply.push(line);
    }
  }
  flush();
  return turns;
}

/** The entries of one session, in Claude Code's shapes: a turn every 30 seconds from the session's start. */
function entriesOf(turns: readonly Turn[], sessionId: string, started: string, source: string): Array<Record<string, unknown>> {
  const parsed = Date.parse(`${started.replace(' ', 'T')}Z`);
  const base = Number.isNaN(parsed) ? 0 : parsed;
  return claudeCodeEntries(turns, { sessionId, source, model: 'aider', times: turns.map((_, i) => base + i * 30_000) });
}

/** The sessions of a history in which the person typed at least one prompt. */
export function aiderSessions(history: string, source: string): AiderSession[] {
  const blocks = history.replace(/\r\n?/g, '\n').split(/^# aider chat started at (.*)$/m);
  const sessions: AiderSession[] = [];
  for (let i = 1; i < blocks.length; i += 2) {
    const started = (blocks[i] ?? '').trim();
    const turns = turnsOf(blocks[i + 1] ?? '');
    const prompts = turns.filter((turn) => turn.role === 'user').length;
    if (prompts === 0) continue;
    const sessionId = uuidOf(`${source}\n${started}\n${i}`);
    sessions.push({ sessionId, started, entries: entriesOf(turns, sessionId, started, source), prompts });
  }
  return sessions;
}
