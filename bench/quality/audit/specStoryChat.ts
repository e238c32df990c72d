import { claudeCodeEntries, type Turn, uuidOf } from './chatTurns.js';

/**
 * A chat that SpecStory (an extension for Cursor, VS Code and Claude Code) saved as Markdown in `.specstory/history/`,
 * which people commit with their code, as one Claude Code session for an audit (decision 138). Blocks open with a line
 * `_**User**_` (or `_**User (date)**_`) for what the person typed, kept verbatim, and `_**Assistant**_` (or
 * `_**Agent (model …)**_`) for the assistant, whose prose is kept and whose thinking and tool calls are left out;
 * "---" lines separate the blocks. A sub-agent's block (its header says "sidechain") is left out whole.
 */

export interface SpecStorySession {
  readonly sessionId: string;
  readonly entries: ReadonlyArray<Record<string, unknown>>;
  readonly prompts: number;
}

interface TimedTurn extends Turn {
  /** The time the block's header gives, if any. */
  readonly at: number | undefined;
}

const HEADER = /^_\*\*(User|Assistant|Agent)([^*]*)\*\*_[ \t]*$/;
const ISO_TIME = /(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z)/;

/** A block's text without the blank and "---" lines around it. */
function trimmed(lines: readonly string[]): string {
  const edge = (line: string | undefined): boolean => line !== undefined && (line.trim() === '' || line.trim() === '---');
  let start = 0;
  let end = lines.length;
  while (start < end && edge(lines[start])) start++;
  while (end > start && edge(lines[end - 1])) end--;
  return lines.slice(start, end).join('\n');
}

/** The assistant's prose: its thinking, tool calls and tool results left out. */
function proseOf(lines: readonly string[]): string {
  const text = lines
    .join('\n')
    .replace(/<think>[\s\S]*?<\/think>/g, '')
    .replace(/<tool-use\b[\s\S]*?<\/tool-use>/g, '')
    .replace(/<details\b[\s\S]*?<\/details>/g, '')
    .replace(/^Tool use: .*$/gm, '')
    .replace(/\n{3,}/g, '\n\n');
  return trimmed(text.split('\n'));
}

/** The chat's turns; the assistant's consecutive blocks are one turn. */
function turnsOf(markdown: string): TimedTurn[] {
  const turns: TimedTurn[] = [];
  let role: 'user' | 'assistant' | 'left out' | undefined;
  let at: number | undefined;
  let body: string[] = [];
  const flush = (): void => {
    if (role === 'user' || role === 'assistant') {
      const text = role === 'user' ? trimmed(body) : proseOf(body);
      const last = turns.at(-1);
      if (text !== '' && role === 'assistant' && last?.role === 'assistant')
        turns[turns.length - 1] = { ...last, text: `${last.text}\n\n${text}` };
      else if (text !== '') turns.push({ role, text, at });
    }
    body = [];
  };
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const header = HEADER.exec(line);
    if (header === null) {
      body.push(line);
      continue;
    }
    flush();
    const said = header[2] ?? '';
    role = header[1] === 'User' ? 'user' : /sidechain/i.test(said) ? 'left out' : 'assistant';
    const time = ISO_TIME.exec(said)?.[1];
    at = time === undefined ? undefined : Date.parse(time);
  }
  flush();
  return turns;
}

/** When the chat started, from SpecStory's file name ("2025-04-27_19-26-title.md"), or the epoch. */
function startedAt(fileName: string): number {
  const name = /^(\d{4}-\d{2}-\d{2})(?:[_-](\d{2})-(\d{2})(?:-(\d{2}))?)?/.exec(fileName);
  if (name === null) return 0;
  return Date.parse(`${name[1]}T${name[2] ?? '00'}:${name[3] ?? '00'}:${name[4] ?? '00'}Z`);
}

/** The chat as a session, or undefined when the person typed nothing in it. */
export function specStorySession(markdown: string, fileName: string, source: string): SpecStorySession | undefined {
  const turns = turnsOf(markdown);
  const prompts = turns.filter((turn) => turn.role === 'user').length;
  if (prompts === 0) return undefined;
  const sessionId = uuidOf(`${source}\n${fileName}`);
  // A header's time when it moves the clock on, else 30 seconds after the turn before.
  const times: number[] = [];
  for (const turn of turns) {
    const before = times.at(-1) ?? startedAt(fileName) - 30_000;
    times.push(turn.at !== undefined && turn.at > before ? turn.at : before + 30_000);
  }
  return { sessionId, entries: claudeCodeEntries(turns, { sessionId, source, model: 'specstory', times }), prompts };
}
