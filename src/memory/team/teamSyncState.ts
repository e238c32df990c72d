import { join } from 'node:path';
import { z } from 'zod';
import { atomicWrite } from '../../fs/atomicWrite.js';
import { Checksum, entryRecord } from './teamProtocol.js';
import { readRegularFile } from '../../fs/regularFile.js';

/**
 * What one checkout remembers between commands about one server and repository (long-term spec
 * §5.5, which keeps it per session; memlog's commands are separate processes, so it goes to
 * disk): the last checksum seen (the ETag for the next pull), the server's entry checksums at
 * that point, and the entry limit a 413 taught.
 *
 * Version history:
 * - 1: first version.
 */
export const CURRENT_TEAM_SYNC_STATE_VERSION = 1;
export const SUPPORTED_TEAM_SYNC_STATE_VERSIONS = [1] as const;

const ServerState = z.object({
  etag: z.string().nullable(),
  serverChecksums: entryRecord(Checksum),
  maxEntries: z.number().int().positive().nullable(),
});
export type ServerState = z.infer<typeof ServerState>;

const StateFile = z.object({
  version: z.literal(SUPPORTED_TEAM_SYNC_STATE_VERSIONS),
  servers: z.record(z.string(), ServerState),
});

/** Beside the team folder, never in it: the state must not be pushed as if it were memory. */
export const teamSyncStatePath = (autoMemoryDir: string): string => join(autoMemoryDir, '.memlog-team-sync.json');

export const EMPTY_SERVER_STATE: ServerState = { etag: null, serverChecksums: {}, maxEntries: null };

const stateKey = (server: string, repo: string): string => `${server.replace(/\/+$/, '')} ${repo}`;

/**
 * The remembered state for a server and repository. A missing, unreadable or unknown-version
 * file counts as no state: it is only a cache, and the worst case is a full pull or push.
 */
export async function loadServerState(path: string, server: string, repo: string): Promise<ServerState> {
  const file = await readStateFile(path);
  return file.servers[stateKey(server, repo)] ?? EMPTY_SERVER_STATE;
}

export async function saveServerState(path: string, server: string, repo: string, state: ServerState): Promise<void> {
  const file = await readStateFile(path);
  const servers = { ...file.servers, [stateKey(server, repo)]: state };
  await atomicWrite(path, `${JSON.stringify({ version: CURRENT_TEAM_SYNC_STATE_VERSION, servers }, null, 2)}\n`);
}

async function readStateFile(path: string): Promise<z.infer<typeof StateFile>> {
  try {
    const parsed = StateFile.safeParse(JSON.parse(await readRegularFile(path, 'utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // missing or not JSON: start over
  }
  return { version: CURRENT_TEAM_SYNC_STATE_VERSION, servers: {} };
}
