import { isTextBlock } from '../../transcript/contentGuards.js';
import { PENDING_TOOL_RESULT } from '../backgroundRequest.js';
import type { ModelMessage } from '../port.js';

/** One tool call the conversation shows, with what came back. */
export interface ToolStep {
  readonly id: string;
  readonly name: string;
  readonly input: Readonly<Record<string, unknown>>;
  /** The file or directory it worked on, when it names one. */
  readonly target?: string;
  readonly result?: { readonly isError: boolean; readonly text: string };
  /** Index of the turn (the human message that started it). */
  readonly turn: number;
}

/** What a person reading the conversation would note, in order of appearance. */
export interface ConversationFacts {
  /** What the person typed, one entry per human message (meta and command echoes left out). */
  readonly requests: readonly string[];
  readonly steps: readonly ToolStep[];
  /** The assistant's prose, in order. */
  readonly assistantTexts: readonly { readonly turn: number; readonly text: string }[];
  /** The conversation ends inside a turn: the last assistant message asked for tools. */
  readonly inProgress: boolean;
}

const EDIT_TOOLS = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit']);
const READ_TOOLS = new Set(['Read', 'Grep', 'Glob', 'LS', 'NotebookRead']);

export const isEditStep = (step: ToolStep): boolean => EDIT_TOOLS.has(step.name);
export const isReadStep = (step: ToolStep): boolean => READ_TOOLS.has(step.name);

/** Claude Code's element around a message one agent of a team sends another, opening the part (maybe after its one-line lead). */
const TEAMMATE_MESSAGE = /^\s*(?:[^\n<]{0,60}\bsent (?:you )?a message:\s*)?<teammate-message\b/i;

/** The human text of a user message; '' for tool results, reminders and command echoes. */
export function humanText(message: ModelMessage): string {
  if (message.role !== 'user') return '';
  const parts = typeof message.content === 'string' ? [message.content] : message.content.filter(isTextBlock).map((block) => block.text);
  return (
    parts
      // What Claude Code wraps around a person's words (reminders, command echoes and their output, the caveat before them) is not theirs;
      // the arguments they typed after a slash command are (decision 100).
      .map((part) =>
        part
          .replace(
            /<(system-reminder|local-command-caveat|local-command-stdout|local-command-stderr|command-name|command-message|bash-input|bash-stdout|bash-stderr)>[\s\S]*?<\/\1>/g,
            '',
          )
          .replace(/<command-args>([\s\S]*?)<\/command-args>/g, '$1')
          .replace(/\[Request interrupted by user[^\]]*\]/g, '')
          .trim(),
      )
      // Another session's message relayed by Claude Code comes with Claude Code's own instructions around it: none of it is typed.
      .filter((part) => !TEAMMATE_MESSAGE.test(part))
      .filter((part) => part !== '' && !part.startsWith('<') && !part.startsWith('[Request interrupted') && !part.startsWith('Caveat:'))
      .join('\n')
      .trim()
  );
}

function blocksOf(message: ModelMessage): ReadonlyArray<Record<string, unknown>> {
  return typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
}

function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content
      .map((block) => (typeof (block as { text?: unknown }).text === 'string' ? (block as { text: string }).text : ''))
      .join('\n');
  return '';
}

function targetOf(input: Readonly<Record<string, unknown>>): string | undefined {
  for (const key of ['file_path', 'notebook_path', 'path']) {
    const value = input[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/** Reads a conversation (API-shaped messages) into facts; pure and deterministic. */
export function conversationFacts(messages: readonly ModelMessage[]): ConversationFacts {
  const requests: string[] = [];
  const steps: ToolStep[] = [];
  const byId = new Map<string, number>();
  const assistantTexts: { turn: number; text: string }[] = [];
  let inProgress = false;
  for (const message of messages) {
    const turn = Math.max(0, requests.length - 1);
    if (message.role === 'user') {
      for (const block of blocksOf(message)) {
        if (block['type'] !== 'tool_result') continue;
        const index = byId.get(String(block['tool_use_id']));
        // A call still running when a background task forked is answered with a placeholder: it has no result yet.
        if (index === undefined || block['content'] === PENDING_TOOL_RESULT) continue;
        steps[index] = { ...steps[index]!, result: { isError: block['is_error'] === true, text: resultText(block['content']) } };
      }
      const text = humanText(message);
      if (text !== '') requests.push(text);
      continue;
    }
    inProgress = false;
    for (const block of blocksOf(message)) {
      if (block['type'] === 'text' && typeof block['text'] === 'string' && block['text'].trim() !== '')
        assistantTexts.push({ turn, text: block['text'].trim() });
      if (block['type'] !== 'tool_use') continue;
      inProgress = true;
      const input = (typeof block['input'] === 'object' && block['input'] !== null ? block['input'] : {}) as Record<string, unknown>;
      const target = targetOf(input);
      byId.set(String(block['id']), steps.length);
      steps.push({ id: String(block['id']), name: String(block['name']), input, turn, ...(target === undefined ? {} : { target }) });
    }
  }
  return { requests, steps, assistantTexts, inProgress };
}

/** The first line of a text, cut at `max` characters on a word boundary. */
export function firstLine(text: string, max = 160): string {
  const line =
    text
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim() ?? '';
  return clip(line, max);
}

export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

/** A text cut into sentences: at . ! or ? followed by a space or the end, so `src/cart.ts` stays whole. */
export function splitSentences(text: string): string[] {
  return (
    text
      .split(/\n+/)
      // Not after an abbreviation: "e.g. fix/avatar-crop" goes on the same sentence.
      .flatMap((line) => line.split(/(?<=[.!?])(?<!\b(?:e\.g|i\.e|etc|vs|approx|incl|cf|z\.B|d\.h|u\.a|p\.ex|ej|Dr|Mr|Ms|Mrs|St)\.)\s+/))
      .map((sentence) => sentence.trim())
      .filter((sentence) => sentence !== '')
  );
}

/** The first sentences of a text, up to `max` characters. */
export function firstSentences(text: string, max = 300): string {
  let out = '';
  for (const sentence of splitSentences(text)) {
    if (out !== '' && out.length + sentence.length + 1 > max) break;
    out = out === '' ? sentence : `${out} ${sentence}`;
  }
  return clip(out, max);
}

/** The `inline code` spans of a text that name things (not paths or commands), in order. */
export function codeSpans(text: string): string[] {
  return [...text.matchAll(/`([^`\n]{2,60})`/g)].map((match) => match[1]!).filter((span) => !span.includes('/') && !span.includes(' '));
}

/** A Bash command as one line. */
export function commandOf(step: ToolStep): string | undefined {
  const command = step.input['command'];
  return typeof command === 'string' ? clip(command, 160) : undefined;
}
