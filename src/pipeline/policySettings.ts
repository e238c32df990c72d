import { DEFAULT_AUTOCOMPACT_SETTINGS, type AutocompactSettings } from '../projections/autocompactTrigger.js';
import { DEFAULT_EXTRACTION_SETTINGS, type ExtractionSettings } from '../projections/extractionTrigger.js';
import { DEFAULT_SESSION_NOTES_THRESHOLDS, type SessionNotesThresholds } from '../projections/sessionNotesTrigger.js';
import { claudeCodeRules, type TriggerPolicy } from '../projections/triggerPolicy.js';

/** The fewest words a user message needs for the prose gate to let a run through (2.1.332's). */
export const PROSE_GATE_WORDS = 3;

/** The triggers' settings a caller gives (each part partial: the policy, then the defaults, fill in the rest). */
export interface TriggerSettings {
  /**
   * Whose rules fill in what these settings leave unsaid: Claude Code's for the version that
   * wrote each entry, or memlog's. Absent: the triggers as they were before the policies (no
   * prose gate).
   */
  readonly policy?: TriggerPolicy;
  readonly sessionNotes?: Partial<SessionNotesThresholds>;
  readonly autocompact?: Partial<AutocompactSettings>;
  readonly extraction?: Partial<ExtractionSettings>;
}

/** Every trigger's settings, and the coalescing rule, as a policy fills in what the caller left unsaid. */
export interface ResolvedSettings {
  readonly sessionNotes: SessionNotesThresholds;
  readonly autocompact: AutocompactSettings;
  readonly extraction: ExtractionSettings;
  /** Whether an extraction run that ends with requests waiting starts their trailing run (for the newest response's version). */
  readonly extractionTrailing: (version: string | null) => boolean;
}

/**
 * A policy's defaults under the caller's settings (an explicit setting always wins: a
 * `minProseWords` of 0 turns the prose gate off under either policy). Without a policy, the
 * triggers decide as they did before the policies existed: no prose gate, memlog's notes.
 *
 * - `memlog`: the prose gate on for every version, compact summaries not counted as the user's
 *   words, and the user's words since the cursor counted even once a compaction removed them; session notes always, their baseline re-taken after a compaction (decision 15); the
 *   trailing run always (2.1.88).
 * - `claude-code`: each rule as the version that wrote the response had it (claudeCodeRules):
 *   the prose gate from 2.1.126, compact summaries counted (they are not meta messages), session
 *   notes only before 2.1.332 and with the baseline never re-taken, the trailing run only at a
 *   cadence of 1 from 2.1.332, a 1M-context model compacted at a 300,000-token window from 2.1.337.
 */
export function resolveSettings(settings: TriggerSettings): ResolvedSettings {
  const extraction: ExtractionSettings = { ...DEFAULT_EXTRACTION_SETTINGS, ...policyExtraction(settings.policy), ...settings.extraction };
  const sessionNotes: SessionNotesThresholds = {
    ...DEFAULT_SESSION_NOTES_THRESHOLDS,
    ...policyNotes(settings.policy),
    ...settings.sessionNotes,
  };
  const everyOne = extraction.everyTurns <= 1;
  return {
    sessionNotes,
    autocompact: { ...DEFAULT_AUTOCOMPACT_SETTINGS, ...policyAutocompact(settings.policy), ...settings.autocompact },
    extraction,
    extractionTrailing:
      settings.policy === 'claude-code' ? (version) => everyOne || !claudeCodeRules(version).trailingOnlyEveryTurn : () => true,
  };
}

function policyExtraction(policy: TriggerPolicy | undefined): Partial<ExtractionSettings> {
  switch (policy) {
    case undefined:
      return {};
    case 'memlog':
      return { minProseWords: PROSE_GATE_WORDS, proseInSummaries: false, proseAcrossCompaction: true };
    case 'claude-code':
      return { minProseWords: PROSE_GATE_WORDS, proseInSummaries: true, proseGateFor: (version) => claudeCodeRules(version).proseGate };
  }
}

function policyAutocompact(policy: TriggerPolicy | undefined): Partial<AutocompactSettings> {
  return policy === 'claude-code' ? { lowerWindowFor1m: (version) => claudeCodeRules(version).lowerWindowFor1m } : {};
}

function policyNotes(policy: TriggerPolicy | undefined): Partial<SessionNotesThresholds> {
  switch (policy) {
    case undefined:
    case 'memlog':
      return {};
    case 'claude-code':
      return { rebaseAfterCompaction: false, activeFor: (version) => claudeCodeRules(version).sessionNotes };
  }
}

/** The policy in force, in words, as commands print it. */
export function describePolicy(policy: TriggerPolicy, versions: readonly string[] = []): string {
  if (policy === 'memlog') return "policy memlog: memlog's rules (docs/decisions/, decision 58)";
  const releases = [...new Set(versions.map((v) => claudeCodeRules(v).release))];
  const seen = versions.length === 0 ? '' : ` (written by ${[...new Set(versions)].join(', ')}: the rules of ${releases.join(', ')})`;
  return `policy claude-code: Claude Code's rules for the version that wrote each entry${seen}`;
}
