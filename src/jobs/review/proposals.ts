import { join } from 'node:path';
import { readOrNullSync } from '../../fs/readOrNull.js';
import { sha256Hex } from '../../fs/sha256.js';
import type { FileSnapshot } from '../records/blobStore.js';
import { readReviewInbox, type ProposedRecord } from './reviewInbox.js';

/** A proposal as the inbox stands: what it would change, and whether it still can. */
export interface Proposal {
  readonly id: string;
  readonly source: string;
  readonly time: string;
  /** Its files as last edited: the bytes before (what the directory must still hold) and the proposed ones. */
  readonly files: readonly FileSnapshot[];
  readonly changes: ProposedRecord['changes'];
  readonly consumes: readonly string[];
  readonly sessionsDir: string | null;
  readonly status: 'pending' | 'accepted' | 'rejected';
  /** The run that applied it, once accepted. */
  readonly runId: string | null;
  /** Pending, and a file is no longer as it was when proposed: a later change came first, so it is never applied as it is. */
  readonly stale: readonly string[];
}

const shaNow = (memoryDir: string, file: string): string | null => {
  const bytes = readOrNullSync(join(memoryDir, file));
  return bytes === null ? null : sha256Hex(bytes);
};

/** Every proposal of a directory's inbox, oldest first, folded from its records. */
export function proposals(memoryDir: string): Proposal[] {
  const byId = new Map<string, Proposal>();
  for (const record of readReviewInbox(memoryDir)) {
    const known = byId.get(record.id);
    switch (record.type) {
      case 'proposed':
        byId.set(record.id, {
          id: record.id,
          source: record.source,
          time: record.time,
          files: record.files,
          changes: record.changes,
          consumes: record.consumes ?? [],
          sessionsDir: record.sessionsDir ?? null,
          status: 'pending',
          runId: null,
          stale: [],
        });
        break;
      case 'edited':
        if (known !== undefined) byId.set(record.id, { ...known, files: record.files });
        break;
      case 'accepted':
        if (known !== undefined) byId.set(record.id, { ...known, status: 'accepted', runId: record.runId });
        break;
      case 'rejected':
        if (known !== undefined) byId.set(record.id, { ...known, status: 'rejected' });
        break;
    }
  }
  return [...byId.values()].map((p) =>
    p.status === 'pending' ? { ...p, stale: p.files.filter((f) => shaNow(memoryDir, f.file) !== f.before).map((f) => f.file) } : p,
  );
}

/** The next proposal id: `p1`, `p2`… */
export const nextProposalId = (memoryDir: string): string => `p${proposals(memoryDir).length + 1}`;
