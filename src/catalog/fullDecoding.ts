import type { SeqEntry } from './chainWindow.js';
import type { EntryParseResult } from '../transcript/entrySchema.js';
import type { LineDecoder } from '../transcript/lineDecoder.js';

/**
 * What the scan needs only for a line it is not sure of: the reader's own decoder and zod's schemas, and every light entry
 * of a file for the rare resume the chain window cannot answer. Loading them costs a thread about 70 ms of CPU, which
 * a scan of the common kinds never needs (decision 96): a thread that has not loaded them is told so by a throw, and
 * folds the file again once they are loaded (`fullDecodingLoaded.ts`).
 */
export interface FullDecoding {
  readonly LineDecoder: typeof LineDecoder;
  readonly toEntry: (value: unknown) => EntryParseResult;
  readonly lightEntriesOf: (path: string) => Iterable<SeqEntry>;
}

/** Thrown inside a fold that met a line needing the full decoding before this thread loaded it. */
export class FullDecodingNotLoaded extends Error {
  constructor() {
    super('the full decoding is not loaded in this thread');
  }
}

let loaded: FullDecoding | undefined;

/** The full decoding, or a FullDecodingNotLoaded throw. */
export function fullDecoding(): FullDecoding {
  if (loaded === undefined) throw new FullDecodingNotLoaded();
  return loaded;
}

/** Called by fullDecodingLoaded.ts as it loads. */
export function provideFullDecoding(decoding: FullDecoding): void {
  loaded = decoding;
}

/** `fold()`, or, when it met a line needing the full decoding before it was loaded, the same fold again after loading it. */
export async function withFullDecodingIfNeeded<T>(fold: () => T): Promise<T> {
  try {
    return fold();
  } catch (error) {
    if (!(error instanceof FullDecodingNotLoaded)) throw error;
    await import('./fullDecodingLoaded.js');
    return fold();
  }
}
