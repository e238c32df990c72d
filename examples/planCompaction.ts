/**
 * Library usage: plan a compaction without writing anything. The planners are pure: a view of
 * the transcript, the rungs of Claude Code's ladder (session notes, a model's summary, an
 * extractive summary that cannot fail), and the two entries a compaction would append.
 * Run: npx tsx examples/planCompaction.ts [transcript.jsonl]
 */
import {
  autocompactThresholds,
  compactionEntries,
  compactionView,
  finishSummaryRung,
  planExtractiveRung,
  readLogEntries,
  serializeEntry,
  summaryRungInput,
  type ModelMessage,
  type PlanContext,
} from '../src/index.js';

const file = process.argv[2] ?? 'fixtures/projects/-home-dev-acme-shop/4a2030a7-b5cb-49a2-b41c-016deb5688ff.jsonl';

// 1. The view: the conversation since the last compaction, its size, and the cuts that keep every tool call with its result.
const view = compactionView(readLogEntries(file).entries);
const context: PlanContext = { view, threshold: autocompactThresholds().threshold, trigger: 'manual', transcriptPath: file };
process.stdout.write(`${view.messages.length} messages, ${view.tokensBefore} tokens, ${view.cuts.length} safe cuts\n`);

// 2. The summary rung: what a model would be asked to summarise, and where the cut falls.
const input = summaryRungInput(context);
if (!input.ok) throw new Error(input.reason);
// The model's answer would go here (compactTranscript asks the model port); a stand-in keeps this example pure.
const summary = `The user and the assistant worked through ${input.messages.length} messages; see the transcript for details.`;
const summaryPlan = finishSummaryRung(context, input.cut, summary);

// 3. The extractive rung never fails: a summary made from the dropped messages' own words (here, each one's first text).
const textOf = (m: ModelMessage) =>
  typeof m.content === 'string'
    ? m.content
    : m.content.map((b) => (b.type === 'text' && typeof b['text'] === 'string' ? b['text'] : '')).join(' ');
const firstWords = (messages: readonly ModelMessage[]) => messages.map((m) => textOf(m).slice(0, 80)).join('\n');
const extractivePlan = planExtractiveRung(context, input.cut, firstWords);
for (const plan of [summaryPlan.ok ? summaryPlan.plan : undefined, extractivePlan]) {
  if (plan !== undefined)
    process.stdout.write(
      `${plan.rung} rung: drop ${plan.cut} messages, keep ${view.messages.length - plan.cut}, ${view.tokensBefore} → ${plan.tokensAfter} tokens\n`,
    );
}

// 4. The entries a compaction appends, as Claude Code writes them (a compact boundary and the summary); printed, not written.
const plan = summaryPlan.ok ? summaryPlan.plan : extractivePlan;
const ids = { boundary: 'boundary-uuid', summary: 'summary-uuid', timestamp: new Date(0).toISOString() };
const write = {
  cut: plan.cut,
  summaryText: plan.summaryText,
  trigger: context.trigger,
  tokensBefore: view.tokensBefore,
  tokensAfter: plan.tokensAfter,
};
for (const entry of compactionEntries(view, write, ids)) process.stdout.write(`${serializeEntry(entry).slice(0, 100)}…\n`);
