import { BoundaryEvidenceFold } from '../audit/boundaryEvidence.js';
import { judgeOffline } from '../audit/judgeOffline.js';
import type { BoundaryAudit } from '../audit/auditItem.js';
import type { LogEntry } from '../transcript/logEntry.js';
import type { Marker } from './sessionMarkers.js';

/** At most this many lost items are listed on a marker. */
const LISTED = 8;

const lostCount = (audit: BoundaryAudit): number => audit.counts.lost + audit.counts['lost-restated'];

/**
 * The offline audit of each compaction (decision 78), folded along a report's walk: entries are
 * placed by seq, so an item's place reads "entry N". Holds one stretch of the person's words.
 */
export class CompactionAuditFold {
  private readonly audits = new Map<string, BoundaryAudit>();
  private readonly fold = new BoundaryEvidenceFold((evidence) => this.audits.set(evidence.uuid, judgeOffline(evidence)));

  push(event: LogEntry): void {
    this.fold.add(event.seq, event.entry);
  }

  finish(): void {
    this.fold.finish();
  }

  /** Items lost at every compaction of the session. */
  lostTotal(): number {
    let lost = 0;
    for (const audit of this.audits.values()) lost += lostCount(audit);
    return lost;
  }

  /** A compaction marker with its audit: the counts, and the lost items (said again first) with the entry each came from. */
  withAudit(marker: Marker): Marker {
    const audit = marker.kind === 'compacted' && marker.uuid !== null ? this.audits.get(marker.uuid) : undefined;
    if (audit === undefined) return marker;
    const { counts } = audit;
    const lost = audit.items
      .filter((item) => item.verdict === 'lost' || item.verdict === 'lost-restated')
      .slice(0, LISTED)
      .map((item) => `${item.verdict === 'lost' ? 'lost' : 'lost, said again'} ${item.kind} "${item.text}" (entry ${item.from.line})`);
    return {
      ...marker,
      audit: `${counts.kept} kept, ${counts.paraphrased} paraphrased, ${lostCount(audit)} lost`,
      ...(lost.length === 0 ? {} : { lost }),
    };
  }
}
