import { missing } from '../errors.js';
import { growableArray, grownTo } from './growableArray.js';
import type { ItemPosition } from './readItemAt.js';

/**
 * Where each entry of a transcript starts, by seq, in two typed arrays (12 bytes an entry, no
 * object per entry): what a reader that decided from light entries needs to read whole ones
 * back (entriesInOrder.ts). Entries are added in seq order, as the stream gives them.
 */
export class SeqPositions {
  private offsets = growableArray(Float64Array, 1024);
  private lines = growableArray(Int32Array, 1024);
  private count = 0;

  /** The next entry's position; its seq must be the number of entries added so far. */
  add(seq: number, offset: number, line: number): void {
    if (seq !== this.count) throw new Error(`positions are added in seq order: expected seq ${this.count}, got ${seq}`);
    if (this.count === this.offsets.length) {
      this.offsets = grownTo(this.offsets);
      this.lines = grownTo(this.lines);
    }
    this.offsets[this.count] = offset;
    this.lines[this.count] = line;
    this.count++;
  }

  get size(): number {
    return this.count;
  }

  /** The byte offset the entry's line starts at. */
  offsetOf(seq: number): number {
    this.check(seq);
    return this.offsets[seq] ?? missing('offsets', seq);
  }

  /** The position to start a read at, so that this entry comes first with its own seq and line. */
  at(seq: number): Required<ItemPosition> {
    this.check(seq);
    return { offset: this.offsets[seq] ?? missing('offsets', seq), line: this.lines[seq] ?? missing('lines', seq), seq };
  }

  private check(seq: number): void {
    if (!Number.isInteger(seq) || seq < 0 || seq >= this.count) throw new RangeError(`no entry with seq ${seq} (${this.count} entries)`);
  }
}
