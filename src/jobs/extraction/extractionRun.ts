import { isAbsolute, join, relative } from 'node:path';
import { runAgent } from '../../model/agentLoop.js';
import { withTaskPrompt } from '../../model/backgroundRequest.js';
import { memoryGate, type PermissionGate } from '../../model/permissions.js';
import type { ModelMessage, ModelPort } from '../../model/port.js';
import { isWithin } from '../../fs/containment.js';
import { extractionPrompt } from '../../memory/durable/extractionPrompt.js';
import { formatManifest } from '../../memory/durable/memoryScan.js';
import type { FrontmatterForm } from '../../memory/durable/topicFile.js';
import type { ExtractionOutcome } from '../../pipeline/runOutcomes.js';
import { runStaged } from './stagedMemoryRun.js';

export interface ExtractionRunOptions {
  readonly model: ModelPort;
  /** Where the memories live (the model is told this path). */
  readonly memoryDir: string;
  /** Readable besides the memory directory (the project), or none. */
  readonly readRoots: readonly string[];
  /** The conversation up to the run; its last `newMessages` are the new part. */
  readonly conversation: readonly ModelMessage[];
  readonly newMessages: number;
  /** Indexes of the conversation's messages a person typed. */
  readonly humanMessages?: readonly number[];
  /** The messages that are the person's only in part, with the words that are theirs (decision 100). */
  readonly typedWords?: ReadonlyArray<{ readonly message: number; readonly texts: readonly string[] }>;
  readonly runId: string;
  readonly sessionId: string | null;
  readonly from: string | null;
  readonly to: string | null;
  /** ISO time stamped on what is written: the time of the newest message, so runs replay byte for byte. */
  readonly now: string;
  readonly frontmatter?: FrontmatterForm;
  readonly maxTurns?: number;
  readonly signal?: AbortSignal;
}

/** The memory gate, with every path inside the memory directory redirected to the run's copy. */
function stagedMemoryGate(memoryDir: string, staging: string, readRoots: readonly string[]): PermissionGate {
  const gate = memoryGate({ readRoots, writeRoot: staging });
  const redirect = (value: unknown): unknown =>
    typeof value === 'string' && isAbsolute(value) && isWithin(memoryDir, value) ? join(staging, relative(memoryDir, value)) : value;
  return {
    check: (call) =>
      gate.check({
        ...call,
        input: {
          ...call.input,
          ...('file_path' in call.input ? { file_path: redirect(call.input['file_path']) } : {}),
          ...('path' in call.input ? { path: redirect(call.input['path']) } : {}),
        },
      }),
  };
}

/**
 * One durable-memory extraction (long-term spec §3.3): the agent reads and writes a copy of the
 * memory directory through the memory gate (reads in the project and memory, writes in memory
 * only, at most `maxTurns` model calls), as a staged run.
 */
export async function runExtraction(
  options: ExtractionRunOptions,
): Promise<{ readonly outcome: ExtractionOutcome; readonly apply: () => Promise<void> }> {
  const { memoryDir } = options;
  return runStaged(
    { ...options, stamp: { now: options.now, form: options.frontmatter ?? 'metadata' } },
    async ({ staging, existing, index }) => {
      const prompt = extractionPrompt({
        newMessages: options.newMessages,
        memoryDir,
        manifest: formatManifest(existing),
        frontmatter: options.frontmatter ?? 'metadata',
      });
      const run = await runAgent({
        model: options.model,
        system: EXTRACTION_SYSTEM,
        messages: withTaskPrompt(options.conversation, prompt),
        tools: ['Read', 'Glob', 'Grep', 'Write', 'Edit'],
        gate: stagedMemoryGate(memoryDir, staging, options.readRoots),
        maxTurns: options.maxTurns ?? 5,
        sharedPrefix: options.conversation.length,
        task: {
          kind: 'extract_memories',
          memoryDir,
          existing: existing.map((h) => ({
            filename: h.filename,
            description: h.description,
            ...(h.type === undefined ? {} : { type: h.type }),
          })),
          index,
          newMessages: options.newMessages,
          frontmatter: options.frontmatter ?? 'metadata',
          ...(options.sessionId === null ? {} : { sessionId: options.sessionId }),
          now: options.now,
          ...(options.humanMessages === undefined ? {} : { humanMessages: options.humanMessages }),
          ...(options.typedWords === undefined || options.typedWords.length === 0 ? {} : { typedWords: options.typedWords }),
        },
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
      return {
        toolCalls: run.toolCalls.length,
        denied: run.toolCalls.filter((call) => !call.allowed).length,
        turns: run.turns,
        tokens: { input: run.usage.inputTokens, output: run.usage.outputTokens, cacheRead: run.usage.cacheReadInputTokens },
      };
    },
  );
}

export const EXTRACTION_SYSTEM = 'You keep the long-term memory of a software project for the coding assistant that works on it.';
