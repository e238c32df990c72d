/**
 * Whose rules the triggers follow. `claude-code` reproduces what the Claude Code version that
 * wrote each entry decided (the version is on every transcript entry); `memlog` is memlog's own
 * documented policy (decision 58: the table of differences between the two).
 */
export const TRIGGER_POLICIES = ['claude-code', 'memlog'] as const;
export type TriggerPolicy = (typeof TRIGGER_POLICIES)[number];

/** What one era of Claude Code does before a background memory run. */
export interface ClaudeCodeRules {
  /** The release whose rules these are, as printed. */
  readonly release: '2.1.88' | '2.1.126' | '2.1.332' | '2.1.337';
  /** Extraction skipped (cursor moved) unless a user message since the cursor has 3 words or more. */
  readonly proseGate: boolean;
  /** Session notes (the per-session summary file) exist at all. */
  readonly sessionNotes: boolean;
  /** A request stashed during a run gets its trailing run only when the cadence is 1. */
  readonly trailingOnlyEveryTurn: boolean;
  /** A 1M-context model compacts automatically near a size Anthropic serves, not at 1M (AUTOMATIC_WINDOW_1M). */
  readonly lowerWindowFor1m: boolean;
}

const RULES_2_1_88: ClaudeCodeRules = {
  release: '2.1.88',
  proseGate: false,
  sessionNotes: true,
  trailingOnlyEveryTurn: false,
  lowerWindowFor1m: false,
};
// The prose gate is in the 2.1.126 reconstruction (long-term spec §10, low confidence on where
// between 2.1.89 and 2.1.126 it appeared); session memory there is byte for byte 2.1.88's.
const RULES_2_1_126: ClaudeCodeRules = { ...RULES_2_1_88, release: '2.1.126', proseGate: true };
const RULES_2_1_332: ClaudeCodeRules = { ...RULES_2_1_126, release: '2.1.332', sessionNotes: false, trailingOnlyEveryTurn: true };
// The 2.1.337 changes (spec claude-code-2.1.337-changes.md): the lower automatic window for 1M models.
const RULES_2_1_337: ClaudeCodeRules = { ...RULES_2_1_332, release: '2.1.337', lowerWindowFor1m: true };

/**
 * The rules of the Claude Code that wrote an entry, by its `version`. A missing or unreadable
 * version gets 2.1.88's, the release memlog's specification describes.
 */
export function claudeCodeRules(version: string | null | undefined): ClaudeCodeRules {
  const parsed = parseVersion(version);
  if (parsed === null) return RULES_2_1_88;
  if (compareVersions(parsed, [2, 1, 337]) >= 0) return RULES_2_1_337;
  if (compareVersions(parsed, [2, 1, 332]) >= 0) return RULES_2_1_332;
  if (compareVersions(parsed, [2, 1, 126]) >= 0) return RULES_2_1_126;
  return RULES_2_1_88;
}

/** `major.minor.patch` (a pre-release or build suffix is ignored); null when it is not one. */
export function parseVersion(version: string | null | undefined): readonly [number, number, number] | null {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version ?? '');
  if (match === null) return null;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function compareVersions(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
}

/** The version an entry carries, if any. */
export function entryVersion(entry: object): string | null {
  const version = (entry as { version?: unknown }).version;
  return typeof version === 'string' ? version : null;
}
