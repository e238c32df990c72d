import { atomicWrite } from '../fs/atomicWrite.js';
import { readRegularTextOrNullSync } from '../fs/regularFile.js';
import { ConfigError } from '../errors.js';
import { withArchiveHooks, withoutArchiveHooks } from './hookSettings.js';

export type HookChange = 'installed' | 'removed' | 'unchanged';

function readSettings(path: string): Record<string, unknown> {
  const text = readRegularTextOrNullSync(path);
  if (text === null || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${path} is not JSON (${(error as Error).message}); fix it first, it was not changed`, { path });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ConfigError(`${path} does not hold a JSON object; fix it first, it was not changed`, { path });
  return value as Record<string, unknown>;
}

/**
 * Adds (with `command`) or removes (with null) memlog's archive hooks in a Claude Code settings
 * file, through a temp file and a rename, every other setting and hook kept; a file that would not
 * change is not written (decision 82).
 */
export async function changeArchiveHook(settingsPath: string, command: string | null): Promise<HookChange> {
  const before = readSettings(settingsPath);
  const after = command === null ? withoutArchiveHooks(before) : withArchiveHooks(before, command);
  if (JSON.stringify(after) === JSON.stringify(before)) return 'unchanged';
  await atomicWrite(settingsPath, `${JSON.stringify(after, null, 2)}\n`);
  return command === null ? 'removed' : 'installed';
}
