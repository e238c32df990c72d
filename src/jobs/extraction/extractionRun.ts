import type { Dirent } from 'node:fs';
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { copyFile, link, mkdir, rename, rm, utimes } from '../../fs/faultableFs.js';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { z } from 'zod';
import { runAgent } from '../../model/agentLoop.js';
import { withTaskPrompt } from '../../model/backgroundRequest.js';
import { memoryGate, type PermissionGate } from '../../model/permissions.js';
import type { ModelMessage, ModelPort } from '../../model/port.js';
import { isWithin } from '../../fs/containment.js';
import { atomicWrite, isAtomicTempName } from '../../fs/atomicWrite.js';
import { sha256Hex } from '../../fs/sha256.js';
import { extractionPrompt } from '../../memory/durable/extractionPrompt.js';
import { fitIndex, INDEX_NAME } from '../../memory/durable/memoryIndex.js';
import { formatManifest, scanMemoryFiles } from '../../memory/durable/memoryScan.js';
import { parseTopicFile, type FrontmatterForm } from '../../memory/durable/topicFile.js';

/** What a finished extraction run records in the effect log: what it wrote, and from where. */
export const ExtractionOutcome = z.object({
  sessionId: z.string().nullable(),
  /** The messages it looked at: after `from` (the cursor; null: from the start) up to `to`. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  written: z.array(z.object({ file: z.string(), sha256: z.string(), change: z.enum(['added', 'updated']), type: z.string().nullable() })),
  indexShortened: z.number().int(),
  indexDropped: z.array(z.string()),
  toolCalls: z.number().int(),
  denied: z.number().int(),
  turns: z.number().int(),
  refused: z.array(z.string()).optional(),
  tokens: z.object({ input: z.number().int(), output: z.number().int(), cacheRead: z.number().int() }),
});
export type ExtractionOutcome = z.infer<typeof ExtractionOutcome>;

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

/** The copy a run works in, beside the memory directory (outside it, so no scan ever lists it). */
export const extractionStagingDir = (memoryDir: string, runId: string): string => join(dirname(memoryDir), `.${basename(memoryDir)}.${runId.replace(/[^A-Za-z0-9_.-]/g, '_')}.memlog-run`);

/** A temp file of an atomic write cut short: never memory content. */
const isTempFile = isAtomicTempName;

/** The files under a folder, relative to it, without temp files left by a write that was cut short. */
async function listFiles(root: string): Promise<string[]> {
  try {
    return (await readdir(root, { recursive: true, withFileTypes: true })).filter((d) => d.isFile() && !isTempFile(d.name)).map((d) => relative(root, join(d.parentPath, d.name)));
  } catch {
    return [];
  }
}

/** Where a run keeps a second link to each file it started from: what "unchanged" is measured against. */
const baseOf = (staging: string): string => `${staging}.base`;

/** Removes a run's copy and its base links. */
export async function removeStaging(staging: string): Promise<void> {
  await rm(staging, { recursive: true, force: true });
  await rm(baseOf(staging), { recursive: true, force: true });
}

/**
 * The run's copy of the memory directory, made of hard links: no bytes copied, timestamps
 * shared, so a copy costs one link per file however large the memories are. Safe because every
 * write into the copy (the file tools, the index fit, batch replies) replaces a file by rename
 * and never writes into one, so an original is never touched through its link. Each file is
 * linked a second time under the base folder, so the bytes the run started from stay readable
 * even when the copy's file is replaced or the memory directory's is. A symlinked file is
 * copied with its target's bytes and times when the target is inside the memory directory and
 * left out when it is not (the model never reads outside memory through it); everything is
 * copied when links are not possible (another file system). Returns each file's inode as linked.
 */
async function linkTree(from: string, to: string): Promise<Map<string, number>> {
  const inodes = new Map<string, number>();
  const base = baseOf(to);
  const realFrom = await realpath(from);
  await mkdir(to, { recursive: true });
  const entries = (await readdir(from, { recursive: true, withFileTypes: true })).filter((d) => !isTempFile(d.name));
  for (const dir of entries.filter((d) => d.isDirectory())) await mkdir(join(to, relative(from, join(parentOf(dir), dir.name))), { recursive: true });
  const files = entries.filter((e) => e.isFile() || e.isSymbolicLink());
  const one = async (entry: Dirent): Promise<void> => {
    const source = join(parentOf(entry), entry.name);
    const file = relative(from, source);
    const target = join(to, file);
    await mkdir(dirname(target), { recursive: true });
    await mkdir(dirname(join(base, file)), { recursive: true });
    const keep = async (): Promise<void> => {
      await link(target, join(base, file));
      inodes.set(file, (await stat(target)).ino);
    };
    if (entry.isFile()) {
      try {
        await link(source, target);
        return await keep();
      } catch {
        // Not linkable here: copied below.
      }
    }
    let info;
    try {
      if (entry.isSymbolicLink() && !isWithin(realFrom, await realpath(source))) return;
      info = await stat(source);
    } catch {
      return; // a dangling link: nothing to read
    }
    if (!info.isFile()) return;
    await copyFile(source, target);
    await utimes(target, info.atime, info.mtime);
    await keep();
  };
  // A few at a time: each is a round trip to the thread pool.
  for (let i = 0; i < files.length; i += 32) await Promise.all(files.slice(i, i + 32).map(one));
  return inodes;
}

const parentOf = (entry: Dirent): string => entry.parentPath;

/**
 * Removes every run copy (and its base links) beside a memory directory: what runs that were
 * killed or met a full disk left. Only for a caller that holds the directory's lock and has
 * finished every recorded run's apply first (a finished run's copy is what its apply moves in).
 */
export async function removeStagingLeftovers(memoryDir: string): Promise<void> {
  const parent = dirname(memoryDir);
  const own = `.${basename(memoryDir)}.`;
  let names: string[];
  try {
    names = await readdir(parent);
  } catch {
    return;
  }
  for (const name of names) if (name.startsWith(own) && (name.endsWith('.memlog-run') || name.endsWith('.memlog-run.base'))) await rm(join(parent, name), { recursive: true, force: true });
}

/** Removes temp files an atomic write left behind when its process was killed. */
export async function removeStrayTempFiles(dir: string): Promise<void> {
  try {
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) if (entry.isFile() && isTempFile(entry.name)) await rm(join(entry.parentPath, entry.name), { force: true });
  } catch {
    // No directory yet: nothing to clean.
  }
}

async function readOrNull(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch {
    return null;
  }
}

/** The memory gate, with every path inside the memory directory redirected to the run's copy. */
function stagedMemoryGate(memoryDir: string, staging: string, readRoots: readonly string[]): PermissionGate {
  const gate = memoryGate({ readRoots, writeRoot: staging });
  const redirect = (value: unknown): unknown => (typeof value === 'string' && isAbsolute(value) && isWithin(memoryDir, value) ? join(staging, relative(memoryDir, value)) : value);
  return {
    check: (call) => gate.check({ ...call, input: { ...call.input, ...('file_path' in call.input ? { file_path: redirect(call.input['file_path']) } : {}), ...('path' in call.input ? { path: redirect(call.input['path']) } : {}) } }),
  };
}

/**
 * Moves the files a run changed from its copy into the memory directory, topic files first and
 * the index last (so it never names a file that is not there yet), each by rename; then removes
 * the copy. Only the files named are moved: anything else in the copy is as it was when the
 * run began, and a newer version in the memory directory (written meanwhile) is not put back.
 * Safe to run again after a crash part-way: it finishes the job.
 */
export async function applyStaged(staging: string, memoryDir: string, files: readonly string[]): Promise<void> {
  const ordered = [...files].sort((a, b) => Number(basename(a) === INDEX_NAME) - Number(basename(b) === INDEX_NAME) || (a < b ? -1 : 1));
  for (const file of ordered) {
    const from = join(staging, file);
    const next = await readOrNull(from);
    if (next === null) continue; // moved already, before a crash
    const to = join(memoryDir, file);
    await mkdir(dirname(to), { recursive: true });
    await rename(from, to);
  }
  await removeStaging(staging);
}

/** What the work inside a staged run reports, for the outcome. */
export interface StagedWork {
  readonly toolCalls: number;
  readonly denied: number;
  readonly turns: number;
  readonly tokens: ExtractionOutcome['tokens'];
  /** Writes refused by the secret scan, as `file:line: label (rule)`. */
  readonly refused?: readonly string[];
}

/** What the work inside a staged run is given: its copy of the memory directory, as the run began. */
export interface StagedContext {
  readonly staging: string;
  readonly existing: Awaited<ReturnType<typeof scanMemoryFiles>>;
  readonly index: string;
}

export interface StagedRunOptions {
  readonly memoryDir: string;
  readonly runId: string;
  readonly sessionId: string | null;
  readonly from: string | null;
  readonly to: string | null;
}

/**
 * A run that changes memory through a copy: `work` writes into the copy; the index is kept
 * within Claude Code's limits; what differs from the copy's start is the outcome, and `apply`
 * moves it into place once the outcome is recorded. A fault at any point leaves the memory
 * directory as it was.
 */
export async function runStaged(options: StagedRunOptions, work: (context: StagedContext) => Promise<StagedWork>): Promise<{ readonly outcome: ExtractionOutcome; readonly apply: () => Promise<void> }> {
  const { memoryDir } = options;
  const staging = extractionStagingDir(memoryDir, options.runId);
  await mkdir(memoryDir, { recursive: true });
  await removeStaging(staging);
  const inodes = await linkTree(memoryDir, staging);
  try {
    const existing = await scanMemoryFiles(staging);
    const index = (await readOrNull(join(staging, INDEX_NAME)))?.toString('utf8') ?? '';
    const done = await work({ staging, existing, index });
    const indexPath = join(staging, INDEX_NAME);
    const written = await readOrNull(indexPath);
    const fit = written === null ? { content: '', shortened: 0, dropped: [] as string[] } : fitIndex(written.toString('utf8'));
    if (written !== null && fit.content !== written.toString('utf8')) await atomicWrite(indexPath, fit.content);
    // What this run changed: a file still linked to its original is untouched (every write
    // replaces a file, never writes into it); one replaced counts when its bytes differ from
    // the ones the run started from (so rewriting a file unchanged never puts back an older
    // version over one written meanwhile).
    const changes: ExtractionOutcome['written'] = [];
    for (const file of (await listFiles(staging)).sort()) {
      const info = await stat(join(staging, file));
      if (inodes.get(file) === info.ino) continue;
      const next = await readFile(join(staging, file));
      const before = await readOrNull(join(baseOf(staging), file));
      if (before !== null && before.equals(next)) continue;
      const parsed = file.endsWith('.md') && basename(file) !== INDEX_NAME ? parseTopicFile(next.toString('utf8'), file) : null;
      changes.push({ file: file.split(sep).join('/'), sha256: sha256Hex(next), change: inodes.has(file) ? 'updated' : 'added', type: parsed?.ok === true ? parsed.file.type : null });
    }
    const outcome: ExtractionOutcome = {
      sessionId: options.sessionId,
      from: options.from,
      to: options.to,
      written: changes,
      indexShortened: fit.shortened,
      indexDropped: [...fit.dropped],
      toolCalls: done.toolCalls,
      denied: done.denied,
      turns: done.turns,
      tokens: done.tokens,
      ...(done.refused === undefined ? {} : { refused: [...done.refused] }),
    };
    return { outcome, apply: () => applyStaged(staging, memoryDir, changes.map((c) => c.file)) };
  } catch (error) {
    await removeStaging(staging).catch(() => undefined);
    throw error;
  }
}

/**
 * One durable-memory extraction (long-term spec §3.3): the agent reads and writes a copy of the
 * memory directory through the memory gate (reads in the project and memory, writes in memory
 * only, at most `maxTurns` model calls), as a staged run.
 */
export async function runExtraction(options: ExtractionRunOptions): Promise<{ readonly outcome: ExtractionOutcome; readonly apply: () => Promise<void> }> {
  const { memoryDir } = options;
  return runStaged(options, async ({ staging, existing, index }) => {
    const prompt = extractionPrompt({ newMessages: options.newMessages, memoryDir, manifest: formatManifest(existing), frontmatter: options.frontmatter ?? 'metadata' });
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
        existing: existing.map((h) => ({ filename: h.filename, description: h.description, ...(h.type === undefined ? {} : { type: h.type }) })),
        index,
        newMessages: options.newMessages,
        frontmatter: options.frontmatter ?? 'metadata',
        ...(options.sessionId === null ? {} : { sessionId: options.sessionId }),
        now: options.now,
        ...(options.humanMessages === undefined ? {} : { humanMessages: options.humanMessages }),
      },
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    return {
      toolCalls: run.toolCalls.length,
      denied: run.toolCalls.filter((call) => !call.allowed).length,
      turns: run.turns,
      tokens: { input: run.usage.inputTokens, output: run.usage.outputTokens, cacheRead: run.usage.cacheReadInputTokens },
    };
  });
}

export const EXTRACTION_SYSTEM = 'You keep the long-term memory of a software project for the coding assistant that works on it.';
