import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { isToolResultBlock, isToolUseBlock } from '../../transcript/contentGuards.js';
import { transcriptEntries } from '../../transcript/transcriptEntries.js';
import { transcriptsIn } from '../../transcript/transcriptsIn.js';

/**
 * The history of a memory directory Claude Code wrote itself: its memory writes are tool calls
 * (Write, Edit, MultiEdit, `rm` through Bash) on the directory's files, in the project's session
 * transcripts and their subagents' (its extraction agent, its "dream"). Replayed in time order,
 * they give each file's text before and after every call that succeeded (decision 79).
 */

/** One tool call of Claude Code's on a memory file. */
export interface ClaudeCodeWrite {
  readonly session: string;
  /** The subagent that made it (its agent id), or null for the main agent. */
  readonly agent: string | null;
  readonly time: string | null;
  readonly tool: string;
  readonly file: string;
  readonly change: 'created' | 'updated' | 'deleted';
  /** The file's text before and after; undefined where the history does not tell (an edit of a file written before it). */
  readonly before: string | null | undefined;
  readonly after: string | null | undefined;
  /** The tool call failed: nothing changed. */
  readonly failed: boolean;
}

interface ToolCall {
  readonly id: string;
  readonly name: string;
  readonly input: Record<string, unknown>;
  readonly session: string;
  readonly agent: string | null;
  readonly time: string | null;
}

/** The session transcripts of a project folder and their subagents' transcripts, without what a walk skips (decision 111). */
function transcriptsOf(projectDir: string): string[] {
  if (!existsSync(projectDir)) return [];
  const main = transcriptsIn(projectDir);
  const subagents = readdirSync(projectDir)
    .sort()
    .flatMap((n) => transcriptsIn(join(projectDir, n, 'subagents')));
  return [...main, ...subagents];
}

/** The tool calls of one transcript, and the ids of those that failed. */
function toolCalls(path: string, failed: Set<string>): ToolCall[] {
  const calls: ToolCall[] = [];
  const fallback = basename(path, '.jsonl');
  for (const { entry } of transcriptEntries(path)) {
    if (entry.type !== 'assistant' && entry.type !== 'user') continue;
    const { content } = entry.message;
    if (typeof content === 'string') continue;
    for (const block of content) {
      if (isToolResultBlock(block) && block.is_error === true) failed.add(block.tool_use_id);
      if (!isToolUseBlock(block) || typeof block.input !== 'object' || block.input === null) continue;
      calls.push({
        id: block.id,
        name: block.name,
        input: block.input as Record<string, unknown>,
        session: entry.sessionId ?? fallback,
        agent: entry.isSidechain === true ? (entry.agentId ?? fallback) : null,
        time: entry.timestamp ?? null,
      });
    }
  }
  return calls;
}

/** The memory file a path names, relative to the directory, whether it is this machine's path or the one in the transcript. */
export function memoryFileOf(memoryDir: string, path: string): string | null {
  if (path.startsWith(`${memoryDir}/`)) return path.slice(memoryDir.length + 1);
  const tail = `/${basename(dirname(memoryDir))}/${basename(memoryDir)}/`;
  const at = path.lastIndexOf(tail);
  return at === -1 ? null : path.slice(at + tail.length);
}

/** The paths an `rm` in a shell command names (`rm -f a b; …`). */
function removedPaths(command: string): string[] {
  const paths: string[] = [];
  for (const match of command.matchAll(/(?:^|[;&|]\s*|\s)rm\s+([^;&|\n]+)/g))
    for (const word of (match[1] ?? '').trim().split(/\s+/)) if (!word.startsWith('-')) paths.push(word.replace(/^["']|["']$/g, ''));
  return paths;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The text after one edit, or undefined when the text before is not known or the edit does not apply. */
function edited(before: string | null | undefined, oldText: unknown, newText: unknown, all: unknown): string | undefined {
  const from = text(oldText);
  const to = text(newText);
  if (typeof before !== 'string' || from === undefined || to === undefined || !before.includes(from)) return undefined;
  return all === true ? before.split(from).join(to) : before.replace(from, () => to);
}

/** The files a call changes, with the text after (null: removed; undefined: not known). */
function effectsOf(call: ToolCall, memoryDir: string, state: ReadonlyMap<string, string | null | undefined>) {
  const path = text(call.input['file_path']);
  const file = path === undefined ? null : memoryFileOf(memoryDir, path);
  switch (call.name) {
    case 'Write':
      return file === null ? [] : [{ file, after: text(call.input['content']) }];
    case 'Edit':
      return file === null
        ? []
        : [{ file, after: edited(state.get(file), call.input['old_string'], call.input['new_string'], call.input['replace_all']) }];
    case 'MultiEdit': {
      if (file === null) return [];
      const edits = Array.isArray(call.input['edits']) ? (call.input['edits'] as Record<string, unknown>[]) : [];
      const after = edits.reduce<string | null | undefined>(
        (current, e) => edited(current, e['old_string'], e['new_string'], e['replace_all']),
        state.get(file),
      );
      return [{ file, after }];
    }
    case 'Bash':
      return removedPaths(text(call.input['command']) ?? '').flatMap((p) => {
        const removed = memoryFileOf(memoryDir, p);
        return removed === null ? [] : [{ file: removed, after: null }];
      });
    default:
      return [];
  }
}

/** Every memory write Claude Code made into a directory, oldest first, from the transcripts in the folder beside it. */
export function claudeCodeWrites(memoryDir: string): ClaudeCodeWrite[] {
  const failed = new Set<string>();
  const calls = transcriptsOf(dirname(memoryDir)).flatMap((path) => toolCalls(path, failed));
  calls.sort((a, b) => (a.time ?? '').localeCompare(b.time ?? ''));
  const state = new Map<string, string | null | undefined>();
  const writes: ClaudeCodeWrite[] = [];
  for (const call of calls)
    for (const { file, after } of effectsOf(call, memoryDir, state)) {
      // A file first seen in an edit was there before the transcripts begin: its text is not known.
      const before = state.has(file) ? state.get(file) : call.name === 'Write' ? null : undefined;
      const isFailed = failed.has(call.id);
      const change = after === null ? 'deleted' : before === null ? 'created' : 'updated';
      writes.push({
        session: call.session,
        agent: call.agent,
        time: call.time,
        tool: call.name,
        file,
        change,
        before,
        after,
        failed: isFailed,
      });
      if (!isFailed) state.set(file, after);
    }
  return writes;
}
