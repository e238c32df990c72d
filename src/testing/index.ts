/**
 * `memlog/testing`: test doubles for code built on memlog. A scripted model port, builders for
 * transcript entries in Claude Code's key order, and the fault seam that fails the Nth write.
 */
export { ScriptedModel, UnexpectedModelCallError, UnconsumedStepsError, type ScriptedStep } from './scriptedModel.js';
export {
  userEntry,
  assistantEntry,
  toolResultEntry,
  compactBoundaryEntry,
  compactSummaryEntry,
  sideEntry,
  text,
  thinking,
  toolUse,
  toolResult,
  type EnvelopeOptions,
} from './entryBuilders.js';
export { withFaults, type FaultKind, type FaultPlan, type FaultRun } from './faults.js';
