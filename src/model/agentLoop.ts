import type { ContentBlock } from '../transcript/contentSchema.js';
import { isEnvironmentFault } from '../fs/fsError.js';
import { FILE_TOOLS, runFileTool } from './fileTools.js';
import type { PermissionGate, ToolCall } from './permissions.js';
import type { ModelMessage, ModelPort, ModelReply, ModelTask, ModelUsage, ToolDefinition } from './port.js';

const WRITE_TOOLS: ReadonlySet<string> = new Set(['Write', 'Edit', 'Delete']);

/** A tool of the caller's own, offered like a file tool (by name in `tools`) and run only once the gate allowed the call. */
export interface AgentTool {
  readonly definition: ToolDefinition;
  /** Runs the call on the path the gate resolved; returns the tool_result text, or throws to return an error. */
  readonly run: (input: Readonly<Record<string, unknown>>, path: string) => Promise<string>;
}

/** What the loop did with one tool call: the verdict, and the outcome. */
export interface ToolCallRecord {
  readonly call: ToolCall;
  readonly allowed: boolean;
  /** The real path it touched (allowed calls). */
  readonly path?: string;
  /** Why the gate denied it, or why the tool failed. */
  readonly error?: string;
}

export interface AgentRun {
  readonly messages: readonly ModelMessage[];
  readonly replies: readonly ModelReply[];
  readonly toolCalls: readonly ToolCallRecord[];
  readonly turns: number;
  /** 'done': the model stopped calling tools; 'max_turns': it was cut off. */
  readonly stop: 'done' | 'max_turns';
  readonly usage: ModelUsage;
}

export interface AgentOptions {
  readonly model: ModelPort;
  readonly system: string;
  readonly messages: readonly ModelMessage[];
  /** Which of Read, Glob, Grep, Write, Edit, Delete (and `customTools`) the model is offered. */
  readonly tools: readonly string[];
  /** Tools of the caller's own, by name; one named like a file tool takes its place. */
  readonly customTools?: Readonly<Record<string, AgentTool>>;
  readonly gate: PermissionGate;
  /** Model calls at most (5 for extraction). */
  readonly maxTurns: number;
  readonly maxTokens?: number;
  /** Leading messages shared with the parent conversation, for prompt caching. */
  readonly sharedPrefix?: number;
  readonly signal?: AbortSignal;
  /** The job in structured form, sent with every call (the offline model works from it). */
  readonly task?: ModelTask;
}

/**
 * Runs a model with file tools until it stops calling them or reaches `maxTurns`. Every call
 * passes the gate first: a denied call never touches the disk; the model gets an error
 * tool_result saying why, and the call is recorded. Tool failures come back the same way.
 */
export async function runAgent(options: AgentOptions): Promise<AgentRun> {
  const messages: ModelMessage[] = [...options.messages];
  const replies: ModelReply[] = [];
  const toolCalls: ToolCallRecord[] = [];
  const tools = options.tools.flatMap((name) => {
    const definition = options.customTools?.[name]?.definition ?? FILE_TOOLS[name];
    return definition === undefined ? [] : [definition];
  });
  let usage: ModelUsage = { inputTokens: 0, outputTokens: 0, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 };
  for (let turn = 1; turn <= options.maxTurns; turn++) {
    const reply = await options.model.complete(
      {
        system: options.system,
        messages: [...messages],
        tools,
        maxTokens: options.maxTokens ?? 4096,
        ...(options.sharedPrefix === undefined ? {} : { sharedPrefix: options.sharedPrefix }),
        ...(options.task === undefined ? {} : { task: options.task }),
      },
      options.signal === undefined ? {} : { signal: options.signal },
    );
    replies.push(reply);
    usage = addUsage(usage, reply.usage);
    messages.push({ role: 'assistant', content: reply.content });
    const calls = reply.content.filter((block) => block.type === 'tool_use') as unknown as Array<{
      id: string;
      name: string;
      input: unknown;
    }>;
    if (calls.length === 0) return { messages, replies, toolCalls, turns: turn, stop: 'done', usage };
    const results: ContentBlock[] = [];
    for (const raw of calls) {
      const call: ToolCall = { id: raw.id, name: raw.name, input: isRecord(raw.input) ? raw.input : {} };
      const record = await runOne(call, options);
      toolCalls.push(record.record);
      results.push({
        type: 'tool_result',
        tool_use_id: call.id,
        content: record.output,
        ...(record.record.error === undefined ? {} : { is_error: true }),
      });
    }
    messages.push({ role: 'user', content: results });
  }
  return { messages, replies, toolCalls, turns: options.maxTurns, stop: 'max_turns', usage };
}

async function runOne(call: ToolCall, options: AgentOptions): Promise<{ record: ToolCallRecord; output: string }> {
  if (!options.tools.includes(call.name)) {
    const error = `the ${call.name} tool is not available here`;
    return { record: { call, allowed: false, error }, output: error };
  }
  const verdict = await options.gate.check(call);
  if (!verdict.allow) return { record: { call, allowed: false, error: verdict.reason }, output: `Permission denied: ${verdict.reason}` };
  try {
    const custom = options.customTools?.[call.name];
    const output =
      custom === undefined ? await runFileTool(call.name, call.input, verdict.path) : await custom.run(call.input, verdict.path);
    return { record: { call, allowed: true, path: verdict.path }, output };
  } catch (error) {
    // A full disk or a failing one is no answer to give the model: the run stops, and whatever it
    // wrote so far is thrown away with its copy (it would be half a change).
    if (isEnvironmentFault(error) && (WRITE_TOOLS.has(call.name) || (error as NodeJS.ErrnoException).code === 'EIO')) throw error;
    const message = (error as Error).message;
    return { record: { call, allowed: true, path: verdict.path, error: message }, output: `Error: ${message}` };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function addUsage(a: ModelUsage, b: ModelUsage): ModelUsage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cacheCreationInputTokens: a.cacheCreationInputTokens + b.cacheCreationInputTokens,
    cacheReadInputTokens: a.cacheReadInputTokens + b.cacheReadInputTokens,
  };
}
