import { join } from 'node:path';

/**
 * Where one of memlog's caches of the transcripts lives when no flag names it: the environment variable `variable`
 * when it is set and not empty, else `fileName` in ~/.memlog.
 */
export function defaultCachePath(variable: string, fileName: string, env: NodeJS.ProcessEnv, home: string): string {
  const configured = env[variable];
  return configured !== undefined && configured !== '' ? configured : join(home, '.memlog', fileName);
}
