/** Pure compaction planning: the view of a transcript, the rungs of the ladder, the entries a compaction appends. */
export { compactionView, tokensAfter, type CompactionView, type ViewMessage } from './compactionView.js';
export {
  planNotesRung,
  summaryRungInput,
  finishSummaryRung,
  planExtractiveRung,
  loadsWhole,
  cutAtOrBefore,
  recentFiles,
  DEFAULT_CUT_SIZES,
  type Rung,
  type RungPlan,
  type RungOutcome,
  type PlanContext,
  type CutSizes,
  type ExtractiveSummarizer,
} from './rungs.js';
export { compactionEntries, type CompactionWrite, type EntryIds } from './compactionEntries.js';
export { summaryMessage, formatModelSummary, SUMMARY_PROMPT, type SummaryMessageOptions } from './summaryText.js';
