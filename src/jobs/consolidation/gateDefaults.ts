/** Claude Code's gates for its background consolidation (2.1.332): at least a day and five sessions since the last. */
export const DEFAULT_MIN_HOURS = 24;
export const DEFAULT_MIN_SESSIONS = 5;
