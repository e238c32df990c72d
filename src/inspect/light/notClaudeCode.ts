import type { DiagnosticCode } from '../../errors.js';
import { KNOWN_ENTRY_TYPES } from '../../transcript/entryKinds.js';

/** A diagnostic about a whole file, placed at its start. */
export interface FileDiagnostic {
  readonly code: DiagnosticCode;
  readonly line: number;
  readonly offset: number;
  readonly message: string;
}

/** True when a file holds entries and none of them is of a kind Claude Code writes: another tool's log, not a transcript. */
export const holdsNoClaudeCodeEntry = (byKind: Readonly<Record<string, number>>): boolean => {
  const kinds = Object.keys(byKind);
  return kinds.length > 0 && !kinds.some((kind) => KNOWN_ENTRY_TYPES.has(kind));
};

/**
 * The one diagnostic of a file whose entries are all of kinds Claude Code never writes (a Codex rollout, say): without
 * it, such a file reads as an empty session, with nothing to say it is not one. None for any other file, so the
 * report of a real transcript is unchanged.
 */
export function notClaudeCodeDiagnostic(byKind: Readonly<Record<string, number>>, entries: number): FileDiagnostic | null {
  if (!holdsNoClaudeCodeEntry(byKind)) return null;
  const kinds = Object.keys(byKind).sort();
  return {
    code: 'not_claude_code',
    line: 1,
    offset: 0,
    message: `no line is a Claude Code entry (${entries} entries of kind${kinds.length === 1 ? '' : 's'} ${kinds.join(', ')}): not a Claude Code transcript`,
  };
}
