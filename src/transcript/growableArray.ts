/**
 * Typed arrays that grow in place (decision 60). The per-entry indexes of a long transcript
 * (historySkeleton.ts, textIds.ts, seqPositions.ts) grow to tens of megabytes one step at a time.
 * Grown by copying, each step leaves the old array to the allocator: glibc keeps what it gets back
 * in its heap (it raises its mmap threshold past every large block freed), so a 2 GB transcript's
 * pass left some 60 MB resident that the rest of the command never used again. Over a resizable
 * ArrayBuffer the array is reserved once as address space and committed page by page as it
 * grows: no copy, no garbage, and the pages go back to the system when the array is collected.
 */
type GrowableArray = Int32Array | Uint8Array | Uint16Array | Float64Array;

interface TypedArrayOf<T extends GrowableArray> {
  new (buffer: ArrayBuffer): T;
  readonly BYTES_PER_ELEMENT: number;
}

/**
 * Address space a new array reserves: 1 MiB (a quarter of a million Int32s, the ids of a transcript of
 * about a gigabyte), so the many small arrays of short transcripts reserve little. An array that
 * outgrows its reservation is copied once into one sixteen times larger.
 */
const FIRST_RESERVATION = 1024 * 1024;
const RESERVATION_GROWTH = 16;

/** A zero-filled array of `length` elements that `grownTo` can lengthen in place; its `length` follows its buffer. */
export function growableArray<T extends GrowableArray>(type: TypedArrayOf<T>, length: number): T {
  const bytes = length * type.BYTES_PER_ELEMENT;
  return new type(new ArrayBuffer(bytes, { maxByteLength: Math.max(FIRST_RESERVATION, bytes) }));
}

/**
 * The array lengthened to at least `atLeast` elements (one more by default), by half again to
 * keep grows rare, the new ones zero: in place while its reservation lasts, else copied into a reservation sixteen times larger.
 */
export function grownTo<T extends GrowableArray>(array: T, atLeast = array.length + 1): T {
  const type = array.constructor as TypedArrayOf<T>;
  const length = Math.max(atLeast, Math.ceil(array.length * 1.5));
  const bytes = length * type.BYTES_PER_ELEMENT;
  const buffer = array.buffer as ArrayBuffer;
  if (buffer.resizable && bytes <= buffer.maxByteLength) {
    buffer.resize(bytes);
    return array;
  }
  const to = new type(new ArrayBuffer(bytes, { maxByteLength: Math.max(FIRST_RESERVATION, bytes) * RESERVATION_GROWTH }));
  to.set(array);
  return to;
}
