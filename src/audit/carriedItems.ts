import { carriedRulesOf, type CarriedFinder, type CarriedItems } from '../compaction/carriedSection.js';
import type { CompactionView } from '../compaction/compactionView.js';
import type { Entry } from '../transcript/entrySchema.js';
import { SegmentCollector } from './segmentCollector.js';

const summaryTextOf = (entry: Entry): string | undefined =>
  entry.type === 'user' && entry.isCompactSummary === true && typeof entry.message.content === 'string' ? entry.message.content : undefined;

/**
 * What a stretch of messages established that memlog's summary carries (decision 85): the
 * person's rules and corrections as the audit finds them (decision 78), newest first, then those
 * an earlier memlog summary in the stretch carried; the goal; the open items.
 */
export function carriedItemsOf(entries: readonly Entry[]): CarriedItems {
  const collector = new SegmentCollector();
  const earlier: string[] = [];
  entries.forEach((entry, line) => {
    const summary = summaryTextOf(entry);
    if (summary !== undefined) earlier.push(...carriedRulesOf(summary));
    const uuid = entry.type === 'user' || entry.type === 'assistant' ? entry.uuid : `entry-${line}`;
    collector.add({ uuid, line }, entry);
  });
  const items = collector.items();
  const said = items.filter((item) => item.kind === 'rule' || item.kind === 'correction').map((item) => item.text);
  const rules = [...new Set([...said.reverse(), ...earlier])];
  const goal = items.find((item) => item.kind === 'goal')?.text;
  const openItems = items.filter((item) => item.kind === 'open-item').map((item) => item.text);
  return { rules, ...(goal === undefined ? {} : { goal }), openItems };
}

/**
 * The finder a compaction's planner calls for the part it drops, one answer per cut: the entries
 * after the last boundary and before the first kept message, in file order, as the audit reads
 * them (queued messages included).
 */
export function carriedFinder(view: CompactionView): CarriedFinder {
  const found = new Map<number, CarriedItems>();
  const after = view.boundary?.seq ?? -1;
  return (cut) => {
    const known = found.get(cut);
    if (known !== undefined) return known;
    const until = view.messages[cut]?.seq ?? Number.POSITIVE_INFINITY;
    const items = carriedItemsOf(view.entries.filter(({ seq }) => seq > after && seq < until).map(({ entry }) => entry));
    found.set(cut, items);
    return items;
  };
}
