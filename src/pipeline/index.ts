/** Decisions: the replay that folds projections and triggers, the timeline, coalescing, and memlog's effect log and runners. */
export { createReplayDecider, type ReplaySettings, type ReplayState, type PipelineEvent, type PipelineDecider } from './replayDecider.js';
export { replayDecisions } from './replayDecisions.js';
export { replaySync } from './replaySync.js';
export { settingsWithWindow, describeInferredWindow } from './inferredWindow.js';
export { createWindowDecider, type WindowDecider, type WindowFoldState } from './windowDecider.js';
export { mergeByPosition } from './mergeByPosition.js';
export { foldProjections, evolveProjections, initialProjectionStates, type ProjectionStates } from './foldProjections.js';
export { buildTimeline, formatTimeline, type Timeline, type TimelineTurn } from './timeline.js';
export { writeTimelineText } from './timelineText.js';
export { runOf } from './runsByKind.js';
export { resolveSettings, describePolicy, PROSE_GATE_WORDS, type ResolvedSettings, type TriggerSettings } from './policySettings.js';
export { coalesceTrailing } from './operators/coalesceTrailing.js';
export { evolveTrailing, initialTrailingState, type TrailingState, type TrailingEvent, type TrailingStart } from './trailingCoalesce.js';
export * from './effectRecord.js';
export { effectLogPath, readEffectLog, appendEffects, appendEffectsSync, withoutInterrupted, type EffectLogContents } from './effectLog.js';
export { runEffects, type EffectRunnerOptions, type RunResult } from './effects.js';
export { runPaced, recoverInterrupted, type PacedRun, type PacedRunEvent, type PacedRunsOptions, type RunFold } from './pacedRuns.js';
