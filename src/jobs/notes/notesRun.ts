import { sha256Hex } from '../../fs/sha256.js';
import { readlink, realpath } from 'node:fs/promises';
import { readRegularFile } from '../../fs/regularFile.js';
import { randomBytes } from 'node:crypto';
import { link, mkdir, rename, rm, writeFile } from '../../fs/faultableFs.js';
import { basename, dirname, join, resolve } from 'node:path';
import { MemlogError } from '../../errors.js';
import { runAgent } from '../../model/agentLoop.js';
import { withTaskPrompt } from '../../model/backgroundRequest.js';
import { editOnlyGate, type PermissionGate } from '../../model/permissions.js';
import type { ModelMessage, ModelPort } from '../../model/port.js';
import { fillPlaceholders, type NotesConfig } from '../../memory/session/notesConfig.js';
import { sizeReminders } from '../../memory/session/notesLimits.js';
import { splitNotes } from '../../memory/session/notesSections.js';

/** What a finished session-notes run records in the effect log (its `outcome`): the journal's schema for the kind (decision 74). */
export { NotesRunOutcome } from '../../pipeline/runOutcomes.js';
import type { NotesRunOutcome } from '../../pipeline/runOutcomes.js';

export interface NotesRunOptions {
  readonly model: ModelPort;
  readonly notesPath: string;
  readonly config: NotesConfig;
  /** The conversation as the run sees it (API-shaped). */
  readonly conversation: readonly ModelMessage[];
  /** Where the notes will stand when the run succeeds (see `coveredUpTo`). */
  readonly lastSummarizedMessageId: string | null;
  readonly runId: string;
  readonly signal?: AbortSignal;
  /** Model calls at most; Claude Code sets none, memlog keeps a run from looping. */
  readonly maxTurns?: number;
}

const SYSTEM = 'You keep the running notes of a coding session, for the assistant that works in it.';

/** The file a run edits before its result is put in place: beside the notes, so the rename is atomic. Its presence marks a run in flight. */
export const stagingPath = (notesPath: string, runId: string): string =>
  join(dirname(notesPath), `.${basename(notesPath)}.${runId.replace(/[^A-Za-z0-9_.-]/g, '_')}.memlog-run`);
export const isStagingFile = (name: string): boolean => name.endsWith('.memlog-run');

/** The lock one notes build holds, beside the notes (two at once would both edit and rename over each other). */
export const notesLockPath = (notesPath: string): string => join(dirname(notesPath), `.${basename(notesPath)}.memlog-notes.lock`);

/**
 * The notes file by its absolute real path: links followed to their target (a dangling one too:
 * the notes are created where it leads), folders that do not exist yet kept as named.
 */
export async function realNotesPath(path: string, hops = 0): Promise<string> {
  const absolute = resolve(path);
  const real = await realpath(absolute).catch(() => null);
  if (real !== null) return real;
  const target = hops < 40 ? await readlink(absolute).catch(() => null) : null;
  if (target !== null) return realNotesPath(resolve(dirname(absolute), target), hops + 1);
  const dir = await realpath(dirname(absolute)).catch(() => null);
  return dir === null ? absolute : join(dir, basename(absolute));
}

/**
 * Creates the notes file from the template when it does not exist yet (spec §4.4 step 3:
 * directory 0700, file 0600, exclusive). Written whole to a temp file and linked into place, so a
 * write cut short never leaves a half template where the notes belong.
 */
export async function ensureNotesFile(notesPath: string, template: string): Promise<void> {
  await mkdir(dirname(notesPath), { recursive: true, mode: 0o700 });
  const temp = join(dirname(notesPath), `.${basename(notesPath)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temp, template, { flag: 'wx', mode: 0o600, sync: true });
    await link(temp, notesPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(temp, { force: true }).catch(() => undefined);
  }
}

/** The Edit-only gate on the notes file, with the edit landing on the staging copy. */
function stagedGate(notesPath: string, staging: string): PermissionGate {
  const gate = editOnlyGate(notesPath);
  return {
    check: async (call) => {
      const verdict = await gate.check(call);
      return verdict.allow ? { allow: true, path: staging } : verdict;
    },
  };
}

/**
 * One session-notes update (spec §4.4): the agent edits a staging copy of the notes through the
 * Edit-only gate; the result is checked (every section head kept) and returned with `apply`,
 * which puts it in place by rename only after the caller has recorded the outcome. A fault at
 * any point leaves the notes file as it was.
 */
export async function runNotesUpdate(
  options: NotesRunOptions,
): Promise<{ readonly outcome: NotesRunOutcome; readonly apply: () => Promise<void> }> {
  const { notesPath, config } = options;
  await ensureNotesFile(notesPath, config.template);
  const current = await readRegularFile(notesPath, 'utf8');
  const staging = stagingPath(notesPath, options.runId);
  try {
    // A link (or anything) left at the staging path is replaced, never written through (decision 65).
    await rm(staging, { force: true });
    await writeFile(staging, current, { flag: 'wx', mode: 0o600, follow: false });
    const reminders = sizeReminders(current);
    const prompt = fillPlaceholders(config.prompt, { notesPath, currentNotes: current }) + (reminders === '' ? '' : `\n\n${reminders}`);
    const run = await runAgent({
      model: options.model,
      system: SYSTEM,
      messages: withTaskPrompt(options.conversation, prompt),
      tools: ['Edit'],
      gate: stagedGate(notesPath, staging),
      maxTurns: options.maxTurns ?? 8,
      sharedPrefix: options.conversation.length,
      task: { kind: 'session_notes', notesPath, currentNotes: current },
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    // The agent was let loose on the notes and could write nothing (a gate that refuses every
    // path, e.g. one it cannot match): that is a failure, not "no change", or the notes would
    // fall behind while the log says they are up to date.
    if (run.toolCalls.length > 0 && run.toolCalls.every((call) => !call.allowed))
      throw new MemlogError(
        'permission_denied',
        `every edit of the notes was refused (${run.toolCalls[0]?.error ?? 'denied'}); the notes are left as they were`,
        { notesPath },
      );
    const updated = await readRegularFile(staging, 'utf8', { follow: false });
    const heads = (text: string) => splitNotes(text).sections.map((section) => section.head);
    if (JSON.stringify(heads(updated)) !== JSON.stringify(heads(current)))
      throw new MemlogError('bad_output', 'the update changed or removed section headers; the notes are left as they were', { notesPath });
    const bodies = new Map(splitNotes(current).sections.map((section) => [section.head, section.body]));
    const outcome: NotesRunOutcome = {
      lastSummarizedMessageId: options.lastSummarizedMessageId,
      before: sha256Hex(current),
      after: sha256Hex(updated),
      changed: splitNotes(updated)
        .sections.filter((section) => bodies.get(section.head) !== section.body)
        .map((section) => detached(section.title)),
      toolCalls: run.toolCalls.length,
      denied: run.toolCalls.filter((call) => !call.allowed).length,
      turns: run.turns,
    };
    return { outcome, apply: () => applyStagedNotes(notesPath, options.runId, outcome) };
  } catch (error) {
    await rm(staging, { force: true }).catch(() => undefined);
    throw error;
  }
}

/** One update over the conversation as it stands (messages with their source uuids): the API view and where the notes will stand come from it. */
export function runNotesUpdateOver(
  snapshot: ReadonlyArray<{
    readonly role: 'user' | 'assistant';
    readonly content: ModelMessage['content'];
    readonly sources?: readonly string[];
  }>,
  options: Omit<NotesRunOptions, 'conversation' | 'lastSummarizedMessageId'>,
): ReturnType<typeof runNotesUpdate> {
  return runNotesUpdate({
    ...options,
    conversation: snapshot.map(({ role, content }) => ({ role, content })),
    lastSummarizedMessageId: coveredUpTo(snapshot),
  });
}

/**
 * Where the notes stand once a run over this conversation succeeds (spec §4.4 step 8): the last
 * message, but only when the last assistant message asked for no tools; otherwise unchanged (null).
 */
export function coveredUpTo(
  conversation: ReadonlyArray<{ readonly role: string; readonly content: unknown; readonly sources?: readonly string[] }>,
): string | null {
  const lastAssistant = [...conversation].reverse().find((message) => message.role === 'assistant');
  const asksForTools =
    Array.isArray(lastAssistant?.content) &&
    (lastAssistant.content as Array<{ type?: unknown }>).some((block) => block.type === 'tool_use');
  if (asksForTools) return null;
  for (let i = conversation.length - 1; i >= 0; i--) {
    const uuid = conversation[i]?.sources?.at(-1);
    if (uuid !== undefined) return uuid;
  }
  return null;
}

/**
 * A copy of a string that shares no memory with the text it was cut from. V8 keeps a slice's whole
 * parent alive: a section title kept in every run's outcome held that run's notes (decision 55: a
 * 2 GB session's 3,000 runs kept 300 MB of old notes).
 */
function detached(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/** The sha256 of the notes before and after, as a notes run's outcome records them (an older log may lack them). */
type StagedHashes = { readonly before?: string | undefined; readonly after?: string | undefined };

/**
 * A notes update's apply step, the same live and in recovery: when the notes are still what the
 * run started from and the staged copy is what it recorded, the copy is renamed into place;
 * otherwise (nothing changed, or the copy is stale) the copy goes. Its commit is its end:
 * nothing more is recorded.
 */
export async function applyStagedNotes(notesPath: string, runId: string, outcome: StagedHashes | undefined): Promise<void> {
  const staging = stagingPath(notesPath, runId);
  const staged = await readRegularFile(staging, { follow: false }).catch(() => null);
  if (staged === null) return;
  const current = await readRegularFile(notesPath).catch(() => null);
  const changed = outcome?.before !== undefined && outcome.before !== outcome.after;
  if (changed && current !== null && sha256Hex(current) === outcome.before && sha256Hex(staged) === outcome.after)
    await rename(staging, notesPath);
  else await rm(staging, { force: true });
}
