import { fingerprint, FingerprintSet, unionOfSortedPairs, type Fingerprint, type FingerprintLookup } from '../resume/fingerprintSet.js';
import type { ForgottenEntries } from '../resume/transcriptIndex.js';
import type { Entry } from '../transcript/entrySchema.js';

/** A light entry with its position among the file's entries. */
export interface SeqEntry {
  readonly seq: number;
  readonly entry: Entry;
}

/** Where a line starts: its entry's seq, its byte offset and its 1-based number. */
export interface WindowMark {
  readonly seq: number;
  readonly offset: number;
  readonly line: number;
}

/** Where an entry's line is in its file. */
export type LineAt = Omit<WindowMark, 'seq'>;

const FILE_START: WindowMark = { seq: 0, offset: 0, line: 1 };

/** The window as stored in a catalog row. */
export interface ChainWindowSnapshot {
  readonly entries: readonly SeqEntry[];
  /**
   * The fingerprints this fold forgot, left out of a catalog row: the catalog moves them to its forgotten table (decision
   * 94). Typed arrays, so a part folded in a worker posts them as bytes (decision 95).
   */
  readonly forgotten?: StoredForgotten;
  /** How many fingerprints were forgotten in all, stored ones included: [nodes, progress]. */
  readonly forgottenCounts: readonly [nodes: number, progress: number];
  /** The newest compact boundary folded. */
  readonly previousBoundary: WindowMark | null;
  /**
   * Where the chain entries kept start (the boundary before the newest, or the file's start): every entry the window keeps
   * from there on is the file's, so a catalog row may leave them out and a growth read them again (decision 98).
   */
  readonly keptFrom: WindowMark;
}

/**
 * A window as a catalog row stores it: `reread` when the entries from `keptFrom` on are left out, to be read from the
 * file, and `spanHash` the CRC-32 of the bytes they were read from, which the re-read checks (decision 98).
 */
export type StoredWindow = Omit<ChainWindowSnapshot, 'forgotten'> & { readonly reread?: true; readonly spanHash?: number };

/** The light entries of a window's span read again, and the CRC-32 of the bytes they were read from. */
export interface SpanReread {
  readonly entries: readonly SeqEntry[];
  readonly hash: number;
}

/**
 * A growth reads at most this many bytes of the file again for its chain window, rather than have the row list the
 * window's light entries (decision 98): about 75 KB of JSON for a 1 MB session, stringified, posted and written on every
 * first scan, against a few milliseconds a megabyte to read again on a growth.
 */
export const REREAD_WINDOW_BYTES = 2 * 1024 * 1024;

/**
 * The window as a catalog row stores it: without the fingerprints it forgot (a table of their own, decision 94), and,
 * when the file's bytes from `keptFrom` to `end` are few, without the entries from there on (decision 98).
 */
export function storedWindow(window: ChainWindowSnapshot, end: number, hashFrom: (offset: number) => number): StoredWindow {
  const { forgotten: _forgotten, ...rest } = window;
  if (end - window.keptFrom.offset > REREAD_WINDOW_BYTES) return rest;
  const entries = window.entries.filter((item) => item.seq < window.keptFrom.seq);
  return { ...rest, entries, reread: true, spanHash: hashFrom(window.keptFrom.offset) };
}

/**
 * The window a row stored, its entries from `keptFrom` on read again from the file when the row left them out; undefined
 * when the bytes read again are not those they were read from (a file rewritten between its hashed head and end): the
 * file is then folded from its start.
 */
export function windowOfRow(window: StoredWindow, reread: (from: WindowMark) => SpanReread): ChainWindowSnapshot | undefined {
  const { reread: left, spanHash, ...rest } = window;
  if (left !== true) return rest;
  const again = reread(rest.keptFrom);
  return again.hash === spanHash ? { ...rest, entries: [...rest.entries, ...again.entries] } : undefined;
}

/** The kinds of forgotten fingerprints: chain entries' uuids and progress lines' uuids. */
export type ForgottenKind = 'nodes' | 'progress';

/** Whether the catalog's forgotten table holds a fingerprint of the file's (decision 94); none for a fold from the start. */
export type ForgottenLookup = (kind: ForgottenKind, fp: Fingerprint) => boolean;

/**
 * The fingerprints a fold forgot, as the catalog's table stores them: by kind, (high, low) pairs in ascending order. One
 * typed array a kind crosses between threads as one copy of its bytes, where a list of pairs was an object each (decision 95).
 */
export type StoredForgotten = Readonly<Record<ForgottenKind, Uint32Array>>;

/** What was forgotten: the stored fingerprints (looked up) plus those this fold forgot (in memory), and their count. */
class ForgottenSet implements FingerprintLookup {
  constructor(
    readonly added: FingerprintSet,
    private count: number,
    private readonly stored: (fp: Fingerprint) => boolean,
  ) {}

  get size(): number {
    return this.count;
  }

  mayHave(text: string): boolean {
    return this.has(fingerprint(text));
  }

  has(fp: Fingerprint): boolean {
    return this.added.hasFingerprint(fp) || this.stored(fp);
  }

  add(fp: Fingerprint): void {
    if (!this.stored(fp) && this.added.addFingerprint(fp)) this.count++;
  }
}

function forgottenSet(snapshot: ChainWindowSnapshot | undefined, kind: ForgottenKind, lookup: ForgottenLookup): ForgottenSet {
  const pairs = snapshot === undefined ? new Uint32Array(0) : newlyForgotten(snapshot)[kind];
  const count = snapshot?.forgottenCounts[kind === 'nodes' ? 0 : 1] ?? 0;
  return new ForgottenSet(FingerprintSet.fromPairs(pairs), count, (fp) => lookup(kind, fp));
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
  readonly #forgotten: { readonly nodes: ForgottenSet; readonly progress: ForgottenSet };
  #previousBoundary: WindowMark | null;
  #keptFrom: WindowMark;

  /** `lookup` answers for the fingerprints the catalog stored for the file (decision 94). */
  constructor(snapshot?: ChainWindowSnapshot, lookup: ForgottenLookup = () => false) {
    this.#entries = snapshot === undefined ? [] : [...snapshot.entries];
    this.#forgotten = { nodes: forgottenSet(snapshot, 'nodes', lookup), progress: forgottenSet(snapshot, 'progress', lookup) };
    this.#previousBoundary = snapshot?.previousBoundary ?? null;
    this.#keptFrom = snapshot?.keptFrom ?? FILE_START;
  }

  get entries(): readonly SeqEntry[] {
    return this.#entries;
  }

  get forgotten(): ForgottenEntries {
    return this.#forgotten;
  }

  /** Folds the next light entry, in file order, with where its line is; entries no resume reads are passed over. */
  add(item: SeqEntry, at: LineAt = FILE_START): void {
    if (!windowKeeps(item.entry.type)) return;
    this.#entries.push(item);
    if (item.entry.type !== 'system' || item.entry.subtype !== 'compact_boundary') return;
    if (this.#previousBoundary !== null) {
      this.#forgetBefore(this.#previousBoundary.seq);
      this.#keptFrom = this.#previousBoundary;
    }
    this.#previousBoundary = { seq: item.seq, offset: at.offset, line: at.line };
  }

  snapshot(): ChainWindowSnapshot {
    this.#entries = newestMetadataOnly(this.#entries);
    const { nodes, progress } = this.#forgotten;
    return {
      entries: this.#entries,
      forgotten: { nodes: nodes.added.sortedPairs(), progress: progress.added.sortedPairs() },
      forgottenCounts: [nodes.size, progress.size],
      previousBoundary: this.#previousBoundary,
      keptFrom: this.#keptFrom,
    };
  }

  #forgetBefore(seq: number): void {
    this.#entries = forgetEntries(this.#entries, seq, this.#forgotten);
  }
}

/** The entries kept when the chain entries before `seq` are forgotten into `forgotten`. */
function forgetEntries(
  entries: readonly SeqEntry[],
  seq: number,
  forgotten: { readonly nodes: ForgottenSet; readonly progress: ForgottenSet },
): SeqEntry[] {
  const kept: SeqEntry[] = [];
  for (const item of entries) {
    const { entry } = item;
    if (item.seq >= seq || !CHAIN_KINDS.has(entry.type)) kept.push(item);
    else if (entry.type === 'progress') forgotten.progress.add(fingerprint(entry.uuid));
    else forgotten.nodes.add(fingerprint((entry as { uuid: string }).uuid));
  }
  return newestMetadataOnly(kept);
}

/** The fingerprints a window's snapshot lists as forgotten by its fold, as the catalog's table stores them. */
export function newlyForgotten(window: ChainWindowSnapshot): StoredForgotten {
  return { nodes: pairsOf(window.forgotten?.nodes), progress: pairsOf(window.forgotten?.progress) };
}

/** A kind's pairs, none when a snapshot went through JSON (a catalog row: the catalog's table holds them, decision 94). */
function pairsOf(pairs: unknown): Uint32Array {
  return pairs instanceof Uint32Array ? pairs : new Uint32Array(0);
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
  shift: PartShift,
  boundaries: number,
): ChainWindowSnapshot {
  const seqShift = shift.seqs;
  // What the whole fold forgets of the earlier part's window, beside what each part forgot: the three lists are joined in
  // order, with no set of either part's fingerprints built (decision 95).
  const more = { nodes: forgottenSet(undefined, 'nodes', () => false), progress: forgottenSet(undefined, 'progress', () => false) };
  const forgetBefore = boundaries === 0 ? null : boundaries === 1 ? (earlier.previousBoundary?.seq ?? null) : Infinity;
  const kept = forgetBefore === null ? [...earlier.entries] : forgetEntries(earlier.entries, forgetBefore, more);
  for (const item of later.entries) kept.push({ seq: item.seq + seqShift, entry: item.entry });
  const [before, after] = [newlyForgotten(earlier), newlyForgotten(later)];
  const joined = (kind: ForgottenKind): Uint32Array =>
    unionOfSortedPairs(unionOfSortedPairs(before[kind], after[kind]), more[kind].added.sortedPairs());
  const forgotten = { nodes: joined('nodes'), progress: joined('progress') };
  // The earlier part's count includes what it was told was stored; the joined lists hold its own and what is new.
  const count = (kind: ForgottenKind, at: 0 | 1): number =>
    earlier.forgottenCounts[at] + (forgotten[kind].length - before[kind].length) / 2;
  const laterBoundary = later.previousBoundary;
  return {
    entries: newestMetadataOnly(kept),
    forgotten,
    forgottenCounts: [count('nodes', 0), count('progress', 1)],
    previousBoundary: laterBoundary === null ? earlier.previousBoundary : shifted(laterBoundary, shift),
    keptFrom: mergedKeptFrom(earlier, later, shift, boundaries),
  };
}

/** How far a later part's seqs and line numbers are from the whole file's (its byte offsets are the file's). */
export interface PartShift {
  readonly seqs: number;
  readonly lines: number;
}

function shifted(mark: WindowMark, shift: PartShift): WindowMark {
  return { seq: mark.seq + shift.seqs, offset: mark.offset, line: mark.line + shift.lines };
}

/** Where the merged window's chain entries start: as mergeWindows forgets, the earlier part's, its newest boundary, or the later part's. */
function mergedKeptFrom(earlier: ChainWindowSnapshot, later: ChainWindowSnapshot, shift: PartShift, boundaries: number): WindowMark {
  if (boundaries === 0) return earlier.keptFrom;
  if (boundaries === 1) return earlier.previousBoundary ?? earlier.keptFrom;
  return shifted(later.keptFrom, shift);
}
