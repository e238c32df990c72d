import { ConfigError } from '../../errors.js';
import { autoMemoryDir, type Env } from '../durable/memoryPaths.js';
import { REPO_SLUG, repoOfProject } from './repoSlug.js';
import { TeamClient } from './teamClient.js';
import { teamMemoryDir } from './teamPaths.js';
import { loadServerState, saveServerState, teamSyncStatePath, type ServerState } from './teamSyncState.js';

export interface TeamProjectOptions {
  /** A directory of the project (its canonical git root decides the memory folder and the repository). */
  readonly projectDir: string;
  readonly server?: string;
  readonly token?: string;
  /** `owner/repo`, instead of reading it from the origin remote. */
  readonly repo?: string;
  readonly env?: Env;
}

export interface TeamProject {
  /** The local team-memory folder. */
  readonly dir: string;
  readonly repo: string;
  readonly server: string;
  readonly client: TeamClient;
  readonly state: ServerState;
  /** Remembers the state a pull or push ended with. */
  save(state: ServerState): Promise<void>;
}

/**
 * Everything a team command needs for one project: where its team memory lives, which
 * repository it is, the server and its token (options first, then MEMLOG_TEAM_SERVER and
 * MEMLOG_TEAM_TOKEN), and what the last sync remembered.
 */
export async function openTeamProject(options: TeamProjectOptions): Promise<TeamProject> {
  const env = options.env ?? process.env;
  const server = options.server ?? env['MEMLOG_TEAM_SERVER'] ?? '';
  const token = options.token ?? env['MEMLOG_TEAM_TOKEN'] ?? '';
  if (server === '') throw new ConfigError('no team server: pass --server URL or set MEMLOG_TEAM_SERVER');
  if (token === '') throw new ConfigError('no team token: pass --token or set MEMLOG_TEAM_TOKEN');
  let repo: string;
  if (options.repo !== undefined) {
    if (!REPO_SLUG.test(options.repo)) throw new ConfigError(`--repo must be owner/repo, not ${JSON.stringify(options.repo)}`);
    repo = options.repo;
  } else {
    const found = repoOfProject(options.projectDir);
    if (!found.ok) throw new ConfigError(`cannot tell which repository this is: ${found.reason}`);
    repo = found.repo.slug;
  }
  const memoryDir = autoMemoryDir({ projectRoot: options.projectDir, env });
  const statePath = teamSyncStatePath(memoryDir);
  const client = new TeamClient({ server, token, repo });
  const state = await loadServerState(statePath, server, repo);
  return { dir: teamMemoryDir(memoryDir), repo, server, client, state, save: (next) => saveServerState(statePath, server, repo, next) };
}
