import { join } from 'node:path';
import { readRegularTextOrNullSync } from '../fs/regularFile.js';

/** Claude Code's default `cleanupPeriodDays`. */
export const DEFAULT_CLEANUP_DAYS = 30;

/**
 * The retention Claude Code applies when it starts in `projectDir`: `cleanupPeriodDays` from the
 * user, then the project, then the local settings, the later winning as Claude Code merges them.
 * `paused` when a settings file cannot be read, as Claude Code then deletes nothing.
 */
export interface CleanupPeriod {
  readonly days: number;
  /** Which file set it, or `default`. */
  readonly from: string;
  /** Why Claude Code will not clean up at all (unreadable settings), when it will not. */
  readonly paused?: string;
}

export function cleanupPeriod(configHome: string, projectDir: string): CleanupPeriod {
  const files = [
    join(configHome, 'settings.json'),
    join(projectDir, '.claude', 'settings.json'),
    join(projectDir, '.claude', 'settings.local.json'),
  ];
  let period: CleanupPeriod = { days: DEFAULT_CLEANUP_DAYS, from: 'default' };
  for (const file of files) {
    const text = readRegularTextOrNullSync(file);
    if (text === null) continue;
    const value = settingOf(text);
    if (value === 'unreadable') return { ...period, paused: `${file} is not valid JSON` };
    if (value !== undefined) period = { days: value, from: file };
  }
  return period;
}

function settingOf(text: string): number | undefined | 'unreadable' {
  let settings: unknown;
  try {
    settings = JSON.parse(text);
  } catch {
    return 'unreadable';
  }
  const value = (settings as { cleanupPeriodDays?: unknown } | null)?.cleanupPeriodDays;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}
