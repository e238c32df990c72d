import { readIndexForModel, INDEX_NAME } from '../../memory/durable/memoryIndex.js';
import { agentMemoryDir, autoMemoryDir, type AgentMemoryScope, type Env } from '../../memory/durable/memoryPaths.js';
import { extractedProjectName, findProjectMemory, type MemoryPlace } from '../../memory/durable/memoryPlaces.js';
import { recallMemories } from './recall.js';
import type { ModelPort } from '../../model/port.js';
import { loadConversation } from '../../resume/loadConversation.js';
import { filterForResume, closeWithSyntheticReply } from '../../resume/resumeFilters.js';
import type { ChainNode } from '../../resume/transcriptIndex.js';
import { assembleRequest } from '../../context/assembleRequest.js';
import type { ContextDiagnostic } from '../../context/contextDiagnostic.js';
import type { FileSource } from '../../context/fileSource.js';
import { loadInstructionFiles, nestedInstructionFiles } from '../../context/instructionFiles.js';
import { agentMemorySection, memoryInstructions, type MemoryMode } from '../../context/memoryInstructions.js';
import {
  nestedMemoryReminder,
  recalledMemoryReminder,
  sessionNotesReminder,
  type RenderedAttachment,
} from '../../context/memoryAttachments.js';
import { normalizeForApi } from '../../context/normalizeForApi.js';
import { backgroundWriteNotice } from '../../context/backgroundWriteNotice.js';
import { isPrompt } from '../../projections/turns.js';
import { backgroundWritesSince } from './backgroundWrites.js';
import { basenameOf, dirnameOf, joinPath } from '../../context/posixPath.js';
import { systemSections } from '../../context/systemPrompt.js';
import { currentDateLine, renderInstructions, type IndexEntry } from '../../context/userContext.js';
import type { LoadedContext } from '../../context/loadedContext.js';
import { isToolUseBlock, toolInputFilePath } from '../../transcript/contentGuards.js';

export const DEFAULT_CONTEXT_MODEL = 'claude-sonnet-5-5';
/** Claude Code's default output budget for the main loop. */
export const DEFAULT_CONTEXT_MAX_TOKENS = 32_000;
/** The prompt a resume sends when none is given: what the resume oracle's sessions were resumed with. */
export const DEFAULT_NEXT_PROMPT = 'Continue.';

export interface ContextOptions {
  readonly transcriptPath: string;
  /** Where the files are read from: the disk (nodeFileSource) or a map. */
  readonly files: FileSource;
  /** Claude's config directory: user CLAUDE.md, user rules, and the projects folder. */
  readonly configDir: string;
  readonly home: string;
  /** The working directory; by default the one the transcript records. */
  readonly cwd?: string;
  /** The working directory when the transcript records none (the CLI passes its own). */
  readonly fallbackCwd?: string;
  /** The managed-policy directory; null (the default) skips it. */
  readonly managedDir?: string | null;
  /**
   * The auto-memory directory; by default the first that is there of the project's folder in `extractOut`, the
   * transcript's project folder's `memory/`, and Claude Code's path for the cwd (decision 108).
   */
  readonly memoryDir?: string;
  /** memlog extract's output folder, absolute: its `<project>/memory` is looked in first when no `memoryDir` is given. */
  readonly extractOut?: string;
  /** Memory on (default) or off: no memory section, no index, no recall. */
  readonly memory?: boolean;
  readonly mode?: MemoryMode;
  /** Recall mode: the model that picks memories (the offline model needs no key). */
  readonly recallModel?: ModelPort;
  readonly prompt?: string;
  /** Show the session notes on the next turn (Claude Code does not): a path, or true for the default path. */
  readonly sessionNotes?: string;
  /** A subagent's memory: its scope; the agent type comes from the transcript's .meta.json or `agentType`. */
  readonly agentMemory?: AgentMemoryScope;
  readonly agentType?: string;
  readonly model?: string;
  readonly maxTokens?: number;
  readonly allowExternalIncludes?: boolean;
  readonly env?: Env;
}

/**
 * Reads everything the next request is made of (the transcript, instruction files, the memory
 * directory, session notes) and assembles it. The one place of src/context/ that reads: the
 * assembly itself is pure. Bad input becomes diagnostics; only an unreadable transcript throws
 * (loadConversation's MemlogError).
 */
export async function loadContext(options: ContextOptions): Promise<LoadedContext> {
  const files = options.files;
  const diagnostics: ContextDiagnostic[] = [];
  // Lean: memory in proportion to the resumed chain, not to the file (decision 51).
  const resumed = loadConversation(options.transcriptPath, { lean: true });
  if (resumed.diagnostics.length > 0)
    diagnostics.push({
      code: 'transcript_lines',
      path: options.transcriptPath,
      message: `${resumed.diagnostics.length} line(s) could not be read (memlog inspect lists them)`,
    });
  const nodes = filterForResume(resumed.chain.nodes);
  const cwd = options.cwd ?? recordedCwd(nodes) ?? options.fallbackCwd ?? dirnameOf(options.transcriptPath);

  const instructions = loadInstructionFiles(files, {
    cwd,
    configDir: options.configDir,
    managedDir: options.managedDir ?? null,
    home: options.home,
    ...(options.allowExternalIncludes === true ? { allowExternalIncludes: true } : {}),
  });
  diagnostics.push(...instructions.diagnostics);

  const agentType = options.agentType ?? (options.agentMemory === undefined ? undefined : agentTypeOf(files, options.transcriptPath));
  const memoryOn = options.memory !== false;
  const mode = options.mode ?? 'index';
  let memoryDir: string | null = null;
  let memoryLookup: MemoryPlace | undefined;
  let memorySection: string | null = null;
  let index: IndexEntry | null = null;
  if (memoryOn && options.agentMemory !== undefined && agentType !== undefined) {
    // A subagent: its own memory, instructions and index together in its system prompt (spec §4.2).
    memoryDir = agentMemoryDir(options.agentMemory, agentType, {
      cwd,
      home: options.home,
      env: { ...options.env, CLAUDE_CONFIG_DIR: options.configDir },
    });
    memorySection = agentMemorySection(options.agentMemory, memoryDir, readIndex(files, memoryDir, diagnostics)?.content ?? null);
  } else if (memoryOn) {
    const place = options.memoryDir === undefined ? defaultMemoryPlace(files, options, cwd) : { dir: options.memoryDir };
    if (options.memoryDir === undefined) memoryLookup = place;
    memoryDir = place.dir;
    memorySection = memoryInstructions({ memoryDir, mode });
    if (mode === 'index') index = readIndex(files, memoryDir, diagnostics);
  }

  const loaded = new Set(instructions.files.map((file) => file.path));
  const afterToolResult = nestedFromReads(files, nodes, cwd, loaded, diagnostics);
  const conversation = normalizeForApi(nodes, { alreadyLoaded: new Set(instructions.files.map((f) => f.path)), afterToolResult });
  const dropped = Object.entries(conversation.dropped);
  if (dropped.length > 0)
    diagnostics.push({
      code: 'block_dropped',
      path: options.transcriptPath,
      message: `content blocks the Messages API does not take were left out: ${dropped.map(([kind, n]) => `${kind} ×${n}`).join(', ')}`,
    });
  const closed = { ...conversation, messages: closeWithSyntheticReply(conversation.messages) };

  const prompt = options.prompt ?? DEFAULT_NEXT_PROMPT;
  const reminders: RenderedAttachment[] = [];
  let recall: LoadedContext['recall'];
  const now = newestTime(nodes);
  if (memoryOn && mode === 'recall' && memoryDir !== null && options.recallModel !== undefined && agentType === undefined) {
    const surfaced = new Set([...conversation.surfaced, ...readPaths(nodes)]);
    const result = await recallMemories({
      memoryDir,
      query: prompt,
      model: options.recallModel,
      alreadySurfaced: surfaced,
      ...(now === undefined ? {} : { now: Date.parse(now) }),
    });
    reminders.push(...result.memories.map(recalledMemoryReminder));
    recall = { chosen: result.memories.map((m) => m.path), ...(result.skipped === undefined ? {} : { skipped: result.skipped }) };
  }
  if (memoryOn && memoryDir !== null && agentType === undefined) {
    const notice = backgroundNotice(options.transcriptPath, memoryDir, nodes, new Set([...conversation.surfaced, ...readPaths(nodes)]));
    if (notice !== null) reminders.push(notice);
  }
  if (options.sessionNotes !== undefined) {
    const notes = files.read(options.sessionNotes);
    if (notes.ok && notes.text.trim() !== '') reminders.push(sessionNotesReminder(options.sessionNotes, notes.text));
    else if (!notes.ok && notes.reason !== 'missing')
      diagnostics.push({ code: 'unreadable', path: options.sessionNotes, message: `session notes not shown: ${notes.reason}` });
  }

  const indexText = index === null ? '' : renderInstructions([], index);
  const request = assembleRequest({
    model: options.model ?? recordedModel(nodes) ?? DEFAULT_CONTEXT_MODEL,
    maxTokens: options.maxTokens ?? DEFAULT_CONTEXT_MAX_TOKENS,
    system: systemSections({ cwd, memory: memorySection }),
    userContext: {
      claudeMd: renderInstructions(instructions.files, index),
      currentDate: now === undefined ? '' : currentDateLine(now.slice(0, 10)),
    },
    indexText,
    conversation: closed,
    newTurn: { reminders, prompt },
  });
  return {
    request,
    cwd,
    memoryDir,
    ...(memoryLookup === undefined ? {} : { memoryLookup }),
    instructionFiles: instructions.files,
    index,
    attachments: [...conversation.attachments, ...reminders],
    skippedAttachments: conversation.skipped,
    ...(recall === undefined ? {} : { recall }),
    diagnostics,
    transcriptDiagnostics: resumed.diagnostics.length,
  };
}

/**
 * Claude Code 2.1.332's note after its background memory runs (spec-2.1.332 §1 "Afterwards"):
 * what memlog's runs changed since the conversation's last prompt, as their records say.
 */
function backgroundNotice(
  transcriptPath: string,
  memoryDir: string,
  nodes: readonly ChainNode[],
  alreadyRead: ReadonlySet<string>,
): RenderedAttachment | null {
  const prompt = nodes.findLast((node) => isPrompt(node.entry));
  const sinceTime = typeof prompt?.entry.timestamp === 'string' ? prompt.entry.timestamp : undefined;
  const writes = backgroundWritesSince({ transcriptPath, memoryDir, sinceSeq: prompt?.seq ?? -1, sinceTime });
  return backgroundWriteNotice(memoryDir, writes, alreadyRead);
}

function readIndex(files: FileSource, memoryDir: string, diagnostics: ContextDiagnostic[]): IndexEntry | null {
  const path = joinPath(memoryDir, INDEX_NAME);
  const read = files.read(path);
  if (!read.ok) {
    if (read.reason !== 'missing')
      diagnostics.push({
        code: read.reason === 'too_large' ? 'too_large' : 'unreadable',
        path,
        message: `the memory index was not loaded: ${read.reason}`,
      });
    return null;
  }
  const index = readIndexForModel(read.text);
  if (index.lineTruncated || index.charTruncated)
    diagnostics.push({
      code: 'index_truncated',
      path,
      message: 'the memory index is over its limits (200 lines, 25,000 characters); the model sees only its start',
    });
  return index.content === '' ? null : { path, content: index.content };
}

/**
 * The memory folder when none is given, by the lookup the MCP memory tools share (decision 108): the project's in
 * extract's output folder, then `memory/` in the transcript's project folder, then Claude Code's for the cwd. The
 * project is found in extract's output folder by the effect log extract wrote for the transcript, since extract names
 * it by its path below the root it was given; by the project folder's last name when extract left no record.
 */
function defaultMemoryPlace(files: FileSource, options: ContextOptions, cwd: string): MemoryPlace {
  const dir = dirnameOf(options.transcriptPath);
  const projectFolder = basenameOf(dir) === 'subagents' ? dirnameOf(dirnameOf(dir)) : dir;
  const claudeCode = autoMemoryDir({ projectRoot: cwd, home: options.home, env: { ...options.env, CLAUDE_CONFIG_DIR: options.configDir } });
  const isThere = (path: string): boolean => files.realPath(path) !== null;
  const extractName =
    options.extractOut === undefined ? undefined : extractedProjectName(options.extractOut, projectFolder, options.transcriptPath, isThere);
  const roots = {
    ...(options.extractOut === undefined ? {} : { extractOut: options.extractOut }),
    ...(extractName === undefined ? {} : { extractName }),
    projectsFolders: [dirnameOf(projectFolder)],
  };
  return findProjectMemory(basenameOf(projectFolder), roots, claudeCode, (path) => files.isDirectory(path));
}

/** Nested CLAUDE.md files each Read brings in (spec §6.3), keyed by the Read's tool_use id. */
function nestedFromReads(
  files: FileSource,
  nodes: readonly ChainNode[],
  cwd: string,
  loaded: Set<string>,
  diagnostics: ContextDiagnostic[],
): Map<string, RenderedAttachment[]> {
  for (const node of nodes) {
    if (node.entry.type === 'attachment' && node.entry.attachment.type === 'nested_memory') {
      const path = node.entry.attachment['path'];
      if (typeof path === 'string') loaded.add(path);
    }
  }
  const out = new Map<string, RenderedAttachment[]>();
  for (const { id, path } of toolReads(nodes)) {
    const nested = nestedInstructionFiles(files, cwd, path, loaded);
    diagnostics.push(...nested.diagnostics);
    if (nested.files.length > 0)
      out.set(
        id,
        nested.files.map((file) => nestedMemoryReminder(file.path, file.content)),
      );
  }
  return out;
}

function toolReads(nodes: readonly ChainNode[]): Array<{ id: string; path: string }> {
  const reads: Array<{ id: string; path: string }> = [];
  for (const node of nodes) {
    if (node.entry.type !== 'assistant' || typeof node.entry.message.content === 'string') continue;
    for (const block of node.entry.message.content) {
      if (!isToolUseBlock(block) || block.name !== 'Read') continue;
      const path = toolInputFilePath(block);
      if (path?.startsWith('/') === true) reads.push({ id: block.id, path });
    }
  }
  return reads;
}

const readPaths = (nodes: readonly ChainNode[]): string[] => toolReads(nodes).map((read) => read.path);

function recordedCwd(nodes: readonly ChainNode[]): string | undefined {
  for (let i = nodes.length - 1; i >= 0; i--) {
    const cwd = nodes[i]!.entry.cwd;
    if (typeof cwd === 'string' && cwd.startsWith('/')) return cwd;
  }
  return undefined;
}

function recordedModel(nodes: readonly ChainNode[]): string | undefined {
  for (let i = nodes.length - 1; i >= 0; i--) {
    const entry = nodes[i]!.entry;
    // A Claude model's name only: this also passes over '<synthetic>' and other tools' names.
    if (entry.type === 'assistant' && typeof entry.message.model === 'string' && entry.message.model.startsWith('claude-'))
      return entry.message.model;
  }
  return undefined;
}

/** The newest timestamp on the chain: the request's "now", so the same log gives the same request. */
function newestTime(nodes: readonly ChainNode[]): string | undefined {
  let newest: string | undefined;
  for (const node of nodes) {
    const t = node.entry.timestamp;
    if (typeof t === 'string' && !Number.isNaN(Date.parse(t)) && (newest === undefined || Date.parse(t) > Date.parse(newest))) newest = t;
  }
  return newest === undefined ? undefined : new Date(Date.parse(newest)).toISOString();
}

/** A subagent transcript's type, from the `.meta.json` Claude Code writes beside it. */
function agentTypeOf(files: FileSource, transcriptPath: string): string | undefined {
  const read = files.read(transcriptPath.replace(/\.jsonl$/, '.meta.json'));
  if (!read.ok) return undefined;
  try {
    const meta = JSON.parse(read.text) as { agentType?: unknown };
    return typeof meta.agentType === 'string' ? meta.agentType : undefined;
  } catch {
    return undefined;
  }
}
