import { FingerprintSet } from '../resume/fingerprintSet.js';
import type { ForgottenEntries } from '../resume/transcriptIndex.js';
import type { Entry } from '../transcript/entrySchema.js';

/** A light entry with its position among the file's entries. */
export interface SeqEntry {
  readonly seq: number;
  readonly entry: Entry;
}

/** The window as stored in a catalog row. */
export interface ChainWindowSnapshot {
  readonly entries: readonly SeqEntry[];
  readonly forgottenNodes: string;
  readonly forgottenProgress: string;
  readonly previousBoundarySeq: number | null;
}

/** Entries the resume index links into the chain. */
const CHAIN_KINDS: ReadonlySet<string> = new Set(['user', 'assistant', 'system', 'attachment', 'progress']);
/** Side entries the resume index reads: the last of each kind wins (spec §2.6), so only the last is kept. */
const METADATA_KINDS: ReadonlySet<string> = new Set([
  'custom-title',
  'ai-title',
  'last-prompt',
  'tag',
  'mode',
  'permission-mode',
  'agent-name',
  'pr-link',
]);

/** Whether the window keeps entries of this kind: the rest (file snapshots, queue operations…) never reach a resume. */
export function windowKeeps(kind: string): boolean {
  return CHAIN_KINDS.has(kind) || METADATA_KINDS.has(kind) || kind === 'summary';
}

/**
 * The light entries a resume of the file so far needs, in memory bounded by the conversation (decision 81): as the
 * forgetting index of decision 53 keeps them, chain entries from the compact boundary before the last one on, with
 * fingerprints of those it forgot, plus the newest metadata entry of each kind and every summary. An index built from the
 * window with those fingerprints equals one built from every entry, or asks for every entry (ConversationWindow's rule).
 */
export class ChainWindow {
  #entries: SeqEntry[];
  readonly #forgotten: ForgottenEntries;
  #previousBoundarySeq: number | null;

  constructor(snapshot?: ChainWindowSnapshot) {
    this.#entries = snapshot === undefined ? [] : [...snapshot.entries];
    this.#forgotten = {
      nodes: snapshot === undefined ? new FingerprintSet() : FingerprintSet.fromBase64(snapshot.forgottenNodes),
      progress: snapshot === undefined ? new FingerprintSet() : FingerprintSet.fromBase64(snapshot.forgottenProgress),
    };
    this.#previousBoundarySeq = snapshot?.previousBoundarySeq ?? null;
  }

  get entries(): readonly SeqEntry[] {
    return this.#entries;
  }

  get forgotten(): ForgottenEntries {
    return this.#forgotten;
  }

  /** Folds the next light entry, in file order; entries no resume reads are passed over. */
  add(item: SeqEntry): void {
    if (!windowKeeps(item.entry.type)) return;
    this.#entries.push(item);
    if (item.entry.type !== 'system' || item.entry.subtype !== 'compact_boundary') return;
    if (this.#previousBoundarySeq !== null) this.#forgetBefore(this.#previousBoundarySeq);
    this.#previousBoundarySeq = item.seq;
  }

  snapshot(): ChainWindowSnapshot {
    this.#entries = newestMetadataOnly(this.#entries);
    return {
      entries: this.#entries,
      forgottenNodes: stored(this.#forgotten.nodes),
      forgottenProgress: stored(this.#forgotten.progress),
      previousBoundarySeq: this.#previousBoundarySeq,
    };
  }

  #forgetBefore(seq: number): void {
    const kept: SeqEntry[] = [];
    for (const item of this.#entries) {
      const { entry } = item;
      if (item.seq >= seq || !CHAIN_KINDS.has(entry.type)) kept.push(item);
      else if (entry.type === 'progress') this.#forgotten.progress.add(entry.uuid);
      else this.#forgotten.nodes.add((entry as { uuid: string }).uuid);
    }
    this.#entries = newestMetadataOnly(kept);
  }
}

/** A set as a snapshot stores it: '' for an empty one (most files forget nothing), which reads back as an empty set. */
function stored(set: FingerprintSet): string {
  return set.size === 0 ? '' : set.toBase64();
}

/** The entries with every metadata entry but the newest of its kind left out (a last-prompt without a prompt changes nothing). */
function newestMetadataOnly(entries: readonly SeqEntry[]): SeqEntry[] {
  const newest = new Map<string, number>();
  entries.forEach((item, i) => {
    if (!METADATA_KINDS.has(item.entry.type)) return;
    if (item.entry.type === 'last-prompt' && item.entry.lastPrompt === undefined) return;
    newest.set(item.entry.type, i);
  });
  return entries.filter((item, i) => !METADATA_KINDS.has(item.entry.type) || newest.get(item.entry.type) === i);
}

/**
 * The window of two parts of a file folded apart, as one fold of the whole would leave it (decision 87): `later` was
 * folded from its own start (seqs from 0, shifted here by `seqShift`) and saw `boundaries` compact boundaries. At the
 * later part's first boundary the whole fold forgets the earlier part's chain entries before its last boundary; from its
 * second on, all of them. What the later part forgot on its own, the whole fold forgot too.
 */
export function mergeWindows(
  earlier: ChainWindowSnapshot,
  later: ChainWindowSnapshot,
  seqShift: number,
  boundaries: number,
): ChainWindowSnapshot {
  const nodes = FingerprintSet.fromBase64(earlier.forgottenNodes);
  const progress = FingerprintSet.fromBase64(earlier.forgottenProgress);
  nodes.addAll(FingerprintSet.fromBase64(later.forgottenNodes));
  progress.addAll(FingerprintSet.fromBase64(later.forgottenProgress));
  const forgetBefore = boundaries === 0 ? null : boundaries === 1 ? earlier.previousBoundarySeq : Infinity;
  const kept: SeqEntry[] = [];
  for (const item of earlier.entries) {
    const { entry } = item;
    if (forgetBefore === null || item.seq >= forgetBefore || !CHAIN_KINDS.has(entry.type)) kept.push(item);
    else if (entry.type === 'progress') progress.add(entry.uuid);
    else nodes.add((entry as { uuid: string }).uuid);
  }
  for (const item of later.entries) kept.push({ seq: item.seq + seqShift, entry: item.entry });
  const laterBoundary = later.previousBoundarySeq;
  return {
    entries: newestMetadataOnly(kept),
    forgottenNodes: stored(nodes),
    forgottenProgress: stored(progress),
    previousBoundarySeq: laterBoundary === null ? earlier.previousBoundarySeq : laterBoundary + seqShift,
  };
}
