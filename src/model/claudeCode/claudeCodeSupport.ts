import { spawnSync } from 'node:child_process';
import { ConfigError } from '../../errors.js';
import { NO_TRACE_ENV, REQUIRED_FLAGS } from './claudeArgs.js';

const checked = new Map<string, string>();

/**
 * Checks once per binary that the installed Claude Code has every flag memlog's no-trace calls
 * need; an older one is refused with the flags it lacks, before any call could write a session
 * or run a hook (decision 71). Returns its version line.
 */
export function assertClaudeCodeSupported(bin: string, env: Readonly<Record<string, string | undefined>>): string {
  const known = checked.get(bin);
  if (known !== undefined) return known;
  const help = spawnSync(bin, ['--help'], { env: { ...env, ...NO_TRACE_ENV }, encoding: 'utf8', timeout: 30_000 });
  if (help.error !== undefined || help.status !== 0)
    throw new ConfigError(
      `--model claude-code needs Claude Code: \`${bin} --help\` failed (${help.error?.message ?? `exit ${help.status}`})`,
    );
  const missing = REQUIRED_FLAGS.filter((flag) => !new RegExp(`(^|[\\s,])${flag}(?=[\\s,<=]|$)`, 'm').test(help.stdout));
  const version = spawnSync(bin, ['--version'], { env: { ...env, ...NO_TRACE_ENV }, encoding: 'utf8', timeout: 30_000 }).stdout.trim();
  if (missing.length > 0)
    throw new ConfigError(
      `this Claude Code (${version || 'unknown version'}) lacks ${missing.join(', ')}: without them memlog's calls would leave sessions or run hooks; update Claude Code, or choose another --model`,
    );
  checked.set(bin, version);
  return version;
}

/**
 * Whether Claude Code is logged in, asked without a model call: `claude auth status --json`
 * reads the stored login, an API key or a key helper and answers `loggedIn` (decision 71).
 */
export function claudeCodeLoggedIn(bin: string, env: Readonly<Record<string, string | undefined>>): boolean {
  const status = spawnSync(bin, ['auth', 'status', '--json'], { env: { ...env, ...NO_TRACE_ENV }, encoding: 'utf8', timeout: 30_000 });
  if (status.error !== undefined) return false;
  try {
    return (JSON.parse(status.stdout) as { loggedIn?: unknown }).loggedIn === true;
  } catch {
    return false;
  }
}
