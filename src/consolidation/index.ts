/** Consolidation planning: pure; what a memory directory becomes when its memories and new statements are merged. */
export { planConsolidation, applyConsolidation, type ConsolidationInput } from './planConsolidation.js';
export { isEmptyPlan, type ConsolidationPlan, type ConsolidationChange } from './consolidationPlan.js';
export { formatPlan } from './formatPlan.js';
export { absoluteDates, hasRelativeDate, type AbsoluteDates, type DateRewrite } from './absoluteDates.js';
export type { MemoryCandidate, SourceRef, StoredMemory } from './memoryCandidate.js';
