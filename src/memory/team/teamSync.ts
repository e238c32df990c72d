import { readdir, stat } from 'node:fs/promises';
import { mkdir } from '../../fs/faultableFs.js';
import { join, sep } from 'node:path';
import { PathEscapeError } from '../../errors.js';
import { atomicWrite } from '../../fs/atomicWrite.js';
import { resolveInside } from '../../fs/containment.js';
import { readLocalTeamFiles } from './localTeamFiles.js';
import {
  batchBody,
  batchByBytes,
  compareKeys,
  pushKeys,
  selectUploadable,
  withinEntryLimit,
  withoutCaseCollisions,
  type SkippedFile,
  type UploadableEntry,
} from './pushPlan.js';
import type { TeamClient } from './teamClient.js';
import { hashContent, MAX_CONFLICT_RETRIES, MAX_ENTRY_BYTES, utf8Bytes } from './teamProtocol.js';
import { caseCollisions, quotedKey, unsafeKeyReason } from './teamPaths.js';
import type { ServerState } from './teamSyncState.js';
import { readRegularFile } from '../../fs/regularFile.js';

/** The edge of team sync: reads and writes the team folder and talks to the server, from plans made elsewhere. */
export interface TeamSyncContext {
  readonly teamDir: string;
  readonly client: TeamClient;
  readonly state: ServerState;
}

export type PullSkipReason = 'invalid_key' | 'case_collision' | 'too_large' | 'path_escape' | 'write_failed';

export interface PullSkip {
  readonly key: string;
  readonly reason: PullSkipReason;
  readonly detail: string;
}

export interface PullReport {
  /** The server answered 304: nothing changed since the last pull. */
  readonly notModified: boolean;
  /** Keys written to disk (new, or replacing a different local copy). */
  readonly received: readonly string[];
  /** Server keys already identical on disk, left untouched (mtime kept). */
  readonly unchanged: number;
  readonly skipped: readonly PullSkip[];
}

/**
 * Pull (long-term spec §5.6): the server wins for every key it has; local-only files stay.
 * Conditional on the remembered ETag, but only while the local copies of the server's keys
 * still match what the server had: a 304 must not leave an edited or deleted copy in place.
 */
export async function pullTeamMemory({ teamDir, client, state }: TeamSyncContext): Promise<{ report: PullReport; state: ServerState }> {
  await mkdir(teamDir, { recursive: true, mode: 0o700 });
  const etag = state.etag !== null && (await localMatches(teamDir, state.serverChecksums)) ? state.etag : null;
  const outcome = await client.fetchData(etag);
  if (outcome.kind === 'not_modified')
    return { report: { notModified: true, received: [], unchanged: Object.keys(state.serverChecksums).length, skipped: [] }, state };
  if (outcome.kind === 'not_found')
    return {
      report: { notModified: false, received: [], unchanged: 0, skipped: [] },
      state: { ...state, etag: null, serverChecksums: {} },
    };
  const received: string[] = [];
  const skipped: PullSkip[] = [];
  let unchanged = 0;
  const collisions = await caseCollisionSkips(teamDir, Object.keys(outcome.data.content.entries));
  for (const [key, content] of Object.entries(outcome.data.content.entries).sort(([a], [b]) => compareKeys(a, b))) {
    const target = collisions.get(key) ?? (await pullTarget(teamDir, key));
    if ('skip' in target) {
      skipped.push(target.skip);
      continue;
    }
    if (utf8Bytes(content) > MAX_ENTRY_BYTES) {
      skipped.push({ key, reason: 'too_large', detail: `${utf8Bytes(content)} bytes` });
      continue;
    }
    const { path } = target;
    // Identical content is not rewritten: its mtime stays, and nothing watching the folder wakes up.
    if ((await readText(path)) === content) {
      unchanged++;
      continue;
    }
    try {
      await atomicWrite(path, content);
      received.push(key);
    } catch (error) {
      skipped.push({ key, reason: 'write_failed', detail: (error as NodeJS.ErrnoException).code ?? (error as Error).message });
    }
  }
  const serverChecksums = { ...(outcome.data.content.entryChecksums ?? {}) };
  return { report: { notModified: false, received, unchanged, skipped }, state: { ...state, etag: outcome.etag, serverChecksums } };
}

export type PushFailure =
  | { readonly kind: 'conflict'; readonly message: string }
  | { readonly kind: 'too_many_entries'; readonly message: string; readonly maxEntries: number; readonly receivedEntries: number };

export interface PushReport {
  readonly ok: boolean;
  /** Keys the server accepted, in upload order. */
  readonly sent: readonly string[];
  readonly skipped: readonly SkippedFile[];
  /** How many PUT bodies were sent successfully. */
  readonly batches: number;
  /** 412s met (each followed by a fresh look at the server's hashes). */
  readonly conflicts: number;
  readonly failure?: PushFailure;
}

/**
 * Push (long-term spec §5.7): only files whose hash the server does not have, in bodies of at
 * most 200 KB, each conditional on the checksum the previous one returned. A 412 re-reads the
 * server's hashes and re-plans (at most twice); a 413 teaches the entry limit for the next push.
 * memlog's push starts with that hash probe too, since a command has no session that pulled first.
 */
export async function pushTeamMemory({ teamDir, client, state }: TeamSyncContext): Promise<{ report: PushReport; state: ServerState }> {
  const local = await readLocalTeamFiles(teamDir);
  const selected = selectUploadable(local.files);
  let server = await probe(client);
  const { entries, skipped: refused } = withoutCaseCollisions(selected, server.checksums);
  // The learned entry limit counts the keys the server holds, so it is planned again after every probe.
  let limited = withinEntryLimit(entries, server.checksums, state.maxEntries);
  // The hashes at this checkout's last sync: what "changed here" is measured against.
  const base = new Map(Object.entries(state.serverChecksums));
  const sent: string[] = [];
  let batches = 0;
  let conflicts = 0;
  const finish = (failure?: PushFailure, maxEntries = state.maxEntries) => {
    // What was sent is in sync now; the rest keeps its last-synced hash, and the ETag is kept
    // only when the server holds nothing this checkout has not seen (else the next pull must
    // not be answered "not modified").
    const synced = new Map(base);
    for (const key of sent) synced.set(key, entries.get(key)?.hash ?? '');
    const caughtUp = [...server.checksums].every(([key, hash]) => synced.get(key) === hash);
    const unsynced = pushKeys(entries, server.checksums, base).unsynced.map((key): SkippedFile => ({ key, reason: 'not_pulled' }));
    const skipped = [...local.skipped, ...refused, ...limited.skipped, ...unsynced].sort((a, b) => compareKeys(a.key, b.key));
    return {
      report: { ok: failure === undefined, sent, skipped, batches, conflicts, ...(failure === undefined ? {} : { failure }) },
      state: { ...state, etag: caughtUp ? server.etag : null, serverChecksums: Object.fromEntries(synced), maxEntries },
    };
  };
  for (let attempt = 0; attempt <= MAX_CONFLICT_RETRIES; attempt++) {
    const outcome = await uploadDelta(client, limited.entries, server, base, (keys) => {
      sent.push(...keys);
      batches++;
    });
    if (outcome.kind === 'done') return finish();
    if (outcome.kind === 'too_many_entries') {
      const message = `the server holds at most ${outcome.maxEntries} entries for this repository (this upload would make ${outcome.receivedEntries}); the next push adds new files only while the server has room for them, first in name order`;
      return finish(
        { kind: 'too_many_entries', message, maxEntries: outcome.maxEntries, receivedEntries: outcome.receivedEntries },
        outcome.maxEntries,
      );
    }
    conflicts++;
    if (attempt === MAX_CONFLICT_RETRIES) break;
    server = await probe(client);
    limited = withinEntryLimit(entries, server.checksums, state.maxEntries);
  }
  return finish({ kind: 'conflict', message: `the server kept changing under the upload (${conflicts} conflicts); run the push again` });
}

interface ServerView {
  etag: string | null;
  /** Whether the repository has data on the server: without, the first PUT is a create (`If-None-Match: *`). */
  exists: boolean;
  readonly checksums: Map<string, string>;
}

async function probe(client: TeamClient): Promise<ServerView> {
  const hashes = await client.fetchHashes();
  return hashes.kind === 'not_found'
    ? { etag: null, exists: false, checksums: new Map() }
    : { etag: hashes.checksum, exists: true, checksums: new Map(hashes.entryChecksums) };
}

type UploadOutcome =
  | { readonly kind: 'done' }
  | { readonly kind: 'conflict' }
  | { readonly kind: 'too_many_entries'; readonly maxEntries: number; readonly receivedEntries: number };

/** Sends the delta batch by batch, chaining the ETag; committed batches update `server`, so a retry resumes with the rest. */
async function uploadDelta(
  client: TeamClient,
  entries: ReadonlyMap<string, UploadableEntry>,
  server: ServerView,
  base: ReadonlyMap<string, string>,
  onBatch: (keys: readonly string[]) => void,
): Promise<UploadOutcome> {
  for (const batch of batchByBytes(pushKeys(entries, server.checksums, base).send, entries)) {
    // Only a server that sent no checksum for existing data gets an unconditional write.
    const condition = server.etag !== null ? { ifMatch: server.etag } : server.exists ? null : { ifAbsent: true as const };
    const outcome = await client.put(batchBody(batch, entries).entries, condition);
    if (outcome.kind !== 'ok') return outcome;
    server.etag = outcome.checksum;
    server.exists = true;
    for (const key of batch) server.checksums.set(key, entries.get(key)?.hash ?? '');
    onBatch(batch);
  }
  return { kind: 'done' };
}

export interface StatusReport {
  /** Files a push would send: their content differs from the server's (or the server lacks them). */
  readonly pending: readonly string[];
  /** Server keys a pull would write: missing here, or different. */
  readonly incoming: readonly string[];
  /** Server keys a pull never writes (a refused name, a path leading out of the folder), with the reason the pull gives. */
  readonly incomingSkipped: readonly PullSkip[];
  /** Local files that never sync, and why. */
  readonly skipped: readonly SkippedFile[];
  /** Entries on the server; null when it has no data for this repository yet. */
  readonly serverEntries: number | null;
}

/** What push and pull would do now, from one hash probe; changes nothing. */
export async function teamStatus({ teamDir, client, state }: TeamSyncContext): Promise<StatusReport> {
  const local = await readLocalTeamFiles(teamDir);
  const uploadable = selectUploadable(local.files);
  const hashes = await client.fetchHashes();
  const server = hashes.kind === 'ok' ? hashes.entryChecksums : new Map<string, string>();
  const { entries, skipped: overLimit } = withinEntryLimit(uploadable.entries, server, state.maxEntries);
  const localHashes = new Map(local.files.map((file) => [file.key, hashContent(file.content)]));
  const incoming: string[] = [];
  const incomingSkipped: PullSkip[] = [];
  const folderExists = await stat(teamDir).then(
    (info) => info.isDirectory(),
    () => false,
  );
  const collisions = await caseCollisionSkips(teamDir, [...server.keys()]);
  for (const [key, hash] of [...server].sort(([a], [b]) => compareKeys(a, b))) {
    if (localHashes.get(key) === hash) continue;
    const target = collisions.get(key) ?? (await pullTarget(teamDir, key, folderExists));
    if ('skip' in target) incomingSkipped.push(target.skip);
    else incoming.push(key);
  }
  const skipped = [...local.skipped, ...uploadable.skipped, ...overLimit].sort((a, b) => compareKeys(a.key, b.key));
  return {
    pending: pushKeys(entries, server, new Map(Object.entries(state.serverChecksums))).send,
    incoming,
    incomingSkipped,
    skipped,
    serverEntries: hashes.kind === 'ok' ? server.size : null,
  };
}

/**
 * Where a pull writes `key`, or why it never does: the checks that need no content, shared by
 * pull and status so that status does not list as incoming a key every pull skips.
 */
async function pullTarget(
  teamDir: string,
  key: string,
  folderExists = true,
): Promise<{ readonly path: string } | { readonly skip: PullSkip }> {
  const unsafe = unsafeKeyReason(key);
  if (unsafe !== null) return { skip: { key, reason: 'invalid_key', detail: unsafe } };
  // A folder not made yet holds no link to follow: the pull creates it, and the key stays inside.
  if (!folderExists) return { path: join(teamDir, key) };
  const path = await inside(teamDir, key);
  return path === null ? { skip: { key, reason: 'path_escape', detail: 'resolves outside the team folder' } } : { path };
}

/**
 * The server's keys a pull never writes because a case-insensitive file system would take them
 * for another key or for a name already in the team folder (`Ok.md` beside `ok.md`): written,
 * one would overwrite the other there (decision 64). Each is skipped with the spelling it meets.
 */
async function caseCollisionSkips(teamDir: string, keys: readonly string[]): Promise<Map<string, { readonly skip: PullSkip }>> {
  const names = await readdir(teamDir, { recursive: true }).then(
    (found) => found.map((name) => name.split(sep).join('/')),
    () => [],
  );
  const safe = keys.filter((key) => unsafeKeyReason(key) === null);
  const skips = new Map<string, { readonly skip: PullSkip }>();
  for (const [key, other] of caseCollisions(safe, names))
    skips.set(key, {
      skip: { key, reason: 'case_collision', detail: `a case-insensitive file system takes it for ${quotedKey(other)}` },
    });
  return skips;
}

/** Whether every key the server had at the last sync is on disk with the server's content. */
async function localMatches(teamDir: string, serverChecksums: Readonly<Record<string, string>>): Promise<boolean> {
  for (const [key, hash] of Object.entries(serverChecksums)) {
    if (unsafeKeyReason(key) !== null) continue; // never written here, so never stale here
    const path = await inside(teamDir, key);
    const text = path === null ? null : await readText(path);
    if (text === null || hashContent(text) !== hash) return false;
  }
  return true;
}

/** The key's path inside the team folder, or null when it leads out or cannot be looked at (a name too long, no permission): that key is skipped, the rest syncs. */
async function inside(root: string, key: string): Promise<string | null> {
  try {
    return await resolveInside(root, key);
  } catch (error) {
    if (error instanceof PathEscapeError || typeof (error as NodeJS.ErrnoException).code === 'string') return null;
    throw error;
  }
}

async function readText(path: string): Promise<string | null> {
  try {
    return await readRegularFile(path, 'utf8');
  } catch {
    return null;
  }
}
