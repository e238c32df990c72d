import { Observable, mergeMap, from } from 'rxjs';
import type { ReadItem } from './readItem.js';
import { TranscriptParser } from './transcriptParser.js';
import { openRegular } from '../fs/regularFile.js';
import { DEFAULT_CHUNK_BYTES, isOpenError, openFailure, readError, type ReadTranscriptOptions } from './readTranscriptSync.js';

export { readTranscriptSync, readTranscriptFileSync, type ReadTranscriptOptions } from './readTranscriptSync.js';

/** A transcript file path, or any byte stream (a Readable, a socket, stdin). */
export type TranscriptSource = string | AsyncIterable<Uint8Array>;

/**
 * Reads a transcript as an Observable of entries and diagnostics, one chunk at a time, so
 * memory stays flat whatever the file size. Bad lines become diagnostics and the stream goes
 * on; only a source that cannot be opened errors.
 *
 * @example
 * readTranscript('session.jsonl').subscribe((item) => {
 *   if (item.kind === 'diagnostic') console.warn(item.code, item.line);
 * });
 */
export function readTranscript(source: TranscriptSource, options: ReadTranscriptOptions = {}): Observable<ReadItem> {
  return readTranscriptBatches(source, options).pipe(mergeMap((batch) => from(batch)));
}

/** The same items, one array per chunk read: the cheap form for bulk folding. */
export function readTranscriptBatches(source: TranscriptSource, options: ReadTranscriptOptions = {}): Observable<ReadItem[]> {
  return new Observable<ReadItem[]>((subscriber) => {
    let stopped = false;
    const parser = new TranscriptParser(options);
    const emit = (items: ReadItem[]): void => {
      if (items.length > 0 && !stopped) subscriber.next(items);
    };
    const chunks =
      typeof source === 'string'
        ? fileChunks(source, options.startOffset ?? 0, options.chunkBytes ?? DEFAULT_CHUNK_BYTES, () => stopped)
        : source;
    void (async () => {
      let offset = options.startOffset ?? 0;
      try {
        for await (const chunk of chunks) {
          if (stopped) return;
          emit(parser.push(chunk));
          offset += chunk.length;
        }
      } catch (error) {
        if (isOpenError(error)) {
          subscriber.error(error);
          return;
        }
        emit(parser.end());
        emit([readError(error, offset)]);
        subscriber.complete();
        return;
      }
      emit(parser.end());
      subscriber.complete();
    })();
    return () => {
      stopped = true;
    };
  });
}

async function* fileChunks(path: string, startOffset: number, chunkBytes: number, stopped: () => boolean): AsyncGenerator<Uint8Array> {
  let handle;
  try {
    handle = await openRegular(path);
  } catch (error) {
    throw openFailure(path, error);
  }
  const buffer = Buffer.allocUnsafe(chunkBytes);
  try {
    let position = startOffset;
    while (!stopped()) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      if (bytesRead === 0) return;
      position += bytesRead;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}
